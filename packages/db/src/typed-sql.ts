import { getTableName, type SQL } from 'drizzle-orm'
import { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

// Raw SQL, typed from the schema. Where a statement earns its raw SQL (search planning, reports, listing joins,
// locks and upserts the query builder cannot say), its result is declared as a shape: each selected column names the
// schema column it reads (`{ id: products.id, name: products.name }`) or, for a computed value, its kind
// (`{ count: value.int }`). The row type comes from the shape, and so from the schema: rename a schema column and
// every query that reads it stops compiling. At run time the answer is checked against the shape before it is
// decoded: the same column names, and each column of the type its schema column has (a query that selects
// `created_at` for a column the schema calls an integer fails loudly, in every test that runs it).

/** A computed value's kind: which PostgreSQL types it accepts and how its value is read. */
export interface ValueKind<T> {
  readonly kind: string
  /** The type OIDs the column may have (empty: any). */
  readonly oids: readonly number[]
  decode(value: unknown): T
}

/** What a shape may hold for each selected column: a schema column, or a computed value's kind. */
export type Field = PgColumn | ValueKind<unknown>

export type Shape = Readonly<Record<string, Field>>

type ColumnValue<C extends PgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null

/** The value a field reads: a column's type (null where the schema allows it), or a kind's. */
export type FieldValue<F> = F extends PgColumn ? ColumnValue<F> : F extends ValueKind<infer T> ? T : never

/** A row of a query of shape `S`. */
export type RowOf<S extends Shape> = { -readonly [K in keyof S]: FieldValue<S[K]> }

/** Type OIDs (pg_type) of the types the schema uses. */
const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  json: 114,
  float4: 700,
  float8: 701,
  bpchar: 1042,
  varchar: 1043,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  numeric: 1700,
  tsvector: 3614,
  jsonb: 3802,
} as const

const INTEGERS = [OID.int2, OID.int4, OID.int8]
const TEXTS = [OID.text, OID.varchar, OID.bpchar]

function kind<T>(name: string, oids: readonly number[], decode: (value: unknown) => T): ValueKind<T> {
  return { kind: name, oids, decode }
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value))
}

/** Kinds of computed values (counts, sums, flags, aggregates), each also in a nullable form. */
export const value = {
  /** A whole number: a count (bigint in PostgreSQL, read as a number), a sum of integers, an integer expression. */
  int: kind('int', INTEGERS, (v) => Number(v)),
  /** A number with decimals (numeric, real, double), read as a number. */
  decimal: kind('decimal', [...INTEGERS, OID.numeric, OID.float4, OID.float8], (v) => Number(v)),
  /** A numeric kept exact, as PostgreSQL prints it. */
  numeric: kind('numeric', [OID.numeric], (v) => String(v)),
  text: kind('text', TEXTS, (v) => String(v)),
  bool: kind('bool', [OID.bool], (v) => v === true || v === 't'),
  timestamp: kind('timestamp', [OID.timestamptz, OID.timestamp, OID.date], toDate),
  /** JSON built by the query (json_agg, jsonb_build_object): its type is the caller's word for what it builds. */
  json: <T>() => kind<T>('json', [OID.json, OID.jsonb], (v) => (typeof v === 'string' ? JSON.parse(v) : v) as T),
  /** The same field, allowed to be null (a column of a left-joined table, an aggregate over no rows). */
  nullable: <F extends Field>(field: F): ValueKind<FieldValue<F> | null> =>
    kind(`${describe(field)} or null`, oidsOf(field), (v) => (v === null ? null : decodeField(field, v))),
}

