import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  allowKey,
  compareWithAllowList,
  dependencyRule,
  findViolations,
  isRepositoryFile,
  isTestFile,
  looksLikeSql,
  ownerOf,
  packageRule,
  parseAllowList,
  readTables,
  report,
  repositoryImportRule,
  resolveImport,
  scanRepository,
  scanSource,
  simulatorsRule,
  sqlRule,
  tablesIn,
  tablesTouched,
  webFeatureRule,
} from './boundaries.mjs'

const S = 'apps/server/src'
const file = (path) => ({ kind: 'relative', specifier: `./${path}`, path })
const pkg = (specifier, path) => ({
  kind: 'package',
  specifier,
  package: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0],
  ...(path ? { path } : {}),
})
const builtin = (specifier) => ({ kind: 'builtin', specifier })

describe('where a file is', () => {
  it.each([
    [`${S}/modules/checkout/repository.ts`, true],
    [`${S}/modules/vendors/shop-repository.ts`, true],
    [`${S}/modules/orders/repository/vendor-orders.ts`, true],
    [`${S}/modules/admin/read-model.ts`, true],
    [`${S}/modules/admin/orders-read-model.ts`, true],
    [`${S}/modules/checkout/service.ts`, false],
    [`${S}/modules/checkout/repository.test.ts`, false],
    [`${S}/modules/checkout/repositoryish.ts`, false],
    ['packages/db/src/client.ts', false],
  ])('%s is a repository file: %s', (path, expected) => {
    expect(isRepositoryFile(path)).toBe(expected)
  })

  it.each([
    [`${S}/modules/admin/orders/service.ts`, 'admin'],
    [`${S}/modules/checkout/service.ts`, 'checkout'],
    [`${S}/flows/place-order.ts`, '(flows)'],
    [`${S}/plugins/rate-limit.ts`, '(plugins)'],
    [`${S}/app.ts`, '(src)'],
  ])('%s is owned by %s', (path, owner) => {
    expect(ownerOf(path)).toBe(owner)
  })

  it.each([
    ['apps/server/test/checkout.test.ts', true],
    ['apps/server/test/support/test-server.ts', true],
    ['apps/web/tests/e2e/cart.spec.ts', true],
    ['apps/web/app/features/cart/cart-store.test.ts', true],
    ['apps/payment-simulators/src/card/test-cards.ts', false],
    [`${S}/modules/checkout/service.ts`, false],
  ])('%s is a test: %s', (path, expected) => {
    expect(isTestFile(path)).toBe(expected)
  })
})

describe("another module's repository", () => {
  it.each([
    ['own module', `${S}/modules/catalog/service.ts`, `${S}/modules/catalog/repository.ts`, null],
    ['own nested module', `${S}/modules/admin/orders/service.ts`, `${S}/modules/admin/users/repository.ts`, null],
    ['own read model', `${S}/modules/admin/dashboard/service.ts`, `${S}/modules/admin/read-model.ts`, null],
    ['another module', `${S}/modules/cart/service.ts`, `${S}/modules/checkout/repository.ts`, 'repository-import'],
    [
      'nested module into another',
      `${S}/modules/admin/orders/service.ts`,
      `${S}/modules/checkout/repository.ts`,
      'repository-import',
    ],
    [
      'a repository into another',
      `${S}/modules/user/repository.ts`,
      `${S}/modules/catalog/repository.ts`,
      'repository-import',
    ],
    [
      "another module's *-repository.ts",
      `${S}/modules/admin/vendors/service.ts`,
      `${S}/modules/vendors/shop-repository.ts`,
      'repository-import',
    ],
    [
      "another module's repository/ folder",
      `${S}/modules/cart/service.ts`,
      `${S}/modules/orders/repository/items.ts`,
      'repository-import',
    ],
    [
      "another module's read model",
      `${S}/modules/vendors/service.ts`,
      `${S}/modules/admin/read-model.ts`,
      'repository-import',
    ],
    ['a flow into a repository', `${S}/flows/place-order.ts`, `${S}/modules/orders/repository.ts`, 'repository-import'],
    ['a flow into a service', `${S}/flows/place-order.ts`, `${S}/modules/orders/service.ts`, null],
    ['app.ts into a repository', `${S}/app.ts`, `${S}/modules/orders/repository.ts`, 'repository-import'],
    ['a module into a service', `${S}/modules/cart/service.ts`, `${S}/modules/catalog/service.ts`, null],
    ['a test', `${S}/modules/cart/cart.test.ts`, `${S}/modules/checkout/repository.ts`, null],
    ['an integration test', 'apps/server/test/search.test.ts', `${S}/modules/search/repository.ts`, null],
  ])('%s', (_case, from, to, expected) => {
    expect(repositoryImportRule({ from, target: file(to) })).toBe(expected)
  })
})

