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
