import type { DatabaseHandle } from '@soko/db/client'
import { Param, sql } from 'drizzle-orm'
import { truncateCatalog } from './test-server.ts'

// A small, fixed catalogue for the search tests (after `truncateCatalog`): names, categories, shops, prices, stock,
// sales, dates and ratings chosen so that each relevance rule, filter, sort and facet has a known answer.

export const CATEGORY = {
  phones: 1,
  smartphones: 2,
  phoneAccessories: 3,
  kitchen: 4,
  sufuria: 5,
  fashion: 6,
  kitenge: 7,
  shoes: 8,
  groceries: 9,
  flour: 10,
  rice: 11,
  electronics: 12,
  tvs: 13,
  hidden: 14,
} as const

export const VENDOR = { phoneHub: 1, metalCrafts: 2, gikomba: 3, mamaPima: 4, closed: 5 } as const

const categories: [id: number, parent: number | null, slug: string, name: string, active: boolean][] = [
  [1, null, 'phones-tablets', 'Phones & Tablets', true],
  [2, 1, 'smartphones', 'Smartphones', true],
  [3, 1, 'phone-accessories', 'Phone Accessories', true],
  [4, null, 'home-kitchen', 'Home & Kitchen', true],
  [5, 4, 'sufuria-cookware', 'Sufuria & Cookware', true],
  [6, null, 'fashion', 'Fashion', true],
  [7, 6, 'kitenge-african-prints', 'Kitenge & African Prints', true],
  [8, 6, 'shoes', 'Shoes', true],
  [9, null, 'groceries', 'Groceries', true],
  [10, 9, 'unga-flour', 'Unga & Flour', true],
  [11, 9, 'rice-grains', 'Rice & Grains', true],
  [12, null, 'electronics', 'Electronics', true],
  [13, 12, 'tvs', 'TVs', true],
  [14, 12, 'hidden-gadgets', 'Hidden Gadgets', false],
]

const vendors: [id: number, slug: string, name: string, verified: boolean, active: boolean][] = [
  [1, 'luthuli-phone-hub', 'Luthuli Phone Hub', true, true],
  [2, 'kamukunji-metal-crafts', 'Kamukunji Metal Crafts', false, true],
  [3, 'gikomba-fashions', 'Gikomba Fashions', true, true],
  [4, 'mama-pima-groceries', 'Mama Pima Groceries', false, true],
  [5, 'closed-samsung-shop', 'Closed Samsung Shop', true, false],
]

export interface FixtureProduct {
  id: number
  slug: string
  name: string
  description: string
  category: number
  vendor: number
  /** KES */
  price: number
  /** KES */
  discounted?: number
  stock: number
  sales: number
  /** Days before 2026-01-31. */
  age: number
  ratings?: number[]
  active?: boolean
}