describe('SQL outside repositories', () => {
  const some = [{ line: 3, kind: 'sql`…`' }]
  it.each([
    [`${S}/modules/seo/routes.ts`, some, 'sql-outside-repository'],
    [`${S}/plugins/rate-limit.ts`, some, 'sql-outside-repository'],
    [`${S}/modules/seo/routes.ts`, [], null],
    [`${S}/modules/seo/repository.ts`, some, null],
    [`${S}/modules/admin/read-model.ts`, some, null],
    [`${S}/modules/seo/seo.test.ts`, some, null],
    ['apps/server/test/support/checkout.ts', some, null],
    ['packages/db/src/seed/seed-demo.ts', some, null],
  ])('%s with %j', (path, findings, expected) => {
    expect(sqlRule(path, findings)).toBe(expected)
  })

  it.each([
    ['select id from products where id = $1', true],
    ['SELECT id FROM products', true],
    ['\n  insert into reviews (a) values (1)', true],
    ['update orders set status = $1', true],
    ['delete from sessions where id = $1', true],
    ['with recent as (select 1) select * from recent', true],
    ['select 1', true],
    ['drop schema public cascade', true],
    ['create table x (id int)', true],
    ['checkpoint', true],
    ['Select a category from the list', false],
    ['Update your address to set a default', false],
    ['please select one from these', false],
    ['products', false],
    ['', false],
  ])('%j looks like SQL: %s', (text, expected) => {
    expect(looksLikeSql(text)).toBe(expected)
  })
})

describe('web features', () => {
  const F = 'apps/web/app/features'
  it.each([
    ['same feature', `${F}/cart/cart-page.tsx`, `${F}/cart/cart-store.ts`, null],
    ['another feature', `${F}/checkout/checkout-page.tsx`, `${F}/cart/cart-store.ts`, 'feature-imports-feature'],
    ['a component', 'apps/web/app/components/site/nav-bar.tsx', `${F}/cart/cart-count.ts`, 'shared-imports-feature'],
    ['lib', 'apps/web/app/lib/orders.ts', `${F}/checkout/checkout-storage.ts`, 'shared-imports-feature'],
    ['a route', 'apps/web/app/routes/cart.tsx', `${F}/cart/cart-page.tsx`, null],
    ['root.tsx', 'apps/web/app/root.tsx', `${F}/cart/server-cart-sync.tsx`, null],
    ['a feature into components', `${F}/cart/cart-line.tsx`, 'apps/web/app/components/ui/price.tsx', null],
    ['a feature test', `${F}/checkout/checkout.test.ts`, `${F}/cart/cart-store.ts`, null],
  ])('%s', (_case, from, to, expected) => {
    expect(webFeatureRule({ from, target: file(to) })).toBe(expected)
  })
})

