/**
 * Hostile requests for every operation of the server's OpenAPI document: the document is generated from the same
 * Zod schemas the routes validate with, so a route added to the API is fuzzed without touching the test.
 */

export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  default?: unknown
  format?: string
  minLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  nullable?: boolean
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

/** A body field's value known to be acceptable, by the field's name; undefined when none is known. */
type Known = (field: string) => unknown

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  required?: boolean
  schema?: JsonSchema
}

interface OperationObject {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>
}

export interface Operation {
  method: string
  /** As the document writes it: `/api/user/addresses/{id}`. */
  template: string
  pathParams: Parameter[]
  queryParams: Parameter[]
  headerParams: Parameter[]
  body: JsonSchema | null
}

export interface FuzzCase {
  /** What is hostile about it, e.g. `query q: NUL` or `body items.0.quantity: int4 overflow`. */
  name: string
  /** Path and query string, already encoded as it goes on the wire. */
  url: string
  body?: { contentType?: string; data: string | Uint8Array<ArrayBuffer> }
  /** Sent over the caller's own (so a garbled cookie replaces the session's). */
  headers: Record<string, string>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = operation.parameters ?? []
      operations.push({
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        headerParams: parameters.filter((p) => p.in === 'header'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      })
    }
  }
  return operations
}

/**
 * Values the contract's refinements accept, by field name, which a JSON schema cannot tell (one of 47 counties,
 * a Safaricom number, a strong password): with them most bases pass validation, so that a case which changes one
 * field reaches the handler and the database whenever the schema lets that value through.
 */
const KNOWN_GOOD: Record<string, unknown> = {
  county: 'Nairobi',
  billingCounty: 'Nairobi',
  country: 'Kenya',
  billingCountry: 'Kenya',
  password: 'Mti-wa-mwembe-7',
  newPassword: 'Mti-wa-mwembe-7',
  phone: '0712345678',
  payoutPhone: '0722000111',
  mpesaNumber: '0712345678',
  image_url: '/media/banners/1/original.webp',
  link_url: '/products',
  type: 'Retailer',
  comparePrice: null,
  starts_at: '2026-01-01T08:00:00+03:00',
  ends_at: '2030-01-01T08:00:00+03:00',
}

/** A value of the schema's shape (not necessarily one the route accepts): the base each case mutates one part of. */
export function sample(schema: JsonSchema | undefined, name = '', known: Known = () => undefined): unknown {
  if (!schema) return 'a'
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]
  const good = known(name) ?? KNOWN_GOOD[name]
  if (good !== undefined) return good
  if (schema.default !== undefined) return schema.default
  const variant = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (variant) return sample(variant.find((s) => s.type !== 'null') ?? variant[0], name, known)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.co.ke'
      if (/phone/i.test(name)) return '0712345678'
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1))
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name, known))
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = sample(property, key, known)
      return value
    }
    default:
      return 'a'
  }
}

const LONG = 'x'.repeat(100_000)

/** Replacements for one JSON value: NUL, huge, and every wrong type. */
const JSON_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['100 KB string', LONG],
  ['number', 12345],
  ['int4 overflow', 99_999_999_999_999],
  ['1e308', 1e308],
  ['negative', -1],
  ['numeric string', '99999999999999'],
  ['object', { nested: 'a\u0000b' }],
  ['array', ['a', 1]],
  ['null', null],
  ['boolean', true],
  ['empty string', ''],
]

/** For date-time fields: years the ISO pattern allows but PostgreSQL's timestamps may not. */
const DATE_TIME_VALUES: [string, unknown][] = [
  ['year 0', '0000-01-01T00:00:00Z'],
  ['year 9999 with an offset', '9999-12-31T23:59:59.999999999-23:59'],
]

/** Replacements for one path or query value, as they go on the wire. */
const WIRE_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['8 KB string', 'x'.repeat(8_000)],
  ['int4 overflow', '99999999999999'],
  ['1e308', '1e308'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['text', 'abc'],
  ['empty', ''],
  ['bad percent-encoding', '%ZZ'],
  ['invalid UTF-8', '%C3%28%FF'],
  ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
]

/** Replacements for a header the route declares (fetch refuses NUL and other control characters in headers). */
const HEADER_VALUES: [string, string | null][] = [
  ['missing', null],
  ['empty', ''],
  ['8 KB string', 'x'.repeat(8_000)],
  ['punctuation', '"; DROP TABLE orders; --'],
]