/** Visible products have ids 1-21; 22-24 must never be found (closed shop, inactive product, hidden category). */
export const PRODUCTS: FixtureProduct[] = [
  {
    id: 1,
    slug: 'samsung-galaxy-a15',
    name: 'Samsung Galaxy A15 128GB',
    description: 'A big display and a battery that lasts all day.',
    category: CATEGORY.smartphones,
    vendor: VENDOR.phoneHub,
    price: 18999,
    stock: 10,
    sales: 50,
    age: 10,
    ratings: [5, 5, 4],
  },
  {
    id: 2,
    slug: 'samsung-galaxy-a05',
    name: 'Samsung Galaxy A05 64GB',
    description: 'An affordable phone for calls, WhatsApp and M-Pesa.',
    category: CATEGORY.smartphones,
    vendor: VENDOR.phoneHub,
    price: 13500,
    discounted: 12500,
    stock: 4,
    sales: 80,
    age: 40,
    ratings: [3],
  },
  {
    id: 3,
    slug: 'tecno-spark-20',
    name: 'Tecno Spark 20',
    description: 'A smartphone with a 50MP camera.',
    category: CATEGORY.smartphones,
    vendor: VENDOR.phoneHub,
    price: 14000,
    stock: 7,
    sales: 120,
    age: 5,
    ratings: [4, 4],
  },
  {
    id: 4,
    slug: 'clear-case-galaxy-a15',
    name: 'Clear Case for Samsung Galaxy A15',
    description: 'Shockproof and slim.',
    category: CATEGORY.phoneAccessories,
    vendor: VENDOR.phoneHub,
    price: 450,
    stock: 50,
    sales: 200,
    age: 60,
  },
  {
    id: 5,
    slug: 'fast-charger-18w',
    name: 'Fast Charger 18W',
    description: 'Charges Samsung, Tecno and Infinix phones quickly.',
    category: CATEGORY.phoneAccessories,
    vendor: VENDOR.phoneHub,
    price: 1000,
    stock: 30,
    sales: 1000,
    age: 90,
  },
  {
    id: 6,
    slug: 'kamukunji-sufuria-14',
    name: 'Kamukunji Handmade Sufuria No. 14',
    description: 'Hand-beaten aluminium that lasts for years.',
    category: CATEGORY.sufuria,
    vendor: VENDOR.metalCrafts,
    price: 1200,
    stock: 12,
    sales: 30,
    age: 100,
    ratings: [2],
  },
  {
    id: 7,
    slug: 'aluminium-sufuria-set',
    name: 'Heavy Aluminium Sufuria Set',
    description: 'Five pots with lids.',
    category: CATEGORY.sufuria,
    vendor: VENDOR.metalCrafts,
    price: 5000,
    stock: 0,
    sales: 10,
    age: 3,
  },
  {
    id: 8,
    slug: 'non-stick-frying-pan',
    name: 'Non-stick Frying Pan',
    description: 'For eggs and chapati.',
    category: CATEGORY.sufuria,
    vendor: VENDOR.metalCrafts,
    price: 2500,
    stock: 9,
    sales: 400,
    age: 20,
  },
  {
    id: 9,
    slug: 'charcoal-jiko',
    name: 'Charcoal Jiko',
    description: 'Fits a sufuria of any size and saves charcoal.',
    category: CATEGORY.kitchen,
    vendor: VENDOR.metalCrafts,
    price: 3000,
    stock: 5,
    sales: 900,
    age: 30,
  },
  {
    id: 10,
    slug: 'kitenge-maxi-dress',
    name: 'Kitenge Maxi Dress',
    description: 'Bold wax print, made in Nairobi.',
    category: CATEGORY.kitenge,
    vendor: VENDOR.gikomba,
    price: 2400,
    stock: 6,
    sales: 15,
    age: 8,
    ratings: [5],
  },
  {
    id: 11,
    slug: 'kitenge-shirt',
    name: 'Kitenge Shirt',
    description: 'Short sleeves, cotton.',
    category: CATEGORY.kitenge,
    vendor: VENDOR.gikomba,
    price: 1800,
    stock: 6,
    sales: 999,
    age: 9,
  },
  {
    id: 12,
    slug: 'ankara-maxi-dress',
    name: 'Ankara Maxi Dress',
    description: 'Flowing and bright.',
    category: CATEGORY.kitenge,
    vendor: VENDOR.gikomba,
    price: 2000,
    stock: 6,
    sales: 5,
    age: 12,
  },
  {
    id: 13,
    slug: 'leather-shoe',
    name: 'Leather Shoe',
    description: 'Hand-stitched in Kariakor.',
    category: CATEGORY.shoes,
    vendor: VENDOR.gikomba,
    price: 3500,
    stock: 2,
    sales: 25,
    age: 14,
    ratings: [1],
  },
  {
    id: 14,
    slug: 'canvas-shoes',
    name: 'Canvas Shoes',
    description: 'Light and washable.',
    category: CATEGORY.shoes,
    vendor: VENDOR.gikomba,
    price: 1500,
    stock: 20,
    sales: 60,
    age: 16,
  },
  {
    id: 15,
    slug: 'creme-brulee-cafe-apron',
    name: 'Crème Brûlée Café Apron',
    description: 'A kitchen apron with pockets.',
    category: CATEGORY.kitchen,
    vendor: VENDOR.metalCrafts,
    price: 800,
    stock: 3,
    sales: 1,
    age: 50,
  },
  {
    id: 16,
    slug: 'cotton-kikoy',
    name: 'Cotton Kikoy',
    description: 'A striped wrap from the coast.',
    category: CATEGORY.kitenge,
    vendor: VENDOR.gikomba,
    price: 1100,
    stock: 8,
    sales: 40,
    age: 70,
  },
  {
    id: 17,
    slug: 'jogoo-maize-flour-2kg',
    name: 'Jogoo Maize Flour 2kg',
    description: 'Sifted maize meal for ugali.',
    category: CATEGORY.flour,
    vendor: VENDOR.mamaPima,
    price: 180,
    stock: 100,
    sales: 500,
    age: 2,
    ratings: [4, 5],
  },
  {
    id: 18,
    slug: 'pembe-maize-flour-1kg',
    name: 'Pembe Maize Flour 1kg',
    description: 'Fortified with vitamins.',
    category: CATEGORY.flour,
    vendor: VENDOR.mamaPima,
    price: 95,
    stock: 100,
    sales: 450,
    age: 4,
  },
  {
    id: 19,
    slug: 'unga-wa-ngano-2kg',
    name: 'Unga wa Ngano Wheat Flour 2kg',
    description: 'For chapati and mandazi.',
    category: CATEGORY.flour,
    vendor: VENDOR.mamaPima,
    price: 210,
    stock: 100,
    sales: 300,
    age: 6,
  },
  {
    id: 20,
    slug: 'mwea-pishori-rice-2kg',
    name: 'Mwea Pishori Rice 2kg',
    description: 'Aromatic long grain.',
    category: CATEGORY.rice,
    vendor: VENDOR.mamaPima,
    price: 420,
    stock: 100,
    sales: 350,
    age: 1,
  },
  {
    id: 21,
    slug: 'samsung-65-qled-tv',
    name: 'Samsung 65-inch QLED TV',
    description: 'Crisp 4K picture with a free-to-air decoder.',
    category: CATEGORY.tvs,
    vendor: VENDOR.phoneHub,
    price: 85000,
    stock: 1,
    sales: 3,
    age: 25,
    ratings: [5, 4, 4],
  },
  {
    id: 22,
    slug: 'samsung-from-closed-shop',
    name: 'Samsung Galaxy A25 From A Closed Shop',
    description: 'Should never be found.',
    category: CATEGORY.smartphones,
    vendor: VENDOR.closed,
    price: 20000,
    stock: 5,
    sales: 5000,
    age: 1,
  },
  {
    id: 23,
    slug: 'samsung-inactive',
    name: 'Samsung Galaxy A35 Withdrawn',
    description: 'Should never be found.',
    category: CATEGORY.smartphones,
    vendor: VENDOR.phoneHub,
    price: 30000,
    stock: 5,
    sales: 5000,
    age: 1,
    active: false,
  },
  {
    id: 24,
    slug: 'samsung-hidden-gadget',
    name: 'Samsung Hidden Gadget',
    description: 'Should never be found.',
    category: CATEGORY.hidden,
    vendor: VENDOR.phoneHub,
    price: 999,
    stock: 5,
    sales: 5000,
    age: 1,
  },
]

