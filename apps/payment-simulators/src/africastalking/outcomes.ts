// What happens to a text sent through the SMS stand-in, chosen by the last four digits of the number, like the
// M-Pesa customer's answer: a test or a demo picks a case by picking a number. Any other number gets its text.

export type SmsOutcomeKind =
  | 'delivered'
  | 'invalid-number'
  | 'insufficient-balance'
  | 'blacklisted'
  | 'gateway-error-once'
  | 'not-delivered'
  | 'duplicate-report'
  | 'no-report'

export interface SmsOutcome {
  kind: SmsOutcomeKind
  /** The recipient's statusCode in the answer to the send (101 Success: accepted and sent on). */
  statusCode: number
  status: string
  /** The delivery report posted after the delay (null: none), and how many times it is posted. */
  report: { status: string; failureReason: string } | null
  reports: 0 | 1 | 2
}

const DELIVERED = { status: 'Success', failureReason: '' }

/** The outcome for each special ending. */
export const SMS_OUTCOMES_BY_LAST_FOUR: Readonly<Record<string, SmsOutcome>> = {
  '0403': { kind: 'invalid-number', statusCode: 403, status: 'InvalidPhoneNumber', report: null, reports: 0 },
  '0405': { kind: 'insufficient-balance', statusCode: 405, status: 'InsufficientBalance', report: null, reports: 0 },
  '0406': { kind: 'blacklisted', statusCode: 406, status: 'UserInBlacklist', report: null, reports: 0 },
  // The whole request fails with HTTP 500 the first time this number is sent to, then goes through.
  '0500': { kind: 'gateway-error-once', statusCode: 101, status: 'Success', report: DELIVERED, reports: 1 },
  '0999': {
    kind: 'not-delivered',
    statusCode: 101,
    status: 'Success',
    report: { status: 'Failed', failureReason: 'AbsentSubscriber' },
    reports: 1,
  },
  '0222': { kind: 'duplicate-report', statusCode: 101, status: 'Success', report: DELIVERED, reports: 2 },
  '0404': { kind: 'no-report', statusCode: 101, status: 'Success', report: null, reports: 0 },
}

export const SMS_DEFAULT_OUTCOME: SmsOutcome = {
  kind: 'delivered',
  statusCode: 101,
  status: 'Success',
  report: DELIVERED,
  reports: 1,
}

/** The outcome for a number (only its last four digits count). */
export function smsOutcomeFor(phone: string): SmsOutcome {
  return SMS_OUTCOMES_BY_LAST_FOUR[phone.slice(-4)] ?? SMS_DEFAULT_OUTCOME
}