/** Headers every route meets from clients and proxies, garbled. */
const HOSTILE_HEADERS: [string, Record<string, string>][] = [
  ['garbage session cookie', { cookie: 'soko_session=%ZZ%00; soko_session=; =x' }],
  ['huge bearer token', { authorization: `Bearer ${'a'.repeat(12_000)}` }],
  ['malformed authorization', { authorization: 'Basic %%%' }],
  ['malformed Origin', { origin: 'http://[' }],
  ['garbage conditional headers', { 'if-none-match': '"', 'if-modified-since': 'yesterday' }],
  ['garbage forwarded-for', { 'x-forwarded-for': 'not-an-ip, 999.1.1.1', 'x-forwarded-proto': 'gopher' }],
  ['garbage Accept headers', { accept: '*/*;q=abc', 'accept-language': ';;;q=2,en-', 'accept-encoding': 'br;q=x' }],
]

/** The values that make a plausible request of the operation, as one identity would send it. */
export interface Plausible {
  pathValue(operation: Operation, name: string): string
  headerValue(operation: Operation, name: string): string
  /** A body field's value that depends on the data (a leaf category id), when the field name asks for one. */
  fieldValue: Known
}

function pathOf(operation: Operation, values: Record<string, string>): string {
  return operation.template.replace(/\{([^}]+)\}/g, (_match, name: string) => values[name] ?? 'a')
}

function queryString(entries: [string, string][]): string {
  return entries.length === 0 ? '' : `?${entries.map(([key, value]) => `${key}=${value}`).join('&')}`
}

/** Sets a value at a dotted path (`items.0.quantity`) in a copy of `base`. */
function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value
  const [head = '', ...rest] = path
  if (Array.isArray(base)) {
    const copy = [...base]
    copy[Number(head)] = withValue(copy[Number(head)], rest, value)
    return copy
  }
  const object = (base && typeof base === 'object' ? base : {}) as Record<string, unknown>
  return { ...object, [head]: withValue(object[head], rest, value) }
}

/** Every field of a body schema, nested ones too (`items.0.quantity`), with its own schema. */
function fields(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): [string[], JsonSchema][] {
  if (!schema || depth > 3) return []
  const variant = (schema.anyOf ?? schema.oneOf ?? schema.allOf)?.find((s) => s.type !== 'null')
  if (variant) return fields(variant, prefix, depth)
  const found: [string[], JsonSchema][] = []
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    found.push([[...prefix, key], property], ...fields(property, [...prefix, key], depth + 1))
  }
  if (schema.items) found.push([[...prefix, '0'], schema.items], ...fields(schema.items, [...prefix, '0'], depth + 1))
  return found
}

const json = (value: unknown) => ({ contentType: 'application/json', data: JSON.stringify(value) })