describe('package rules', () => {
  it.each([
    ['domain: its own file', 'packages/domain/src/cart.ts', file('packages/domain/src/money.ts'), null],
    ['domain: zod', 'packages/domain/src/cart.ts', pkg('zod'), 'domain-import'],
    ['domain: a built-in', 'packages/domain/src/checkout.ts', builtin('node:crypto'), 'domain-import'],
    [
      'domain: itself by name',
      'packages/domain/src/cart.ts',
      pkg('@soko/domain/money', 'packages/domain/src/money.ts'),
      'domain-import',
    ],
    ['domain: out of the package', 'packages/domain/src/cart.ts', file('packages/contract/src/x.ts'), 'domain-import'],
    ['domain test: vitest', 'packages/domain/src/cart.test.ts', pkg('vitest'), null],
    ['contract: zod', 'packages/contract/src/auth.ts', pkg('zod'), null],
    [
      'contract: domain',
      'packages/contract/src/auth.ts',
      pkg('@soko/domain/password-policy', 'packages/domain/src/password-policy.ts'),
      null,
    ],
    ['contract: its own file', 'packages/contract/src/auth.ts', file('packages/contract/src/common.ts'), null],
    ['contract: a built-in', 'packages/contract/src/auth.ts', builtin('node:crypto'), 'contract-import'],
    ['contract: react', 'packages/contract/src/auth.ts', pkg('react'), 'contract-import'],
    [
      'contract: the database',
      'packages/contract/src/auth.ts',
      pkg('@soko/db/client', 'packages/db/src/client.ts'),
      'contract-import',
    ],
    ['web: the contract', 'apps/web/app/lib/viewer.ts', pkg('@soko/contract/auth'), null],
    ['web: the database', 'apps/web/app/lib/x.server.ts', pkg('@soko/db/client'), 'web-imports-server'],
    ['web: drizzle', 'apps/web/app/lib/x.server.ts', pkg('drizzle-orm'), 'web-imports-server'],
    ['web: pg', 'apps/web/app/routes/x.tsx', pkg('pg'), 'web-imports-server'],
    ['web: PGlite', 'apps/web/app/routes/x.tsx', pkg('@electric-sql/pglite'), 'web-imports-server'],
    ['web: the server', 'apps/web/app/routes/x.tsx', pkg('@soko/server'), 'web-imports-server'],
    [
      'web: a server file by path',
      'apps/web/app/routes/x.tsx',
      file('apps/server/src/modules/catalog/service.ts'),
      'web-imports-server',
    ],
    ['web: a db file by path', 'apps/web/vite.config.ts', file('packages/db/src/client.ts'), 'web-imports-server'],
    ['web e2e test: the contract', 'apps/web/tests/e2e/cart.spec.ts', pkg('@soko/contract/catalog'), null],
    ['server: the database', `${S}/app.ts`, pkg('@soko/db/client'), null],
  ])('%s', (_case, from, target, expected) => {
    expect(packageRule({ from, target })).toBe(expected)
  })
})

describe('the payment stand-ins', () => {
  const simulators = pkg('@soko/payment-simulators', 'apps/payment-simulators/src/index.ts')
  const importers = {
    [`${S}/stand-ins.ts`]: [`${S}/main.ts`],
    [`${S}/modules/payments/gateways.ts`]: [`${S}/app.ts`],
    [`${S}/shared-stand-ins.ts`]: [`${S}/main.ts`, `${S}/app.ts`],
  }
  const importersOf = (path) => importers[path] ?? []
  it.each([
    ['the entry point', `${S}/main.ts`, simulators, null],
    ['a file only main.ts imports', `${S}/stand-ins.ts`, simulators, null],
    ['product code', `${S}/modules/payments/gateways.ts`, simulators, 'simulators-import'],
    ['a file main.ts and app.ts import', `${S}/shared-stand-ins.ts`, simulators, 'simulators-import'],
    ['a file nothing imports', `${S}/modules/accounts/google-stand-in.ts`, simulators, 'simulators-import'],
    [
      'product code, by path',
      `${S}/modules/payments/gateways.ts`,
      file('apps/payment-simulators/src/daraja/simulator.ts'),
      'simulators-import',
    ],
    ['the web app', 'apps/web/app/routes/x.tsx', simulators, 'simulators-import'],
    [
      'the simulators themselves',
      'apps/payment-simulators/src/main.ts',
      file('apps/payment-simulators/src/index.ts'),
      null,
    ],
    ['a server test', 'apps/server/test/payment-adapters.test.ts', simulators, null],
    ['test support', 'apps/server/test/support/test-server.ts', simulators, null],
    ['another package', `${S}/modules/payments/gateways.ts`, pkg('zod'), null],
  ])('%s', (_case, from, target, expected) => {
    expect(simulatorsRule({ from, target }, { importersOf })).toBe(expected)
  })
})

