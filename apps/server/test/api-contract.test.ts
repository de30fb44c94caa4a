import { accountEndpoints } from '@soko/contract/account'
import { adminEndpoints } from '@soko/contract/admin'
import { authEndpoints } from '@soko/contract/auth'
import { catalogEndpoints } from '@soko/contract/catalog'
import { checkoutEndpoints } from '@soko/contract/checkout'
import { contactEndpoints } from '@soko/contract/contact'
import { deliveryEndpoints } from '@soko/contract/delivery'
import { devEndpoints } from '@soko/contract/dev'
import { type EndpointKey, type EndpointSpec, splitKey } from '@soko/contract/endpoint'
import { ERROR_STATUS } from '@soko/contract/errors'
import { flashSaleEndpoints } from '@soko/contract/flash-sales'
import { healthEndpoints } from '@soko/contract/health'
import { mediaEndpoints } from '@soko/contract/media'
import { payOnDeliveryEndpoints } from '@soko/contract/pay-on-delivery'
import { productImportEndpoints } from '@soko/contract/product-import'
import { returnsEndpoints } from '@soko/contract/returns'
import { searchEndpoints } from '@soko/contract/search'
import { siteEndpoints } from '@soko/contract/site'
import { smsEndpoints } from '@soko/contract/sms'
import { vendorEndpoints } from '@soko/contract/vendor'
import { voucherEndpoints } from '@soko/contract/vouchers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.ts'

// The contract is the whole API: every endpoint of the OpenAPI document is an entry of an endpoint table, every
// entry is in the document (unless hidden), and the document lists each entry's error codes with their statuses.

const tables = {
  catalogEndpoints,
  searchEndpoints,
  checkoutEndpoints,
  deliveryEndpoints,
  authEndpoints,
  accountEndpoints,
  vendorEndpoints,
  adminEndpoints,
  contactEndpoints,
  healthEndpoints,
  devEndpoints,
  mediaEndpoints,
  returnsEndpoints,
  payOnDeliveryEndpoints,
  voucherEndpoints,
  productImportEndpoints,
  flashSaleEndpoints,
  siteEndpoints,
  smsEndpoints,
}

const entries: [EndpointKey, EndpointSpec][] = Object.values(tables).flatMap(
  (table) => Object.entries(table) as [EndpointKey, EndpointSpec][],
)

interface Operation {
  description?: string
  responses?: Record<string, unknown>
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> }

/** `GET /api/products/:slug/` as the OpenAPI document names it: `get /api/products/{slug}/` (a wildcard: `{*}`). */
function documentName(key: EndpointKey): string {
  const { method, path } = splitKey(key)
  return `${method.toLowerCase()} ${path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{*}')}`
}

describe('the endpoint tables', () => {
  let server: TestServer
  let document: OpenApiDocument
  beforeAll(async () => {
    // Demo mode (every test server's) serves the demo-only endpoints too: the outbox.
    server = await startTestServer('pglite')
    document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument
  })
  afterAll(() => server?.close())

  it('name each endpoint once', () => {
    const keys = entries.map(([key]) => key)
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })

  it('are the OpenAPI document, endpoint for endpoint', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    )
    const declared = entries.filter(([, spec]) => !spec.hidden).map(([key]) => documentName(key))
    expect(documented.filter((name) => !declared.includes(name))).toEqual([])
    expect(declared.filter((name) => !documented.includes(name))).toEqual([])
  })

  it("give every documented endpoint its error codes, each with its status's answer", () => {
    const missing: string[] = []
    for (const [key, spec] of entries) {
      if (spec.hidden) continue
      const [method = '', path = ''] = documentName(key).split(' ')
      const operation = document.paths[path]?.[method]
      for (const code of [...spec.errors, 'invalid_data' as const]) {
        const status = String(ERROR_STATUS[code])
        if (!operation?.description?.includes(`\`${code}\` (${status})`)) missing.push(`${key}: ${code} not listed`)
        if (!operation?.responses?.[status]) missing.push(`${key}: no ${status} answer`)
      }
    }
    expect(missing).toEqual([])
  })
})