/** Bodies that are not the JSON object a route expects, or not JSON at all. */
function hostileBodies(baseBody: unknown): [string, FuzzCase['body']][] {
  return [
    ['malformed JSON', { contentType: 'application/json', data: '{"email": "a@b.c", ' }],
    ['empty body, JSON type', { contentType: 'application/json', data: '' }],
    ['no body, no type', undefined],
    ['JSON null', { contentType: 'application/json', data: 'null' }],
    ['JSON array', { contentType: 'application/json', data: '[]' }],
    ['JSON string with NUL', { contentType: 'application/json', data: '"a\\u0000b"' }],
    ['JSON 1e999', { contentType: 'application/json', data: '1e999' }],
    ['NUL in a key', json({ ...(baseBody as object), 'a\u0000b': 1 })],
    ['raw NUL byte', { contentType: 'application/json', data: new Uint8Array([0x7b, 0x00, 0x7d]) }],
    [
      'invalid UTF-8',
      { contentType: 'application/json', data: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
    ],
    ['deep nesting', { contentType: 'application/json', data: `${'['.repeat(5_000)}${']'.repeat(5_000)}` }],
    ['over the 1 MB limit', { contentType: 'application/json', data: `"${'x'.repeat(1_100_000)}"` }],
    ['text/plain', { contentType: 'text/plain', data: 'hello' }],
    ['application/xml', { contentType: 'application/xml', data: '<a>1</a>' }],
    [
      'multipart',
      {
        contentType: 'multipart/form-data; boundary=fuzz',
        data: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fuzz--\r\n',
      },
    ],
    [
      'multipart photo with a NUL in its name',
      {
        contentType: 'multipart/form-data; boundary=fuzz',
        data: '--fuzz\r\nContent-Disposition: form-data; name="image"; filename="a\u0000b.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a photo\r\n--fuzz--\r\n',
      },
    ],
    ['form-urlencoded', { contentType: 'application/x-www-form-urlencoded', data: 'a=b' }],
    ['JSON in UTF-16', { contentType: 'application/json; charset=utf-16', data: JSON.stringify(baseBody ?? {}) }],
    ['unparseable content type', { contentType: '/;;=', data: '{}' }],
  ]
}

/**
 * Every hostile request for one operation: one part at a time made hostile (a path, query or header value, a body
 * field, the body as a whole, a common header) in an otherwise plausible request. The caller adds credentials.
 */
export function casesFor(operation: Operation, plausible: Plausible): FuzzCase[] {
  const pathValues = Object.fromEntries(
    operation.pathParams.map((p) => [p.name, plausible.pathValue(operation, p.name)]),
  )
  const baseHeaders = Object.fromEntries(
    operation.headerParams.map((p) => [p.name, plausible.headerValue(operation, p.name)]),
  )
  const basePath = pathOf(operation, pathValues)
  const baseQuery: [string, string][] = operation.queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, encodeURIComponent(String(sample(p.schema, p.name)))])
  const baseUrl = `${basePath}${queryString(baseQuery)}`
  const hasBody = operation.method !== 'GET'
  const baseBody = operation.body ? sample(operation.body, '', plausible.fieldValue) : undefined
  const plainBody = hasBody && baseBody !== undefined ? json(baseBody) : undefined
  const cases: FuzzCase[] = []
  const add = (
    name: string,
    url: string,
    body: FuzzCase['body'] = plainBody,
    headers: Record<string, string | null> = {},
  ) => {
    const merged: Record<string, string> = {}
    for (const [key, value] of Object.entries({ ...baseHeaders, ...headers })) if (value !== null) merged[key] = value
    cases.push({ name, url, headers: merged, ...(body ? { body } : {}) })
  }

  for (const param of operation.pathParams) {
    for (const [label, value] of [...WIRE_VALUES, ['100 KB', LONG] as const]) {
      add(`path ${param.name}: ${label}`, pathOf(operation, { ...pathValues, [param.name]: value }))
    }
  }

  const others = (name: string) => baseQuery.filter(([key]) => key !== name)
  for (const param of operation.queryParams) {
    const withParam = (...entries: [string, string][]) =>
      `${basePath}${queryString([...others(param.name), ...entries])}`
    for (const [label, value] of [...WIRE_VALUES, ['100 KB', LONG] as const]) {
      add(`query ${param.name}: ${label}`, withParam([param.name, value]))
    }
    add(`query ${param.name}: repeated (array)`, withParam([param.name, 'a'], [param.name, 'b']))
    add(`query ${param.name}: bracketed (object)`, withParam([`${param.name}[x]`, '1']))
  }
  // Parameters the route does not declare still reach Fastify's parser and every hook.
  add('query undeclared: NUL', `${basePath}${queryString([...baseQuery, ['fuzz', 'a%00b']])}`)
  add('query undeclared: NUL in the name', `${basePath}${queryString([...baseQuery, ['a%00b', '1']])}`)
  add('query undeclared: bad percent-encoding', `${basePath}${queryString([...baseQuery, ['%ZZ', '%E0%A4%A']])}`)

  for (const param of operation.headerParams) {
    for (const [label, value] of HEADER_VALUES) {
      add(`header ${param.name}: ${label}`, baseUrl, plainBody, { [param.name]: value })
    }
  }
  for (const [label, headers] of HOSTILE_HEADERS) add(`header: ${label}`, baseUrl, plainBody, headers)

  if (!hasBody) return cases
  for (const [field, schema] of fields(operation.body ?? undefined)) {
    const values = schema.format === 'date-time' ? [...JSON_VALUES, ...DATE_TIME_VALUES] : JSON_VALUES
    for (const [label, value] of values) {
      add(`body ${field.join('.')}: ${label}`, baseUrl, json(withValue(baseBody, field, value)))
    }
  }
  for (const [label, body] of hostileBodies(baseBody)) add(`body: ${label}`, baseUrl, body)
  return cases
}
