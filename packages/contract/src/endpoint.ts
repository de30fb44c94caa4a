import type { z } from 'zod'
import type { ErrorCode } from './errors.ts'

// The API's endpoints are declared once, in endpoint tables in the contract files: `'METHOD /path/:param/'` → what the
// endpoint takes, what it answers, and the errors it may answer. The server registers its routes from the tables
// (validation, serialisation, OpenAPI); the web calls an endpoint by its key with `call(key, input)`, its input and
// result typed from the entry. This file holds no Zod at run time (only its types): the web's pages import the
// tables' types, never the schemas (docs/decisions/0009-endpoint-tables.md).

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface EndpointSpec {
  summary: string
  description?: string
  tags: readonly string[]
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  headers?: z.ZodType
  /** Request content types other than JSON (an upload's `multipart/form-data`). */
  consumes?: readonly string[]
  /** A success answer that is a file, not JSON (an image): its content types; `response` is then null. */
  produces?: readonly string[]
  /** The success answer's body; null when there is none (204, or a redirect). */
  response: z.ZodType | null
  /** The success status: 200 unless said. */
  status?: 200 | 201 | 204 | 302
  /** Other success statuses the endpoint answers, with their bodies (a replayed order: 200 where a new one is 201). */
  alsoAnswers?: Readonly<Partial<Record<200 | 201 | 204 | 302, z.ZodType>>>
  /**
   * The error codes this endpoint answers for its own reasons. Any endpoint may also answer `invalid_data` (a
   * request that fails its checks), `payload_too_large`, `unsupported_media_type` and `internal`.
   */
  errors: readonly ErrorCode[]
  /** Where an error status keeps another shape (the specification's sign-in and sign-up bodies, a changed quote). */
  errorBodies?: Readonly<Partial<Record<number, z.ZodType>>>
  /** Left out of the OpenAPI document (browser navigations such as the Google redirects). */
  hidden?: boolean
}

export type EndpointKey = `${Method} /${string}`
export type EndpointTable = Readonly<Record<EndpointKey, EndpointSpec>>

/** Declares a contract file's endpoint table, checking each entry and keeping its exact types. */
export function endpoints<const T extends EndpointTable>(table: T): T {
  return table
}

type InputPart<Name extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [K in Name]?: z.input<S> }
    : { [K in Name]: z.input<S> }
  : { [K in Name]?: undefined }

/** What a caller sends: `params`, `query` and `body`, each required when the endpoint takes it with a required field. */
export type InputOf<S extends EndpointSpec> = InputPart<'params', S['params']> &
  InputPart<'query', S['query']> &
  InputPart<'body', S['body']>

/** What the endpoint answers on success. */
export type ResponseOf<S extends EndpointSpec> = S['response'] extends z.ZodType ? z.output<S['response']> : undefined

/** `GET` and `/api/…/:slug/` of a key. */
export function splitKey(key: EndpointKey): { method: Method; path: string } {
  const space = key.indexOf(' ')
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) }
}

/** The path with its `:name` parameters filled in (each one percent-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
