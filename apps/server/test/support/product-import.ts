import { expect } from 'vitest'
import type { Answer } from './accounts.ts'
import type { newVendor } from './vendor.ts'

// A shop's CSV imports over HTTP (decision 0025): the file sent as the body, and the import followed to its end.

export interface Issue {
  line: number
  field: string
  message: string
}

export interface Progress {
  id: number
  state: 'queued' | 'running' | 'done'
  totalRows: number
  rowsDone: number
  created: number
  updated: number
  failed: number
  failures: Issue[]
  imageFailures: Issue[]
  finishedAt: string | null
}

export type Vendor = Awaited<ReturnType<typeof newVendor>>

export const HEADER = 'sku,name,description,category,price,compare_at_price,stock,low_stock_threshold,status,image_urls'

/** Sends a CSV (or anything else) as the body, with the vendor's cookie and the site's origin. */
export async function sendCsv<T>(
  vendor: Vendor,
  path: string,
  body: string | Buffer,
  type = 'text/csv',
): Promise<Answer<T>> {
  const server = vendor.client.server
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, cookie: vendor.client.cookieHeader, origin: server.url },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  })
  const text = await response.text()
  const isJson = response.headers.get('content-type')?.includes('json') && text !== ''
  return { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as T }
}

/** Waits for the import to finish, following its progress as the page does. */
export async function finished(vendor: Vendor, id: number): Promise<Progress> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const answer = await vendor.client.get<Progress>(`/api/vendor/products/import/${id}/`)
    expect(answer.status).toBe(200)
    if (answer.body.state === 'done') return answer.body
    if (Date.now() > deadline) throw new Error(`import ${id} not done: ${JSON.stringify(answer.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export async function importCsv(vendor: Vendor, csv: string): Promise<Progress> {
  const started = await sendCsv<Progress>(vendor, '/api/vendor/products/import/', csv)
  expect(started.status).toBe(201)
  return finished(vendor, started.body.id)
}
