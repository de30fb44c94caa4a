// Daraja's wire habits shared by the simulator's endpoints: the error envelope, lenient numeric fields, JSON bodies,
// and the ids it makes up.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { BodyTooLargeError, readBody } from '../http.ts'

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Daraja's error envelope, answered for every refusal. */
export class DarajaFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (field: string) => new DarajaFault(400, '400.002.02', `Bad Request - Invalid ${field}`)

export function randomChars(length: number, alphabet = ALPHANUMERIC): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += alphabet[byte % alphabet.length]
  return text
}

export const requestId = () => `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${Date.now() % 1e8}`

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Daraja takes numeric fields as JSON numbers or strings; both are read as their text. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('Request Payload')
  return value as Record<string, unknown>
}

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string
  try {
    text = await readBody(request)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw badRequest('Request Payload: body too large')
    throw error
  }
  try {
    return asRecord(JSON.parse(text))
  } catch {
    throw badRequest('Request Payload')
  }
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** A whole number of shillings from `min` to `max`, given as a number or its text; NaN otherwise. */
export function wholeShillings(value: unknown, min: number, max: number): number {
  const text = asText(value)
  const amount = text !== null && /^\d+$/.test(text) ? Number(text) : Number.NaN
  return amount >= min && amount <= max ? amount : Number.NaN
}

/** Mobile numbers that can hold M-Pesa, as Daraja wants them: 12 digits, 2547… or 25410…/25411…. */
export const MSISDN = /^254(7\d{8}|1[01]\d{7})$/
