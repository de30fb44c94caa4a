// What the simulated customer does with an STK prompt, chosen by the last four digits of the phone number, so a
// test or a demo picks an outcome by picking a number and needs no control channel.

export type StkOutcomeKind =
  | 'pays'
  | 'cancels'
  | 'wrong-pin'
  | 'insufficient-funds'
  | 'unreachable'
  | 'pays-without-callback'
  | 'pays-with-duplicate-callback'
  | 'push-fails-busy'

export interface StkOutcome {
  kind: StkOutcomeKind
  /** The callback's (and query's) ResultCode; null when the push itself fails and there is no session. */
  resultCode: number | null
  resultDesc: string
  /** How many times the callback is delivered: 0 for "no callback ever", 2 for the duplicate mode. */
  callbacks: 0 | 1 | 2
}

const PAID_DESC = 'The service request is processed successfully.'

/** The outcome for each special ending; any other number pays. */
export const STK_OUTCOMES_BY_LAST_FOUR: Readonly<Record<string, StkOutcome>> = {
  '1032': { kind: 'cancels', resultCode: 1032, resultDesc: 'Request cancelled by user', callbacks: 1 },
  '2001': { kind: 'wrong-pin', resultCode: 2001, resultDesc: 'The initiator information is invalid.', callbacks: 1 },
  '0001': {
    kind: 'insufficient-funds',
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    callbacks: 1,
  },
  '1037': { kind: 'unreachable', resultCode: 1037, resultDesc: 'DS timeout user cannot be reached.', callbacks: 1 },
  '0404': { kind: 'pays-without-callback', resultCode: 0, resultDesc: PAID_DESC, callbacks: 0 },
  '2222': { kind: 'pays-with-duplicate-callback', resultCode: 0, resultDesc: PAID_DESC, callbacks: 2 },
  '0500': {
    kind: 'push-fails-busy',
    resultCode: null,
    resultDesc: 'System is busy. Please try again in few minutes.',
    callbacks: 0,
  },
}

export const STK_DEFAULT_OUTCOME: StkOutcome = { kind: 'pays', resultCode: 0, resultDesc: PAID_DESC, callbacks: 1 }

/** The outcome for a 12-digit MSISDN (or any string: only its last four characters count). */
export function stkOutcomeFor(phone: string): StkOutcome {
  return STK_OUTCOMES_BY_LAST_FOUR[phone.slice(-4)] ?? STK_DEFAULT_OUTCOME
}
