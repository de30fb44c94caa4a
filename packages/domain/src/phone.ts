// Kenyan mobile numbers. Stored and shown as E.164 (`+254712345678`); Daraja wants the 12 digits without `+`.

/** Kenyan mobile ranges after the country code: 7XX XXX XXX, and 10X/11X XXX XXX (Airtel 010x, Safaricom 011x). */
const MOBILE = /^(?:7\d{8}|1[01]\d{7})$/

/**
 * A Kenyan mobile number in any usual form (`0712 345 678`, `0112-345-678`, `+254 712 345 678`, `254712345678`)
 * as E.164 (`+254712345678`), or null when it is not one. Spaces, hyphens, dots and brackets are ignored.
 */
export function normaliseKenyanMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '')
  let national: string
  if (/^\+254\d+$/.test(compact)) national = compact.slice(4)
  else if (/^254\d+$/.test(compact)) national = compact.slice(3)
  else if (/^0\d+$/.test(compact)) national = compact.slice(1)
  else return null
  return MOBILE.test(national) ? `+254${national}` : null
}

export type MobileOperator =
  | 'Safaricom'
  | 'Airtel'
  | 'Telkom'
  | 'Equitel'
  | 'Homeland Media'
  | 'JTL'
  | 'Mobile Pay'
  | 'Sema'

/**
 * Who runs each mobile range, after 254 (libphonenumber's carrier data, 2026): the first (longest) matching prefix
 * wins. 014x and 018x are Safaricom's too, but `normaliseKenyanMobile` takes only the 07xx, 010x and 011x ranges that
 * Daraja's documentation and the payment stand-in name.
 */
const OPERATOR_PREFIXES: ReadonlyArray<readonly [string, MobileOperator]> = [
  ['744', 'Homeland Media'],
  ['747', 'JTL'],
  ['757', 'Safaricom'],
  ['758', 'Safaricom'],
  ['759', 'Safaricom'],
  ['760', 'Mobile Pay'],
  ['761', 'Airtel'],
  ['762', 'Airtel'],
  ['763', 'Equitel'],
  ['764', 'Equitel'],
  ['765', 'Equitel'],
  ['766', 'Equitel'],
  ['767', 'Sema'],
  ['768', 'Safaricom'],
  ['769', 'Safaricom'],
  ['70', 'Safaricom'],
  ['71', 'Safaricom'],
  ['72', 'Safaricom'],
  ['73', 'Airtel'],
  ['74', 'Safaricom'],
  ['75', 'Airtel'],
  ['77', 'Telkom'],
  ['78', 'Airtel'],
  ['79', 'Safaricom'],
  ['10', 'Airtel'],
  ['11', 'Safaricom'],
  ['14', 'Safaricom'],
  ['18', 'Safaricom'],
]

/**
 * The operator whose range holds an E.164 Kenyan mobile number (`+254733123456` → 'Airtel'), or null when no
 * operator's range does. Numbers can be ported between operators: this is who the range was issued to.
 */
export function kenyanMobileOperator(e164: string): MobileOperator | null {
  const national = e164.replace(/^\+?254/, '')
  return OPERATOR_PREFIXES.find(([prefix]) => national.startsWith(prefix))?.[1] ?? null
}

export const MPESA_NUMBER_REQUIRED = 'M-Pesa number is required'
export const MPESA_NUMBER_INVALID = 'Enter a Safaricom number, e.g. 0712 345 678'

/**
 * Why a number cannot get an M-Pesa prompt, in the shopper's words, or null when it can: M-Pesa (and Daraja's
 * STK push) serves Safaricom lines only, so an Airtel or Telkom number is refused before any order is made.
 */
export function mpesaNumberProblem(input: string): string | null {
  if (!input.trim()) return MPESA_NUMBER_REQUIRED
  const e164 = normaliseKenyanMobile(input)
  if (e164 === null) return MPESA_NUMBER_INVALID
  const operator = kenyanMobileOperator(e164)
  if (operator === 'Safaricom') return null
  const line =
    operator === null ? 'is not a Safaricom line' : `is ${/^[AEIOU]/.test(operator) ? 'an' : 'a'} ${operator} line`
  return `M-Pesa needs a Safaricom number. ${formatKenyanMobile(e164)} ${line}.`
}

/** The national form a Kenyan reads and dials: `+254712345678` → `0712 345 678`. */
export function formatKenyanMobile(e164: string): string {
  const national = `0${e164.replace(/^\+?254/, '')}`
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`
}

/** The number with its middle hidden, for lists of saved numbers: `+254712345678` → `0712 *** 678`. */
export function maskKenyanMobile(e164: string): string {
  const national = `0${e164.replace(/^\+?254/, '')}`
  return `${national.slice(0, 4)} *** ${national.slice(7)}`
}

/** The 12-digit MSISDN Daraja expects: `+254712345678` → `254712345678`. */
export function toMsisdn(e164: string): string {
  return e164.replace(/^\+/, '')
}

/**
 * A phone number as Soko shows it everywhere: a Kenyan mobile number in any usual form (`+254712345678`,
 * `254712345678`, `0712-345-678`) as `0712 345 678`; anything else (a masked number, a landline) as it is.
 */
export function formatPhone(value: string): string {
  const e164 = normaliseKenyanMobile(value)
  return e164 === null ? value.trim() : formatKenyanMobile(e164)
}