/** The type OIDs a schema column's values arrive as. */
function columnOids(column: PgColumn): readonly number[] {
  const type = column.getSQLType()
  if (type.endsWith('[]')) return []
  if (type === 'integer' || type === 'serial') return [OID.int4]
  if (type === 'smallint' || type === 'smallserial') return [OID.int2]
  if (type === 'bigint' || type === 'bigserial') return [OID.int8]
  if (type === 'boolean') return [OID.bool]
  if (type === 'text' || type.startsWith('varchar') || type.startsWith('char')) return TEXTS
  if (type === 'timestamp with time zone' || (type.startsWith('timestamp (') && type.endsWith('with time zone')))
    return [OID.timestamptz]
  if (type.startsWith('timestamp')) return [OID.timestamp]
  if (type === 'date') return [OID.date]
  if (type.startsWith('numeric')) return [OID.numeric]
  if (type === 'jsonb') return [OID.jsonb]
  if (type === 'json') return [OID.json]
  if (type === 'tsvector') return [OID.tsvector]
  return []
}

function oidsOf(field: Field): readonly number[] {
  return field instanceof PgColumn ? columnOids(field) : field.oids
}

function describe(field: Field): string {
  return field instanceof PgColumn ? `${getTableName(field.table)}.${field.name} (${field.getSQLType()})` : field.kind
}

function decodeField<F extends Field>(field: F, raw: unknown): FieldValue<F> {
  const decoded = field instanceof PgColumn ? (raw === null ? null : field.mapFromDriverValue(raw)) : field.decode(raw)
  // A column decodes to its schema type (drizzle's own mapping, the one its query builder uses); a kind to its own.
  return decoded as FieldValue<F>
}

interface RawField {
  name: string
  dataTypeID: number
}

/** The rows and column descriptions of a driver's answer (node-postgres and PGlite both answer `{ rows, fields }`). */
function readAnswer(answer: unknown): { rows: readonly unknown[]; fields: readonly RawField[] } {
  if (typeof answer !== 'object' || answer === null || !('rows' in answer) || !Array.isArray(answer.rows)) {
    throw new Error('The database answered something other than rows')
  }
  const fields = 'fields' in answer && Array.isArray(answer.fields) ? answer.fields.filter(isRawField) : []
  return { rows: answer.rows, fields }
}

function isRecord(row: unknown): row is Record<string, unknown> {
  return typeof row === 'object' && row !== null
}

function isRawField(field: unknown): field is RawField {
  return (
    typeof field === 'object' &&
    field !== null &&
    'name' in field &&
    typeof field.name === 'string' &&
    'dataTypeID' in field &&
    typeof field.dataTypeID === 'number'
  )
}

/** Throws when the statement's columns are not the shape's: other names, or a type the schema does not give. */
function checkColumns(shape: Shape, fields: readonly RawField[]): void {
  const expected = Object.keys(shape)
  const got = fields.map((field) => field.name)
  if (got.length !== expected.length || expected.some((name) => !got.includes(name))) {
    throw new Error(`The query selects ${got.join(', ') || 'nothing'}; its shape says ${expected.join(', ')}`)
  }
  for (const field of fields) {
    const declared = shape[field.name]
    if (!declared) continue
    const oids = oidsOf(declared)
    if (oids.length > 0 && !oids.includes(field.dataTypeID)) {
      throw new Error(
        `The query's column ${field.name} has type OID ${field.dataTypeID}; its shape says ${describe(declared)}`,
      )
    }
  }
}

/**
 * Runs a raw statement and answers its rows typed by `shape`, after checking its columns against the shape (names
 * and types): `typedRows(db, { id: orders.id, total: value.int }, sql\`select id, ... as total from orders ...\`)`.
 */
export async function typedRows<S extends Shape>(db: Db, shape: S, query: SQL): Promise<RowOf<S>[]> {
  const { rows, fields } = readAnswer(await db.execute(query))
  // A statement that returns no rows still describes its columns; a driver that sends none leaves nothing to check.
  if (fields.length > 0) checkColumns(shape, fields)
  const entries = Object.entries(shape)
  return rows.map((raw) => {
    if (!isRecord(raw)) throw new Error('The database answered a row that is not a record')
    const row: Record<string, unknown> = {}
    for (const [name, field] of entries) row[name] = decodeField(field, raw[name] ?? null)
    // The row was built field by field from the shape, each value decoded as its field says.
    return row as RowOf<S>
  })
}
