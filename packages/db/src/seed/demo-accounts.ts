import { and, eq, isNull, like, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { users } from '../schema/accounts.ts'

/** Hashes a password the way the server does (argon2id); passed in, so this package needs no native module. */
export type HashPassword = (password: string) => Promise<string>

/**
 * Demo sign-ins, created only with the demo catalogue (a fresh embedded database, or SEED_DEMO_DATA=true): never
 * on a real marketplace's database. The passwords are published in the README: demo only.
 */
export const DEMO_ACCOUNTS = {
  customer: {
    email: 'wanjiku@demo.soko.co.ke',
    password: 'Wanjiku-demo-2026',
    firstName: 'Wanjiku',
    lastName: 'Kamau',
    phone: '+254712345678',
  },
  admin: {
    email: 'admin@demo.soko.co.ke',
    password: 'Admin-demo-2026',
    firstName: 'Amani',
    lastName: 'Odhiambo',
  },
  /** Every demo shop's owner (owner@<shop-slug>.demo.soko.co.ke) signs in with this one. */
  vendorPassword: 'Vendor-demo-2026',
} as const

/** Adds the demo customer (with an address, an M-Pesa number and a wishlist) and admin; gives shop owners a password. */
export async function seedDemoAccounts(tx: Db, hashPassword: HashPassword): Promise<number> {
  const { customer, admin } = DEMO_ACCOUNTS
  const [customerHash, adminHash, vendorHash] = await Promise.all([
    hashPassword(customer.password),
    hashPassword(admin.password),
    hashPassword(DEMO_ACCOUNTS.vendorPassword),
  ])
  const [customerRow] = await tx
    .insert(users)
    .values({
      email: customer.email,
      passwordHash: customerHash,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone,
      role: 'customer',
    })
    .returning({ id: users.id })
  await tx.execute(
    sql`insert into users (email, password_hash, first_name, last_name, role)
        values (${admin.email}, ${adminHash}, ${admin.firstName}, ${admin.lastName}, 'superuser')`,
  )
  const owners = await tx
    .update(users)
    .set({ passwordHash: vendorHash })
    .where(and(eq(users.role, 'vendor'), like(users.email, 'owner@%.demo.soko.co.ke'), isNull(users.passwordHash)))
    .returning({ id: users.id })
  if (customerRow) {
    const userId = customerRow.id
    await tx.execute(
      sql`insert into addresses (user_id, label, first_name, last_name, line1, line2, city, county, postal_code, phone,
            is_default)
          values (${userId}, 'Home', ${customer.firstName}, ${customer.lastName}, 'Mvuli Road, Westlands',
            'Apartment 4B', 'Nairobi', 'Nairobi', '00800', ${customer.phone}, true)`,
    )
    await tx.execute(
      sql`insert into payment_methods (user_id, type, phone, name, is_default)
          values (${userId}, 'mpesa', ${customer.phone}, ${`${customer.firstName} ${customer.lastName}`}, true)`,
    )
    await tx.execute(
      sql`insert into wishlist_items (user_id, product_id)
          select ${userId}, p.id from products p where p.is_active and p.stock_qty > 0 order by p.id limit 3`,
    )
  }
  return 2 + owners.length
}
