import { auditLog } from '@soko/db/schema/audit'
import { typedRows, value } from '@soko/db/typed-sql'
import { desc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, registerUser, signIn } from './support/accounts.ts'
import { CATEGORY, loadSearchFixture, VENDOR } from './support/search-fixture.ts'
import { engines, startTestServer, type TestServer } from './support/test-server.ts'

// Kenyan words in search (decision 0030): the synonyms table seeded by migration 0032, on the search fixture plus
// the products each word could be confused with.

interface Listing {
  id: number
  name: string
}

interface AdminSynonym {
  id: number
  term: string
  expansions: string[]
  kind: 'kiswahili' | 'sheng'
  updated_at: string
}

interface ErrorAnswer {
  code: string
  errors?: Record<string, string[]>
}

const SEEDS = 30
const FEEDS = 31
const SUGAR = 32

/** [id, category, name, sales]: more sales than the products meant, so that only relevance puts those first. */
const EXTRA: [number, number, string, number][] = [
  [101, SEEDS, 'Simlaw Watermelon Sukari F1 Seeds 25g', 5000],
  [102, SUGAR, 'Mumias White Sugar 2kg', 10],
  [103, SUGAR, 'Kabras Brown Sugar 1kg', 20],
  [104, FEEDS, 'Unga Farm Care Dairy Meal 50kg', 5000],
  [105, FEEDS, 'Unga Farm Care Layers Mash 70kg', 4000],
  [106, CATEGORY.flour, 'Jogoo Sifted Maize Meal 2kg', 5],
  [107, CATEGORY.phoneAccessories, 'Safaricom SIM Card Holder', 1],
  [108, CATEGORY.phoneAccessories, 'Nano SIM Adapter Kit', 2],
  [109, CATEGORY.groceries, 'Elianto Vegetable Oil 2L', 1],
  [110, CATEGORY.groceries, 'Kasuku Cooking Fat 1kg', 2],
  [111, CATEGORY.groceries, 'Rina Sunflower Oil 1L', 3],
  [112, CATEGORY.groceries, 'Bidco Mafuta Bora Hair Oil', 5000],
]

async function loadProducts(server: TestServer): Promise<void> {
  await loadSearchFixture(server.database)
  const { db } = server.database
  await db.execute(sql`insert into categories (id, parent_id, slug, name, is_active, position) values
    (${SEEDS}, null, 'seeds', 'Seeds & Seedlings', true, 30),
    (${FEEDS}, null, 'animal-feeds', 'Animal Feeds & Vet', true, 31),
    (${SUGAR}, ${CATEGORY.groceries}, 'sugar-salt-spices', 'Sugar, Salt & Spices', true, 32)`)
  for (const [id, category, name, sales] of EXTRA) {
    await db.execute(sql`insert into products (id, business_id, category_id, slug, name, description, price_cents,
        stock_qty, sales_count, is_active)
      values (${id}, ${VENDOR.mamaPima}, ${category}, ${`extra-${id}`}, ${name}, 'Fresh stock.', 50000, 10, ${sales},
        true)`)
  }
}

async function newAdmin(server: TestServer): Promise<Client> {
  const credentials = await registerUser(server)
  await server.database.db.execute(sql`update users set role = 'superuser' where lower(email) = ${credentials.email}`)
  return (await signIn(server, credentials)).client
}

