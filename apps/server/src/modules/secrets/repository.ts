import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'

// SQL of app_secrets: values made once per installation and shared by every process.

/** The secret called `name`, made with `make` and stored by whichever process asks first. */
export async function getOrCreateSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.execute(sql`insert into app_secrets (name, value) values (${name}, ${make()}) on conflict (name) do nothing`)
  const rows = await queryRows<{ value: string }>(db, sql`select value from app_secrets where name = ${name}`)
  const value = rows[0]?.value
  if (value === undefined) throw new Error(`secret ${name} is missing`)
  return value
}
