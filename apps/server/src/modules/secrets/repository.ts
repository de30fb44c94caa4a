import type { Db } from '@soko/db/client'
import { appSecrets } from '@soko/db/schema/secrets'
import { eq } from 'drizzle-orm'

// SQL of app_secrets: values made once per installation and shared by every process.

/** The secret called `name`, made with `make` and stored by whichever process asks first. */
export async function getOrCreateSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing({ target: appSecrets.name })
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  const value = rows[0]?.value
  if (value === undefined) throw new Error(`secret ${name} is missing`)
  return value
}