export const VISIBLE = PRODUCTS.filter((p) => p.id <= 21)

const arr = (values: unknown[]) => new Param(values)
const DAY_MS = 86_400_000
const EPOCH = Date.UTC(2026, 0, 31)

/** Empties the catalogue and inserts the fixture (ids as above). */
export async function loadSearchFixture(database: DatabaseHandle): Promise<void> {
  await truncateCatalog(database)
  const { db } = database
  const ordered = [...categories].sort((a, b) => Number(a[1] !== null) - Number(b[1] !== null))
  await db.execute(sql`
    insert into categories (id, parent_id, slug, name, is_active, position)
    select * from unnest(${arr(ordered.map((c) => c[0]))}::int[], ${arr(ordered.map((c) => c[1]))}::int[],
      ${arr(ordered.map((c) => c[2]))}::text[], ${arr(ordered.map((c) => c[3]))}::text[],
      ${arr(ordered.map((c) => c[4]))}::boolean[], ${arr(ordered.map((c) => c[0]))}::int[])`)
  await db.execute(sql`
    insert into businesses (id, slug, name, is_verified, is_active, type, county)
    select *, 'Retailer', 'Nairobi' from unnest(${arr(vendors.map((v) => v[0]))}::int[],
      ${arr(vendors.map((v) => v[1]))}::text[], ${arr(vendors.map((v) => v[2]))}::text[],
      ${arr(vendors.map((v) => v[3]))}::boolean[], ${arr(vendors.map((v) => v[4]))}::boolean[])`)
  await db.execute(sql`
    insert into products (id, business_id, category_id, slug, name, description, price_cents, discounted_price_cents,
      stock_qty, sales_count, is_active, created_at)
    select * from unnest(
      ${arr(PRODUCTS.map((p) => p.id))}::int[], ${arr(PRODUCTS.map((p) => p.vendor))}::int[],
      ${arr(PRODUCTS.map((p) => p.category))}::int[], ${arr(PRODUCTS.map((p) => p.slug))}::text[],
      ${arr(PRODUCTS.map((p) => p.name))}::text[], ${arr(PRODUCTS.map((p) => p.description))}::text[],
      ${arr(PRODUCTS.map((p) => p.price * 100))}::int[],
      ${arr(PRODUCTS.map((p) => (p.discounted === undefined ? null : p.discounted * 100)))}::int[],
      ${arr(PRODUCTS.map((p) => p.stock))}::int[], ${arr(PRODUCTS.map((p) => p.sales))}::int[],
      ${arr(PRODUCTS.map((p) => p.active ?? true))}::boolean[],
      ${arr(PRODUCTS.map((p) => new Date(EPOCH - p.age * DAY_MS).toISOString()))}::timestamptz[])`)
  const reviews = PRODUCTS.flatMap((p) => (p.ratings ?? []).map((rating) => ({ productId: p.id, rating })))
  await db.execute(sql`
    insert into reviews (product_id, rating, author_name)
    select *, 'Wanjiku M.' from unnest(${arr(reviews.map((r) => r.productId))}::int[],
      ${arr(reviews.map((r) => r.rating))}::smallint[])
      as r(product_id, rating)`)
  for (const table of ['categories', 'businesses', 'products', 'reviews']) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}) + 1, false)`),
    )
  }
}

/** The average rating as the API shows it (one decimal), or null. */
export function averageOf(product: FixtureProduct): number | null {
  const ratings = product.ratings ?? []
  if (ratings.length === 0) return null
  return Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
}

export function effectivePrice(product: FixtureProduct): number {
  return product.discounted ?? product.price
}
