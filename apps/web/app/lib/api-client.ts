import type { Api, ApiKey } from '@soko/contract/api'
import { fillPath, type InputOf, type ResponseOf, splitKey } from '@soko/contract/endpoint'
import { type ErrorCode, isErrorCode } from '@soko/contract/errors'
import type { AppLoadContext } from 'react-router'

/** A failed API call: the status and the server's `{ detail, errors }`, for messages a shopper can act on. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: Record<string, string[]> = {},
    /** Whether `detail` is the server's own words (its `detail` or `message`), not a generic fallback. */
    readonly hasServerDetail = false,
    /** The whole answer, for errors that carry more than a message (a checkout's changed quote). */
    readonly payload: unknown = null,
  ) {
    super(detail)
    this.name = 'ApiError'
  }

  /** The server's error code (`invalid_data`, `quote_changed`, `out_of_stock` ...), when it sent one. */
  get code(): ErrorCode | null {
    const code = (this.payload as { code?: unknown } | null)?.code
    return isErrorCode(code) ? code : null
  }
}

export interface ApiOptions {
  /** During server rendering: the load context, whose fetchApi calls the API in-process. */
  context?: AppLoadContext
  signal?: AbortSignal
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** Extra request headers: `Idempotency-Key`, `X-Order-Token`. */
  headers?: Record<string, string>
}

/**
 * Sends one API request: in-process while rendering on the server (with the shopper's cookies), with fetch in the
 * browser. Throws ApiError for a non-2xx answer, and for a network failure (status 0). Callers use `call`.
 */
async function send<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { context, signal, method = 'GET', body, headers = {} } = options
  let response: Response
  try {
    response = context
      ? await context.fetchApi(path, { method, body, headers })
      : await fetch(path, {
          method,
          signal,
          credentials: 'same-origin',
          headers:
            body === undefined
              ? { ...headers, accept: 'application/json' }
              : { ...headers, 'content-type': 'application/json', accept: 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'Network error: check your connection and try again.')
  }
  if (response.status === 204) return undefined as T
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    // Sign-in and sign-up answer the specification's `message` where other calls answer `detail`.
    const { detail, message, errors } = (payload ?? {}) as {
      detail?: string
      message?: string
      errors?: Record<string, string[]>
    }
    const text = detail ?? message
    throw new ApiError(
      response.status,
      text ?? `Request failed (${response.status}).`,
      errors,
      text !== undefined,
      payload,
    )
  }
  return payload as T
}

/** `?a=1&b=x` from the defined, non-empty values (for API calls and shareable page URLs). */
export function queryString(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** How to call: in-process while rendering on the server, or from the browser with extra headers and a signal. */
export type CallOptions = Pick<ApiOptions, 'context' | 'signal' | 'headers'>

type CallArgs<K extends ApiKey> =
  object extends InputOf<Api[K]>
    ? [input?: InputOf<Api[K]>, options?: CallOptions]
    : [input: InputOf<Api[K]>, options?: CallOptions]

/**
 * Calls the endpoint `key` of the contract's tables (`'GET /api/marketplace/api/products/:slug/'`) with its path
 * parameters, query and body; answers its response, typed from the table. Throws ApiError for a non-2xx answer, and for a network failure (status 0).
 */
export function call<K extends ApiKey>(key: K, ...[input, options = {}]: CallArgs<K>): Promise<ResponseOf<Api[K]>> {
  const { method, path } = splitKey(key)
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: unknown; body?: unknown }
  const url = `${fillPath(path, params)}${queryString((query ?? {}) as Parameters<typeof queryString>[0])}`
  return send<ResponseOf<Api[K]>>(url, { ...options, method, ...(body === undefined ? {} : { body }) })
}
