import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, queryRows } from '@soko/db/client'
import { type DarajaSimulator, startDarajaSimulator } from '@soko/payment-simulators'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { orderBody, type Placed, waitFor } from './support/checkout.ts'
import { databaseUrl, withAdmin } from './support/postgres.ts'

const adminUrl = inject('postgresAdminUrl')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the API as its own process and resolves once it listens. */
function startProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support/server-process.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('listening')) resolve(child)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)))
  })
}

// Killing the process needs a database outside it: PostgreSQL (PGlite lives inside the process it serves).
describe.skipIf(!adminUrl)('a server killed between Place Order and the payment (PostgreSQL)', () => {
  let simulator: DarajaSimulator
  let name = ''
  let url = ''
  const children: ChildProcess[] = []

  beforeAll(async () => {
    simulator = await startDarajaSimulator({
      consumerKey: 'soko-simulator-key',
      consumerSecret: 'soko-simulator-secret',
      shortCode: '174379',
      passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      // The customer pays after the server is gone; the callback's tries are all refused.
      resolveDelayMs: 1500,
      callbackRetryDelayMs: 200,
    })
    name = `${inject('postgresPrefix')}${randomBytes(6).toString('hex')}`
    await withAdmin(adminUrl, (client) =>
      client.query(`create database "${name}" template "${inject('postgresTemplate')}"`),
    )
    url = databaseUrl(adminUrl, name)
  })

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    await simulator?.close()
    if (name) await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`))
  })

  it('loses nothing: after a restart the status query completes the payment', async () => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'soko-restart-'))
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      PORT: String(port),
      MPESA_BASE_URL: simulator.url,
      MPESA_QUERY_AFTER: '1s',
      MPESA_QUERY_ATTEMPTS: '5',
      DATA_DIR: dataDir,
    }
    const first = await startProcess(env)
    children.push(first)
    const base = `http://127.0.0.1:${port}`
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 })
    try {
      const [product] = await queryRows<{ id: number; stock_qty: number }>(
        database.db,
        sql`select p.id, p.stock_qty from products p join businesses b on b.id = p.business_id
            where p.is_active and b.is_active and p.stock_qty > 5 order by p.id limit 1`,
      )
      if (!product) throw new Error('fixture')
      const response = await fetch(`${base}/api/checkout/orders/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
        body: JSON.stringify(orderBody([{ productId: product.id, quantity: 1 }], { mpesaNumber: '0722005678' })),
      })
      expect(response.status).toBe(201)
      const placed = (await response.json()) as Placed
      first.kill('SIGKILL')
      await new Promise((resolve) => first.once('exit', resolve))

      // The customer pays while no server is there: every try of the callback fails.
      await waitFor(async () => {
        const session = simulator.sessions().find((row) => row.accountReference === placed.order.orderNumber)
        return session && session.state === 'paid' && session.callbackAttempts >= 4 ? session : null
      }, 15_000)

      children.push(await startProcess(env))
      const status = await waitFor(async () => {
        const [row] = await queryRows<{ status: string }>(
          database.db,
          sql`select status from orders where order_number = ${placed.order.orderNumber}`,
        )
        return row?.status === 'paid' ? row.status : null
      }, 20_000)
      expect(status).toBe('paid')
      const [stock] = await queryRows<{ stock_qty: number }>(
        database.db,
        sql`select stock_qty from products where id = ${product.id}`,
      )
      expect(stock?.stock_qty).toBe(product.stock_qty - 1)
    } finally {
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
