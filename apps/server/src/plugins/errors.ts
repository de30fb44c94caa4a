import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@soko/contract/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

/** The closed set of error codes (the contract's), and the HTTP status the handler below answers for each. */
export const errorStatus = ERROR_STATUS

/** An expected failure: answered with its code's status and `{ detail, code, errors? }`, never logged as a crash. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** Response headers that go with it (Retry-After on rate_limited). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail)
    this.name = 'AppError'
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the request as it came (the web app's pages, which answer bad input with a page of their own). */
    takesAnyInput?: boolean
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.takesAnyInput) return
    refuseUnstorableInput(request)
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error)
    if (body.code === 'internal') {
      request.log.error({ err: error }, 'unhandled error')
    }
    if (error instanceof AppError && error.headers) reply.headers(error.headers)
    reply.status(errorStatus[body.code]).send(body)
  })

  // Only /api paths (and /media) reach this: every other path is answered by the web app, including its 404 page.
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ detail: `No API endpoint ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found' })
  })
}

/** How a request that failed its schema is told (the app's way unless said). */
export interface ValidationStyle {
  /**
   * `field` (the app's): the detail names the first field, `email: Invalid email address`. `sentence`, for schemas
   * that speak to shoppers in whole sentences ('Password must be at least 8 characters'): the first message as
   * written, ready to show; fragments ('is not an accepted field') keep their field name.
   */
  detail?: 'field' | 'sentence'
  /** One sentence for any failure, whatever the fields said (sign-in's 'Please enter both email and password'). */
  sentence?: string
  /**
   * What a body that is no JSON object at all lacks, by field, told instead of `non_field_errors` (sign-up: both
   * of its required fields).
   */
  missingBody?: Readonly<Record<string, readonly string[]>>
}

/**
 * The one rendering of a request that failed its schema, as `{ detail, code: 'invalid_data', errors }`: its field
 * errors by dotted path, and the sentence to show (null for any other error). Every handler that tells a failed
 * schema (the app's, the signed-in areas', sign-in's and sign-up's specification shapes) renders it here.
 */
export function validationFailure(error: FastifyError, style: ValidationStyle = {}): ErrorBody | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null
  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message]
  }
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined
    if (Array.isArray(unknownKeys)) {
      // A field the endpoint does not accept (role, isVerified ...) is named, not silently dropped.
      for (const name of unknownKeys) add(key ? `${key}.${String(name)}` : String(name), 'is not an accepted field')
      continue
    }
    add(key || NON_FIELD, issue.message ?? 'is invalid')
  }
  if (style.missingBody && NON_FIELD in errors) {
    delete errors[NON_FIELD]
    for (const [field, messages] of Object.entries(style.missingBody)) errors[field] ??= [...messages]
  }
  return { detail: style.sentence ?? validationDetail(errors, style.detail ?? 'field'), code: 'invalid_data', errors }
}

/** Where a problem with the request as a whole (not one of its fields) is told. */
const NON_FIELD = 'non_field_errors'

function validationDetail(errors: Record<string, string[]>, style: 'field' | 'sentence'): string {
  const [first] = Object.entries(errors)
  if (!first) return 'The request is invalid.'
  const [field, [message = 'is invalid']] = first
  return style === 'sentence' && !/^[a-z]/.test(message) ? message : `${field}: ${message}`
}

/**
 * The error handler of modules whose schemas speak to shoppers in whole sentences: a failed schema in the
 * `sentence` style (see ValidationStyle); anything else goes to the app's handler.
 */
export function sentenceErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body = validationFailure(error, { detail: 'sentence' })
  if (!body) throw error
  reply.status(400).send(body)
}

/**
 * What the app's handler answers for an error: its status and body, a failed schema told in `style` (for handlers
 * that keep another shape: sign-in's and sign-up's, a payment provider's).
 */
export function toErrorAnswer(error: FastifyError, style?: ValidationStyle): { status: number; body: ErrorBody } {
  const body = toErrorBody(error, style)
  return { status: errorStatus[body.code], body }
}

function toErrorBody(error: FastifyError, style?: ValidationStyle): ErrorBody {
  if (error instanceof AppError) {
    return { detail: error.detail, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }
  }
  const failure = validationFailure(error, style)
  if (failure) return failure
  if (isResponseSerializationError(error)) return { detail: 'Internal server error.', code: 'internal' }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { detail: `Malformed JSON body: ${error.message}`, code: 'invalid_data' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { detail: error.message, code: 'unsupported_media_type' }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { detail: 'The request body is too large.', code: 'payload_too_large' }
  }
  // Fastify's own client errors (bad content length, invalid URL ...) carry a 4xx status and a safe message.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { detail: error.message, code: error.statusCode === 404 ? 'not_found' : 'invalid_data' }
  }
  return { detail: 'Internal server error.', code: 'internal' }
}

/** Deeper than any request the contract describes; deep enough that no walk over a body can exhaust the stack. */
const MAX_JSON_DEPTH = 32

/**
 * Refuses, once for every route, what no schema can be trusted to catch and the database cannot take: a NUL
 * character (PostgreSQL's text cannot hold U+0000, so it would fail as a 500 wherever the value reaches SQL) in
 * any query, path or body value or key, and JSON nested deeper than MAX_JSON_DEPTH (recursive walks over a body,
 * such as the card-data check, would overflow the stack). Raw JSON bodies (the payment callbacks) are read too.
 */
function refuseUnstorableInput(request: FastifyRequest): void {
  const sources: [string, unknown][] = [
    ['query', request.query],
    ['params', request.params],
    ['body', Buffer.isBuffer(request.body) ? rawBody(request.body) : request.body],
  ]
  for (const [source, value] of sources) {
    const problem = findUnstorable(value)
    if (!problem) continue
    const field = problem.path || (source === 'body' ? 'non_field_errors' : source)
    if (problem.kind === 'nul') {
      throw new AppError('invalid_data', 'Text may not contain NUL characters.', {
        [field]: ['may not contain NUL characters'],
      })
    }
    throw new AppError('invalid_data', `The request is nested deeper than ${MAX_JSON_DEPTH} levels.`, {
      [field]: [`is nested deeper than ${MAX_JSON_DEPTH} levels`],
    })
  }
}

/** A body a route took as raw bytes (to check a signature over them): its text, parsed when it is JSON. */
function rawBody(body: Buffer): unknown {
  const text = body.toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    return text // not JSON: the route answers that itself, but a NUL byte in it is still refused here
  }
}

/** A NUL (in a string or a key) or too-deep nesting in a parsed value, with its dotted path; else null. */
function findUnstorable(root: unknown): { kind: 'nul' | 'depth'; path: string } | null {
  // An explicit stack: a hostile body must not be able to exhaust the call stack of the check itself.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', path }
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (depth >= MAX_JSON_DEPTH) return { kind: 'depth', path }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key
      if (key.includes('\u0000')) return { kind: 'nul', path: childPath.replaceAll('\u0000', '\\0') }
      stack.push({ value: child, path: childPath, depth: depth + 1 })
    }
  }
  return null
}

function sendRaw(reply: FastifyReply, body: ErrorBody): void {
  reply.status(errorStatus[body.code]).type('application/json; charset=utf-8').send(JSON.stringify(body))
}

/**
 * Fastify's answers for requests that never reach a route, in the app's shape: a malformed %-escape or invalid
 * UTF-8 in the path, a path segment past `maxParamLength`, and (at the socket) oversized or malformed requests.
 * Pass to `Fastify()`.
 */
export const clientErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error, _request, reply) {
    switch (error.code) {
      case 'FST_ERR_BAD_URL':
        return sendRaw(reply, {
          detail: 'The address is not valid: it has a malformed %-escape or bytes that are not UTF-8.',
          code: 'invalid_data',
        })
      case 'FST_ERR_MAX_PARAM_LENGTH':
        return sendRaw(reply, { detail: 'A part of the address is longer than 200 characters.', code: 'uri_too_long' })
      default:
        reply.log.error({ err: error }, 'unhandled framework error')
        return sendRaw(reply, { detail: 'Internal server error.', code: 'internal' })
    }
  },
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    const [status, body] = clientErrorAnswer(error.code)
    if (socket.writable) {
      const text = JSON.stringify(body)
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      )
    }
    socket.destroy(error)
  },
}

function clientErrorAnswer(code: string | undefined): [number, ErrorBody] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, { detail: 'The request line and headers are larger than 16 KB.', code: 'headers_too_large' }]
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, { detail: 'The request took too long to arrive.', code: 'request_timeout' }]
    default:
      return [400, { detail: 'The request is not valid HTTP.', code: 'invalid_data' }]
  }
}