describe('declared dependencies', () => {
  const workspaces = [
    { dir: 'apps/server', name: '@soko/server', manifest: { dependencies: { '@soko/db': '*', fastify: '^5' } } },
    { dir: 'apps/web', name: '@soko/web', manifest: { devDependencies: { sharp: '^0.34' } } },
    { dir: 'packages/db', name: '@soko/db', manifest: {} },
  ]
  const context = {
    workspaceOf: (path) => workspaces.find((w) => path.startsWith(`${w.dir}/`)) ?? null,
    rootManifest: { devDependencies: { vitest: '~4', vite: '^7' } },
  }
  it.each([
    ['declared', `${S}/app.ts`, pkg('fastify'), null],
    ['declared, by subpath', `${S}/app.ts`, pkg('@soko/db/client'), null],
    ['undeclared', `${S}/app.ts`, pkg('@soko/contract/auth'), 'undeclared-dependency'],
    ['a root dev tool in product code', `${S}/plugins/web.ts`, pkg('vite'), 'undeclared-dependency'],
    ['a root dev tool in a test', `${S}/plugins/web.test.ts`, pkg('vitest'), null],
    ['a root dev tool in a config', 'apps/web/vite.config.ts', pkg('vite'), null],
    ['a dev dependency in a test', 'apps/web/tests/e2e/vendor.spec.ts', pkg('sharp'), null],
    ['itself', 'packages/db/src/seed/x.ts', pkg('@soko/db/client'), null],
    ['a built-in', `${S}/app.ts`, builtin('node:fs'), null],
    ['a relative file', `${S}/app.ts`, file(`${S}/plugins/web.ts`), null],
    ['another workspace by path', `${S}/app.ts`, file('packages/db/src/client.ts'), 'workspace-path-import'],
    ['another workspace by path, in a test', `${S}/plugins/x.test.ts`, file('apps/web/app/routes.ts'), null],
    ['outside any workspace', 'scripts/test.mjs', pkg('anything'), null],
  ])('%s', (_case, from, target, expected) => {
    expect(dependencyRule({ from, target }, context)).toBe(expected)
  })
})

describe('reading a source file', () => {
  it('finds static, re-exported, dynamic, required and type imports, and knows type-only ones', () => {
    const { imports } = scanSource(
      [
        "import { a } from './a.ts'",
        "import type { B } from './b.ts'",
        "import { type C } from './c.ts'",
        "import d, { type D } from './d.ts'",
        "export { e } from './e.ts'",
        "export type { F } from './f.ts'",
        "const g = await import('./g.ts')",
        "const h = require('h')",
        "type I = import('./i.ts').I",
        "import './j.css'",
        '// import { k } from "./k.ts"',
        'const text = "import { l } from \'./l.ts\'"',
      ].join('\n'),
      'x.ts',
    )
    expect(imports.map(({ specifier, line, kind, typeOnly }) => [specifier, line, kind, typeOnly])).toEqual([
      ['./a.ts', 1, 'static', false],
      ['./b.ts', 2, 'static', true],
      ['./c.ts', 3, 'static', true],
      ['./d.ts', 4, 'static', false],
      ['./e.ts', 5, 'static', false],
      ['./f.ts', 6, 'static', true],
      ['./g.ts', 7, 'dynamic', false],
      ['h', 8, 'require', false],
      ['./i.ts', 9, 'type', true],
      ['./j.css', 10, 'static', false],
    ])
  })

  it('reads .tsx', () => {
    const { imports } = scanSource("import { X } from './x.tsx'\nexport const Y = () => <X a={1} />", 'y.tsx')
    expect(imports.map((i) => i.specifier)).toEqual(['./x.tsx'])
  })

  it.each([
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, under test
    ['the sql tag', 'const q = sql`select * from products where id = ${id}`', ['sql`…`']],
    ['the sql tag with a type', 'const q = sql<number>`select count(*) from orders`', ['sql`…`']],
    ['typedRows', 'await typedRows(db, shape, q)', ['typedRows(']],
    ['.execute', 'await db.execute(q)', ['.execute(']],
    ['sql.raw', "const q = sql.raw('vacuum')", ['sql.raw(']],
    ['a Drizzle table', "import { orders } from '@soko/db/schema/orders'", ['drizzle table']],
    ['only a Drizzle type', "import type { AddressSnapshot } from '@soko/db/schema/orders'", []],
    ['a raw SQL string', "const q = 'delete from sessions where id = $1'", ['SQL string']],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, under test
    ['a raw SQL template', 'const q = `update carts set items = ${items} where user_id = $1`', ['SQL string']],
    ['an English sentence', "const m = 'Select a product from the list'", []],
    ['an error message without SQL', "throw new Error('order not found')", []],
  ])('finds SQL: %s', (_case, text, kinds) => {
    expect(scanSource(text, 'x.ts').sql.map((s) => s.kind)).toEqual(kinds)
  })

  it('counts a template nested in another sql template once each, and keeps their text', () => {
    const scan = scanSource(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, under test
      'const q = sql`select * from orders o ${where ? sql`join vendor_orders v on true` : sql``}`',
      'x.ts',
    )
    expect(scan.sql.map((s) => s.kind)).toEqual(['sql`…`', 'sql`…`', 'sql`…`'])
    expect(scan.sqlTexts[0]).toContain('from orders')
    expect(scan.sqlTexts[1]).toContain('join vendor_orders')
  })
})

