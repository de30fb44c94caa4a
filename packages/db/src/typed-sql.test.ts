import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { migrate, readMigrations } from './migrate.ts'
import { migrationsDir } from './paths.ts'
import { contactMessages } from './schema/contact.ts'
import { typedRows, value } from './typed-sql.ts'

describe('typedRows', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openDatabase({})
    await migrate(handle.db, readMigrations(migrationsDir()))
    await handle.db.execute(sql`insert into contact_messages (name, email, subject, message, ip)
      values ('Wanjiru', 'wanjiru@example.com', 'Delivery', 'Where is my parcel?', '10.0.0.1')`)
  }, 120_000)
  afterAll(() => handle.close())

  it('answers rows typed and decoded as the schema says', async () => {
    const rows = await typedRows(
      handle.db,
      {
        id: contactMessages.id,
        name: contactMessages.name,
        created_at: contactMessages.createdAt,
        handled_at: contactMessages.handledAt,
      },
      sql`select id, name, created_at, handled_at from contact_messages`,
    )
    expectTypeOf(rows).toEqualTypeOf<{ id: number; name: string; created_at: Date; handled_at: Date | null }[]>()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.name).toBe('Wanjiru')
    expect(rows[0]?.created_at).toBeInstanceOf(Date)
    expect(rows[0]?.handled_at).toBeNull()
  })

  it('reads computed values by their kind', async () => {
    const [row] = await typedRows(
      handle.db,
      {
        count: value.int,
        share: value.decimal,
        exact: value.numeric,
        any_handled: value.nullable(value.bool),
        first: value.timestamp,
        names: value.json<string[]>(),
      },
      sql`select count(*) as count, 2.5::numeric as share, 2.50::numeric(4, 2) as exact, bool_or(handled_at is not null) as any_handled,
            min(created_at) as first, json_agg(name) as names
          from contact_messages`,
    )
    expectTypeOf(row).toEqualTypeOf<
      | { count: number; share: number; exact: string; any_handled: boolean | null; first: Date; names: string[] }
      | undefined
    >()
    expect(row).toMatchObject({ count: 1, share: 2.5, exact: '2.50', any_handled: false, names: ['Wanjiru'] })
    expect(row?.first).toBeInstanceOf(Date)
  })

  it('refuses a query that selects other columns than its shape names', async () => {
    await expect(
      typedRows(
        handle.db,
        { id: contactMessages.id, email: contactMessages.email },
        sql`select id, name from contact_messages`,
      ),
    ).rejects.toThrow('The query selects id, name; its shape says id, email')
  })

  it('refuses a column whose type is not the schema column it claims to read', async () => {
    await expect(
      typedRows(handle.db, { id: contactMessages.createdAt }, sql`select id from contact_messages`),
    ).rejects.toThrow(
      /column id has type OID 23; its shape says contact_messages.created_at \(timestamp with time zone\)/,
    )
  })

  it('checks the columns of a statement that finds no rows too', async () => {
    await expect(
      typedRows(handle.db, { id: contactMessages.id }, sql`select name from contact_messages where false`),
    ).rejects.toThrow('The query selects name; its shape says id')
  })
})
