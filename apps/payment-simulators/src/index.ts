// The package's entry: the stand-ins (Daraja, card provider, Google sign-in) and the table of what the simulated M-Pesa
// customer does.

export {
  SMS_DEFAULT_OUTCOME,
  SMS_OUTCOMES_BY_LAST_FOUR,
  type SmsOutcome,
  type SmsOutcomeKind,
  smsOutcomeFor,
} from './africastalking/outcomes.ts'
export {
  type SimulatedSms,
  type SmsSimulator,
  type SmsSimulatorOptions,
  startSmsSimulator,
} from './africastalking/sms.ts'
export { startTestCardProvider, type TestCardProvider, type TestCardProviderOptions } from './card/provider.ts'
export { TEST_CARDS, type TestCard } from './card/test-cards.ts'
export type { SimulatedB2cPayment } from './daraja/b2c.ts'
export {
  B2C_DEFAULT_OUTCOME,
  B2C_OUTCOMES_BY_LAST_FOUR,
  type B2cOutcome,
  type B2cOutcomeKind,
  b2cOutcomeFor,
} from './daraja/b2c-outcomes.ts'
export type { C2bRegistration, SimulatedC2bPayment } from './daraja/c2b.ts'
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
export { answerConsentPage, type ConsentChoice } from './oidc/consent-client.ts'
export { DEMO_GOOGLE_IDENTITIES, type DemoIdentity, type OidcIdentity } from './oidc/identities.ts'
export {
  type IdTokenTweak,
  type OidcProvider,
  type OidcProviderOptions,
  startOidcProvider,
} from './oidc/provider.ts'