describe.each(engines)('search synonyms (%s)', (engine) => {
  let server: TestServer
  let admin: Client

  beforeAll(async () => {
    server = await startTestServer(engine)
    await loadProducts(server)
    admin = await newAdmin(server)
  })
  afterAll(() => server.close())

  async function names(q: string): Promise<string[]> {
    const response = await fetch(`${server.url}/api/marketplace/search/?q=${encodeURIComponent(q)}&per_page=50`)
    expect(response.status).toBe(200)
    return ((await response.json()) as { products: Listing[] }).products.map((p) => p.name)
  }

  async function suggestions(q: string): Promise<string[]> {
    const response = await fetch(`${server.url}/api/marketplace/search/suggestions/?q=${encodeURIComponent(q)}`)
    expect(response.status).toBe(200)
    return ((await response.json()) as { suggestions: string[] }).suggestions
  }

  it('seeds at least 150 Kiswahili and Sheng words', async () => {
    const [row] = await typedRows(
      server.database.db,
      { n: value.int, sheng: value.int },
      sql`select count(*)::int as n, (count(*) filter (where kind = 'sheng'))::int as sheng from search_synonyms`,
    )
    expect(row?.n).toBeGreaterThanOrEqual(150)
    expect(row?.sheng).toBeGreaterThan(0)
  })

  it('finds sugar for sukari before the watermelon seeds named Sukari', async () => {
    const found = await names('sukari')
    expect(found.slice(0, 2).sort()).toEqual(['Kabras Brown Sugar 1kg', 'Mumias White Sugar 2kg'])
    expect(found).toContain('Simlaw Watermelon Sukari F1 Seeds 25g')
  })

  it('ranks maize and wheat flour above animal feeds for unga', async () => {
    const found = await names('unga')
    const feeds = found.filter((name) => name.startsWith('Unga Farm Care'))
    expect(feeds).toHaveLength(2)
    const firstFeed = found.indexOf(feeds[0] ?? '')
    for (const flour of [
      'Jogoo Maize Flour 2kg',
      'Pembe Maize Flour 1kg',
      'Unga wa Ngano Wheat Flour 2kg',
      'Jogoo Sifted Maize Meal 2kg',
    ]) {
      expect(found.indexOf(flour), flour).toBeGreaterThanOrEqual(0)
      expect(found.indexOf(flour), flour).toBeLessThan(firstFeed)
    }
  })

  it('finds phones for simu, never "SIM" by typo tolerance', async () => {
    // 'simu' means phone: the phones (by their category) come first, and the SIM accessories only as the phone
    // accessories they are (typo-corrected to 'sim', their names would have put them first).
    const found = await names('simu')
    const sims = found.flatMap((name, index) => (/\bSIM\b/.test(name) ? [index] : []))
    for (const phone of ['Samsung Galaxy A15 128GB', 'Samsung Galaxy A05 64GB', 'Tecno Spark 20']) {
      expect(found.indexOf(phone), phone).toBeGreaterThanOrEqual(0)
      expect(found.indexOf(phone), phone).toBeLessThan(Math.min(...sims))
    }
    // A word the table does not know is still corrected: 'sim' is within one edit of 'simm'.
    expect(await names('simm')).toContain('Safaricom SIM Card Holder')
  })

  it('understands a term of several words, the longest first, with the other words of the text', async () => {
    const found = await names('mafuta ya kupikia')
    expect(found.slice(0, 3).sort()).toEqual([
      'Elianto Vegetable Oil 2L',
      'Kasuku Cooking Fat 1kg',
      'Rina Sunflower Oil 1L',
    ])
    // With another word: the products with both first.
    expect((await names('mafuta ya kupikia 2L'))[0]).toBe('Elianto Vegetable Oil 2L')
    // 'mafuta' alone means oil or fat.
    expect(await names('mafuta')).toEqual(
      expect.arrayContaining(['Elianto Vegetable Oil 2L', 'Kasuku Cooking Fat 1kg']),
    )
    // Case, accents and punctuation do not matter.
    expect((await names('MAFUTA  ya Kupíkia!')).slice(0, 3).sort()).toEqual(found.slice(0, 3).sort())
  })

  it('offers the English name for a Kiswahili word being typed', async () => {
    const typed = await suggestions('suka')
    expect(typed[0]).toBe('sugar')
    expect(typed).toContain('Mumias White Sugar 2kg')
    expect((await suggestions('viatu'))[0]).toBe('shoes')
    // Words the table does not have are suggested as before.
    expect(await suggestions('samsu')).toContain('Samsung Galaxy A15 128GB')
  })

  it('lets admins add, edit and remove words, audited, and search follows at once', async () => {
    expect(await names('kiberenge')).toEqual([])
    const created = await admin.post<AdminSynonym>('/api/admin/search/synonyms/', {
      term: '  Kiberenge ',
      expansions: ['Rice', ' rice ', 'pishori'],
      kind: 'sheng',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ term: 'kiberenge', expansions: ['rice', 'pishori'], kind: 'sheng' })
    expect(await names('kiberenge')).toEqual(['Mwea Pishori Rice 2kg'])

    const listed = await admin.get<{ synonyms: AdminSynonym[] }>('/api/admin/search/synonyms/')
    expect(listed.status).toBe(200)
    expect(listed.body.synonyms.map((s) => s.term)).toContain('kiberenge')
    expect(listed.body.synonyms.length).toBeGreaterThanOrEqual(151)

    const id = created.body.id
    const edited = await admin.put<AdminSynonym>(`/api/admin/search/synonyms/${id}/`, {
      term: 'kiberenge',
      expansions: ['flour'],
      kind: 'kiswahili',
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ id, expansions: ['flour'], kind: 'kiswahili' })
    expect(await names('kiberenge')).toContain('Jogoo Maize Flour 2kg')

    const actions = await typedRows(
      server.database.db,
      { action: auditLog.action, subject_id: auditLog.subjectId },
      sql`select action, subject_id from audit_log where subject_type = 'search_synonym' order by id desc limit 2`,
    )
    expect(actions).toEqual([
      { action: 'search_synonym.updated', subject_id: id },
      { action: 'search_synonym.created', subject_id: id },
    ])

    expect((await admin.delete(`/api/admin/search/synonyms/${id}/`)).status).toBe(204)
    expect(await names('kiberenge')).toEqual([])
    expect((await admin.delete(`/api/admin/search/synonyms/${id}/`)).status).toBe(404)
    expect((await admin.put(`/api/admin/search/synonyms/${id}/`, { term: 'x', expansions: ['y'] })).status).toBe(404)
    const [last] = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(last?.action).toBe('search_synonym.deleted')
  })

  it('refuses bad words with 400 on the field, and a term already there', async () => {
    const cases: [unknown, string][] = [
      [{ term: '', expansions: ['x'] }, 'term'],
      [{ term: '!!!', expansions: ['x'] }, 'term'],
      [{ term: 'a b c d e', expansions: ['x'] }, 'term'],
      [{ term: 'x'.repeat(81), expansions: ['x'] }, 'term'],
      [{ term: 'kiberenge', expansions: [] }, 'expansions'],
      [{ term: 'kiberenge', expansions: ['---'] }, 'expansions'],
      [{ term: 'kiberenge', expansions: Array.from({ length: 11 }, (_, i) => `w${i}`) }, 'expansions'],
      [{ term: 'kiberenge', expansions: ['rice'], kind: 'english' }, 'kind'],
      [{ term: 'Sukari', expansions: ['sugar'] }, 'term'],
    ]
    for (const [body, field] of cases) {
      const answer = await admin.post<ErrorAnswer>('/api/admin/search/synonyms/', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe('invalid_data')
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body)).toContain(field)
    }
  })

  it('is for admins only', async () => {
    const guest = new Client(server)
    expect((await guest.get('/api/admin/search/synonyms/')).status).toBe(401)
    const shopper = (await signIn(server, await registerUser(server))).client
    expect((await shopper.get('/api/admin/search/synonyms/')).status).toBe(403)
    const refused = await shopper.post('/api/admin/search/synonyms/', { term: 'kiberenge', expansions: ['rice'] })
    expect(refused.status).toBe(403)
    expect(await names('kiberenge')).toEqual([])
  })
})
