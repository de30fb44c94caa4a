// The package's entry: the two stand-ins and the table of what the simulated M-Pesa customer does.
export { startTestCardProvider, type TestCardProvider, type TestCardProviderOptions } from './card/provider.ts'
export { TEST_CARDS, type TestCard } from './card/test-cards.ts'
export { nairobiTimestamp } from './daraja/nairobi-time.ts'
export {
  STK_DEFAULT_OUTCOME,
  STK_OUTCOMES_BY_LAST_FOUR,
  type StkOutcome,
  type StkOutcomeKind,
  stkOutcomeFor,
} from './daraja/outcomes.ts'
export {
  type DarajaSimulator,
  type DarajaSimulatorOptions,
  type SimulatedStkSession,
  startDarajaSimulator,
} from './daraja/simulator.ts'