describe('tables', () => {
  const { tables, schema } = readTables(
    [
      'CREATE TABLE "products" (\n"id" serial);\nCREATE TABLE "orders" ("id" serial);',
      'CREATE TABLE search_terms (term text);\ncreate unlogged table if not exists "rate_limits" (key text);',
    ],
    {
      '@soko/db/schema/orders':
        "export const orders = pgTable(\n  'orders',\n  {})\nexport const carts = pgTable('carts', {})",
    },
  )

  it('reads the tables the migrations create and the Drizzle bindings', () => {
    expect([...tables].sort()).toEqual(['orders', 'products', 'rate_limits', 'search_terms'])
    expect(schema).toEqual({ '@soko/db/schema/orders': { orders: 'orders', carts: 'carts' } })
  })

  it.each([
    ['select p.id from products p join orders o on o.id = p.id', ['orders', 'products']],
    ['insert into search_terms (term) values ($1)', ['search_terms']],
    ['update "orders" set status = 1', ['orders']],
    ['delete from rate_limits where key = $1', ['rate_limits']],
    ['select * from unknown_table', []],
    ['insert into orders values (1) on conflict (id) do update set status = 2', ['orders']],
  ])('%s names %j', (text, expected) => {
    expect([...tablesIn(text, tables)].sort()).toEqual(expected)
  })

  it('counts the Drizzle tables a file imports as values', () => {
    const scan = scanSource(
      "import { orders } from '@soko/db/schema/orders'\nconst q = sql`select 1 from products`",
      'x.ts',
    )
    expect([...tablesTouched(scan, { tables, schema })].sort()).toEqual(['orders', 'products'])
  })
})

describe('resolving imports', () => {
  const files = new Set([
    `${S}/modules/checkout/repository.ts`,
    `${S}/modules/orders/index.ts`,
    'apps/web/app/features/cart/cart-line.tsx',
    'packages/db/src/client.ts',
    'apps/payment-simulators/src/index.ts',
  ])
  const context = {
    exists: (path) => files.has(path),
    workspaces: new Map([
      ['@soko/db', { dir: 'packages/db', manifest: { exports: { './*': './src/*.ts' } } }],
      [
        '@soko/payment-simulators',
        { dir: 'apps/payment-simulators', manifest: { exports: { '.': './src/index.ts' } } },
      ],
    ]),
  }
  it.each([
    [`${S}/modules/cart/service.ts`, '../checkout/repository.ts', `${S}/modules/checkout/repository.ts`],
    [`${S}/modules/cart/service.ts`, '../checkout/repository', `${S}/modules/checkout/repository.ts`],
    [`${S}/modules/cart/service.ts`, '../checkout/repository.js', `${S}/modules/checkout/repository.ts`],
    [`${S}/modules/cart/service.ts`, '../orders', `${S}/modules/orders/index.ts`],
    ['apps/web/app/features/checkout/x.tsx', '../cart/cart-line', 'apps/web/app/features/cart/cart-line.tsx'],
    [`${S}/app.ts`, '@soko/db/client', 'packages/db/src/client.ts'],
    [`${S}/main.ts`, '@soko/payment-simulators', 'apps/payment-simulators/src/index.ts'],
  ])('%s: %s → %s', (from, specifier, path) => {
    expect(resolveImport(from, specifier, context).path).toBe(path)
  })

  it.each([
    ['node:crypto', 'builtin'],
    ['fs', 'builtin'],
    ['fs/promises', 'builtin'],
    ['zod', 'package'],
    ['@fastify/static', 'package'],
    ['virtual:react-router/server-build', 'other'],
  ])('%s is a %s', (specifier, kind) => {
    expect(resolveImport(`${S}/app.ts`, specifier, context).kind).toBe(kind)
  })
})

