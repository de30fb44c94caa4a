// The closed set of error codes the API answers, and the HTTP status each one carries. Zod-free, so that the
// storefront's pages can know them without loading Zod.

export const ERROR_STATUS = {
  invalid_data: 400,
  unauthorized: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  out_of_stock: 409,
  /** The order's prices or stock changed since the shopper saw them: the body carries the new quote. */
  quote_changed: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value)
}

/** Every error answer: a sentence to show, the code, and the field errors of a request that failed its checks. */
export interface ErrorBody {
  detail: string
  code: ErrorCode
  errors?: Record<string, string[]>
}
