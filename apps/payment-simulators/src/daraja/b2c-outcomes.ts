// What happens to a B2C payment, chosen by the last four digits of the receiving number (PartyB), like the STK
// customer's answer: a test or a demo picks an outcome by picking a number.

export type B2cOutcomeKind =
  | 'paid'
  | 'insufficient-float'
  | 'invalid-number'
  | 'unregistered-customer'
  | 'paid-without-result'
  | 'paid-with-duplicate-result'

export interface B2cOutcome {
  kind: B2cOutcomeKind
  /** The Result's ResultCode: a number, except Safaricom's text codes such as `SFC_IC0003`. */
  resultCode: number | string
  resultDesc: string
  /** How many times the Result is posted to ResultURL: 0 for "never", 2 for the duplicate mode. */
  results: 0 | 1 | 2
}

export const B2C_PAID_DESC = 'The service request is processed successfully.'

/** The outcome for each special ending; any other number is paid. */
export const B2C_OUTCOMES_BY_LAST_FOUR: Readonly<Record<string, B2cOutcome>> = {
  '0001': {
    kind: 'insufficient-float',
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    results: 1,
  },
  '0003': {
    kind: 'invalid-number',
    resultCode: 'SFC_IC0003',
    resultDesc: 'The operator does not exist.',
    results: 1,
  },
  '2040': {
    kind: 'unregistered-customer',
    resultCode: 2040,
    resultDesc: 'Credit Party customer type (Unregistered or Registered Customer) can not be supported by the service.',
    results: 1,
  },
  '0404': { kind: 'paid-without-result', resultCode: 0, resultDesc: B2C_PAID_DESC, results: 0 },
  '2222': { kind: 'paid-with-duplicate-result', resultCode: 0, resultDesc: B2C_PAID_DESC, results: 2 },
}

export const B2C_DEFAULT_OUTCOME: B2cOutcome = { kind: 'paid', resultCode: 0, resultDesc: B2C_PAID_DESC, results: 1 }

/** The outcome for a 12-digit MSISDN (only its last four characters count). */
export function b2cOutcomeFor(msisdn: string): B2cOutcome {
  return B2C_OUTCOMES_BY_LAST_FOUR[msisdn.slice(-4)] ?? B2C_DEFAULT_OUTCOME
}