describe('the allow-list', () => {
  const violation = (file, target, rule) => ({ file, line: 1, rule, target })
  const a = violation(`${S}/modules/cart/service.ts`, `${S}/modules/checkout/repository.ts`, 'repository-import')
  const b = violation(`${S}/modules/seo/routes.ts`, 'SQL', 'sql-outside-repository')

  it('writes a violation as `file -> target (rule)`', () => {
    expect(allowKey(b)).toBe('apps/server/src/modules/seo/routes.ts -> SQL (sql-outside-repository)')
  })

  it('skips comments and blank lines', () => {
    expect(parseAllowList(`# known\n\n  ${allowKey(a)}  \n# ${allowKey(b)}\n`)).toEqual([allowKey(a)])
  })

  it.each([
    ['passes what it lists', [a, b], [allowKey(a), allowKey(b)], { fresh: [], known: [a, b], stale: [] }],
    ['fails a violation it does not list', [a, b], [allowKey(a)], { fresh: [b], known: [a], stale: [] }],
    [
      'fails an entry that no longer occurs',
      [a],
      [allowKey(a), allowKey(b)],
      { fresh: [], known: [a], stale: [allowKey(b)] },
    ],
    [
      'covers two imports of one target with one entry',
      [a, { ...a, line: 9 }],
      [allowKey(a)],
      { fresh: [], known: [a, { ...a, line: 9 }], stale: [] },
    ],
  ])('%s', (_case, violations, entries, expected) => {
    expect(compareWithAllowList(violations, entries)).toEqual(expected)
  })
})

describe('a whole repository', () => {
  const root = mkdtempSync(join(tmpdir(), 'soko-boundaries-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  write('package.json', JSON.stringify({ workspaces: ['apps/*', 'packages/*'], devDependencies: { vitest: '*' } }))
  write(
    'apps/server/package.json',
    JSON.stringify({ name: '@soko/server', dependencies: { '@soko/db': '*', '@soko/payment-simulators': '*' } }),
  )
  write(
    'apps/payment-simulators/package.json',
    JSON.stringify({ name: '@soko/payment-simulators', exports: { '.': './src/index.ts' } }),
  )
  write('apps/payment-simulators/src/index.ts', 'export const start = 1\n')
  write('packages/db/package.json', JSON.stringify({ name: '@soko/db', exports: { './*': './src/*.ts' } }))
  write('packages/db/src/typed-sql.ts', 'export const typedRows = 1\n')
  write('packages/db/migrations/0000.sql', 'CREATE TABLE "carts" ();\nCREATE TABLE "orders" ();\n')
  write('apps/server/src/main.ts', "import { standIns } from './stand-ins.ts'\nimport './app.ts'\n")
  write(
    'apps/server/src/stand-ins.ts',
    "import { start } from '@soko/payment-simulators'\nexport const standIns = start\n",
  )
  write('apps/server/src/app.ts', "import { cart } from './modules/cart/service.ts'\n")
  write(
    'apps/server/src/modules/orders/repository.ts',
    "import { typedRows } from '@soko/db/typed-sql'\nexport const q = sql`select * from orders`\n",
  )
  write(
    'apps/server/src/modules/cart/service.ts',
    [
      "import { q } from '../orders/repository'",
      "import { start } from '@soko/payment-simulators'",
      "import { z } from 'zod'",
      'export const cart = sql`update carts set items = 1`',
    ].join('\n'),
  )
  write('apps/server/src/modules/cart/cart.test.ts', "import { q } from '../orders/repository.ts'\nimport 'vitest'\n")

  const { files, context } = scanRepository(root)
  const { violations, edges } = findViolations(files, context)

  it('finds every violation, with its line', () => {
    expect(violations.map((v) => `${v.file}:${v.line}  ${v.rule}  ${v.target}`)).toEqual([
      'apps/server/src/modules/cart/service.ts:1  repository-import  apps/server/src/modules/orders/repository.ts',
      'apps/server/src/modules/cart/service.ts:2  simulators-import  @soko/payment-simulators',
      'apps/server/src/modules/cart/service.ts:3  undeclared-dependency  zod',
      'apps/server/src/modules/cart/service.ts:4  sql-outside-repository  SQL',
    ])
  })

  it('reports tables per module and the crossing imports', () => {
    const text = report(files, edges, readTables(['CREATE TABLE "carts" ();\nCREATE TABLE "orders" ();'], {}))
    expect(text).toMatch(/ cart +1 +carts\n/)
    expect(text).toMatch(/ orders +1 +orders\n/)
    expect(text).toContain('Server files outside repositories that hold SQL: 1')
    expect(text).toContain(
      "Imports of another module's repository: 1\n  apps/server/src/modules/cart/service.ts:1 -> apps/server/src/modules/orders/repository.ts",
    )
  })
})
