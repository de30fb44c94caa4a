import { describe, expect, it } from 'vitest'
import { type DemoProduct, demoCatalogue, demoProducts, demoReviews } from './demo-catalogue.ts'
import { KENYA_COUNTIES } from './demo-data/kenya-counties.ts'
import { DEMO_VENDOR_SEEDS } from './demo-data/vendors.ts'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const catalogue = demoCatalogue()
const categoryBySlug = new Map(catalogue.categories.map((c) => [c.slug, c]))
const leafSlugs = new Set(catalogue.categories.filter((c) => c.parentSlug !== null).map((c) => c.slug))
const vendorBySlug = new Map(catalogue.vendors.map((v) => [v.slug, v]))
const products = [...demoProducts(2000)]

const share = (items: readonly DemoProduct[], test: (p: DemoProduct) => boolean) =>
  items.filter(test).length / items.length

describe('demoCatalogue categories', () => {
  it('is a two-level tree of about ten departments with 2-5 leaves each', () => {
    const departments = catalogue.categories.filter((c) => c.parentSlug === null)
    expect(catalogue.categories.length).toBeGreaterThanOrEqual(24)
    expect(departments.length).toBeGreaterThanOrEqual(9)
    expect(departments.length).toBeLessThanOrEqual(12)
    for (const dept of departments) {
      const children = catalogue.categories.filter((c) => c.parentSlug === dept.slug)
      expect(children.length, dept.slug).toBeGreaterThanOrEqual(2)
      expect(children.length, dept.slug).toBeLessThanOrEqual(5)
      expect(children.map((c) => c.position).sort((a, b) => a - b)).toEqual(children.map((_, i) => i))
    }
    for (const leaf of catalogue.categories.filter((c) => c.parentSlug !== null)) {
      const parent = categoryBySlug.get(leaf.parentSlug ?? '')
      expect(parent, leaf.slug).toBeDefined()
      expect(parent?.parentSlug, `${leaf.slug} must hang off a department`).toBeNull()
    }
    expect(departments.map((c) => c.position)).toEqual(departments.map((_, i) => i))
  })

  it('lists parents before their children, with unique well-formed slugs and valid hues', () => {
    const seen = new Set<string>()
    for (const c of catalogue.categories) {
      expect(c.slug).toMatch(SLUG)
      expect(seen.has(c.slug), c.slug).toBe(false)
      if (c.parentSlug !== null) expect(seen.has(c.parentSlug), c.slug).toBe(true)
      seen.add(c.slug)
      expect(Number.isInteger(c.hue) && c.hue >= 0 && c.hue <= 359, c.slug).toBe(true)
      expect(c.name.length).toBeGreaterThan(0)
      expect(c.imageAlt.length).toBeGreaterThan(10)
    }
  })

  it('includes the Kenyan staples', () => {
    for (const slug of [
      'phones-tablets',
      'smartphones',
      'feature-phones',
      'phone-accessories',
      'fashion',
      'kitenge-african-prints',
      'kikoy-shukas',
      'shoes',
      'home-kitchen',
      'sufuria-cookware',
      'jiko-cooking-stoves',
      'groceries',
      'unga-flour',
      'rice-grains',
      'tea-coffee',
      'cooking-oil',
      'agriculture',
      'seeds',
      'fertiliser-crop-care',
      'farm-tools',
      'books-stationery',
    ]) {
      expect(categoryBySlug.has(slug), slug).toBe(true)
    }
    expect(categoryBySlug.get('kitenge-african-prints')?.name).toBe('Kitenge & African Prints')
    expect(categoryBySlug.get('kitenge-african-prints')?.parentSlug).toBe('fashion')
  })
})

describe('demoCatalogue vendors', () => {
  it('has the 47 counties in the reference list', () => {
    expect(KENYA_COUNTIES).toHaveLength(47)
    expect(new Set(KENYA_COUNTIES).size).toBe(47)
    for (const county of ['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Uasin Gishu', 'Kiambu', 'Kilifi', "Murang'a"]) {
      expect(KENYA_COUNTIES).toContain(county)
    }
  })

  it('has at least 48 believable vendors in valid Kenyan counties', () => {
    expect(catalogue.vendors.length).toBeGreaterThanOrEqual(48)
    const counties: readonly string[] = KENYA_COUNTIES
    const slugs = new Set<string>()
    for (const v of catalogue.vendors) {
      expect(counties, `${v.name}: ${v.county}`).toContain(v.county)
      expect(v.slug).toMatch(SLUG)
      expect(slugs.has(v.slug), v.slug).toBe(false)
      slugs.add(v.slug)
      expect(v.phone).toMatch(/^\+254[17]\d{8}$/)
      // A number the Daraja simulator pays: none of its failing or silent endings.
      expect(v.payoutPhone).toMatch(/^\+25472210\d{4}$/)
      expect(['0001', '0003', '2040', '0404', '2222']).not.toContain(v.payoutPhone.slice(-4))
      expect(v.email).toMatch(/^[a-z]+@[a-z0-9-]+\.example$/)
      expect(['Retailer', 'Wholesaler', 'Manufacturer', 'Artisan', 'Farm', 'Boutique']).toContain(v.type)
      expect(v.town.length).toBeGreaterThan(0)
      expect(v.description.length).toBeGreaterThan(20)
      expect(Number.isInteger(v.createdDaysAgo) && v.createdDaysAgo > 0).toBe(true)
    }
    expect(new Set(catalogue.vendors.map((v) => v.email)).size).toBe(catalogue.vendors.length)
  })

  it('spreads vendors over the main towns and verifies about 60% of them', () => {
    const towns = new Set(catalogue.vendors.map((v) => `${v.town}, ${v.county}`))
    for (const town of [
      'Nairobi, Nairobi',
      'Mombasa, Mombasa',
      'Kisumu, Kisumu',
      'Nakuru, Nakuru',
      'Eldoret, Uasin Gishu',
      'Thika, Kiambu',
      'Machakos, Machakos',
      'Nyeri, Nyeri',
      'Kakamega, Kakamega',
      'Meru, Meru',
      'Kericho, Kericho',
      'Malindi, Kilifi',
    ]) {
      expect(towns, town).toContain(town)
    }
    const verified = catalogue.vendors.filter((v) => v.isVerified).length / catalogue.vendors.length
    expect(verified).toBeGreaterThan(0.5)
    expect(verified).toBeLessThan(0.7)
  })
})

describe('demoCatalogue banners', () => {
  it('has at least three banners linking to real categories', () => {
    expect(catalogue.banners.length).toBeGreaterThanOrEqual(3)
    catalogue.banners.forEach((b, i) => {
      expect(b.position).toBe(i)
      expect(b.title.length).toBeGreaterThan(0)
      expect(b.subtitle.length).toBeGreaterThan(0)
      expect(b.linkText.length).toBeGreaterThan(0)
      expect([b.stat1, b.stat1Label, b.stat2, b.stat2Label].every((s) => s.length > 0)).toBe(true)
      expect(Number.isInteger(b.hue) && b.hue >= 0 && b.hue <= 359).toBe(true)
      if (b.categorySlug !== null) expect(categoryBySlug.has(b.categorySlug), b.categorySlug).toBe(true)
      const linked = /^\/category\/([a-z0-9-]+)$|^\/products\?category=([a-z0-9-]+)$/.exec(b.linkUrl)
      expect(linked, b.linkUrl).not.toBeNull()
      const linkedSlug = linked?.[1] ?? linked?.[2] ?? ''
      expect(categoryBySlug.has(linkedSlug), b.linkUrl).toBe(true)
      if (b.categorySlug !== null) expect(linkedSlug).toBe(b.categorySlug)
    })
    const linked = catalogue.banners.map((b) => b.categorySlug)
    expect(linked).toContain('smartphones')
    expect(linked).toContain('kitenge-african-prints')
  })

  it('returns fresh copies on every call', () => {
    const first = demoCatalogue()
    const firstVendor = first.vendors[0]
    if (firstVendor) firstVendor.name = 'Changed'
    first.categories.length = 0
    const second = demoCatalogue()
    expect(second).toEqual(catalogue)
  })
})

describe('demoProducts', () => {
  it('generates exactly the requested count, and nothing for zero or negative counts', () => {
    expect(products).toHaveLength(2000)
    expect([...demoProducts(0)]).toEqual([])
    expect([...demoProducts(-5)]).toEqual([])
    expect([...demoProducts(3.7)]).toHaveLength(3)
  })

  it('puts every product in a leaf category, sold by a vendor that trades in it', () => {
    const seeds = new Map(DEMO_VENDOR_SEEDS.map((s) => [s.name, s]))
    for (const p of products) {
      expect(leafSlugs.has(p.categorySlug), p.categorySlug).toBe(true)
      const vendor = vendorBySlug.get(p.vendorSlug)
      expect(vendor, p.vendorSlug).toBeDefined()
      const department = categoryBySlug.get(p.categorySlug)?.parentSlug ?? ''
      const seed = seeds.get(vendor?.name ?? '')
      expect(seed?.departments, `${p.slug} by ${p.vendorSlug}`).toContain(department)
      if (seed?.leaves) expect(seed.leaves, `${p.slug} by ${p.vendorSlug}`).toContain(p.categorySlug)
      expect(p.createdDaysAgo).toBeLessThanOrEqual(vendor?.createdDaysAgo ?? 0)
    }
    // Every leaf shows up within the first 2,000 products.
    expect(new Set(products.map((p) => p.categorySlug))).toEqual(leafSlugs)
  })

  it('is deterministic, and a shorter run is a prefix of a longer one', () => {
    expect([...demoProducts(2000)]).toEqual(products)
    const longer = [...demoProducts(5000)]
    expect(longer.slice(0, 2000)).toEqual(products)
    expect([...demoProducts(10)]).toEqual(products.slice(0, 10))
  })

  it('generates 100,000 products with unique slugs', () => {
    const many = [...demoProducts(100_000)]
    expect(many).toHaveLength(100_000)
    const slugs = new Set<string>()
    for (const p of many) {
      if (!SLUG.test(p.slug) || slugs.has(p.slug)) throw new Error(`Bad or duplicate slug: ${p.slug}`)
      slugs.add(p.slug)
    }
    expect(slugs.size).toBe(100_000)
    expect(many.slice(0, 2000)).toEqual(products)
    const names = new Set(many.map((p) => p.name))
    for (const name of [
      'Jogoo Maize Flour 2kg',
      'Ketepa Pride Tea 500g',
      'Jiko Koa Charcoal Stove',
      'Heavy Aluminium Sufuria Set of 5',
      'Kikoy Beach Towel (Striped Blue)',
      'Samsung Galaxy A15 128GB (Black)',
      'Tecno Spark 20 Pro 256GB (Neon Gold)',
      'Ramtons 2-Burner Gas Cooker (Stainless Steel)',
      'Pure Cotton Kitenge Maxi Dress (M)',
    ]) {
      expect(names, name).toContain(name)
    }
  })

  it('has unique names within the first 2,000 products', () => {
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length)
  })

  it('prices in whole shillings with shop endings, and sales strictly below the price', () => {
    for (const p of products) {
      expect(Number.isInteger(p.priceCents) && p.priceCents > 0, p.slug).toBe(true)
      expect(p.priceCents % 100, p.slug).toBe(0)
      const kes = p.priceCents / 100
      expect(kes % 10 === 0 || kes % 100 === 99, `${p.slug}: KES ${kes}`).toBe(true)
      if (p.discountedPriceCents !== null) {
        expect(Number.isInteger(p.discountedPriceCents) && p.discountedPriceCents > 0, p.slug).toBe(true)
        expect(p.discountedPriceCents, p.slug).toBeLessThan(p.priceCents)
        expect(p.discountedPriceCents / p.priceCents, p.slug).toBeGreaterThanOrEqual(0.55)
        expect(p.discountedPriceCents / p.priceCents, p.slug).toBeLessThanOrEqual(0.96)
      }
    }
  })

  it('uses realistic KES price ranges for key categories', () => {
    const many = [...demoProducts(20_000)]
    const range = (slug: string, test: (p: DemoProduct) => boolean = () => true) => {
      const prices = many.filter((p) => p.categorySlug === slug && test(p)).map((p) => p.priceCents / 100)
      expect(prices.length, slug).toBeGreaterThan(0)
      return [Math.min(...prices), Math.max(...prices)]
    }
    const [phoneMin, phoneMax] = range('smartphones')
    expect(phoneMin).toBeGreaterThanOrEqual(7500)
    expect(phoneMax).toBeLessThanOrEqual(62_000)
    const [flourMin, flourMax] = range('unga-flour', (p) => /\b2kg$/.test(p.name))
    expect(flourMin).toBeGreaterThanOrEqual(140)
    expect(flourMax).toBeLessThanOrEqual(300)
    const [dressMin, dressMax] = range('kitenge-african-prints', (p) => /Kitenge .*Dress/.test(p.name))
    expect(dressMin).toBeGreaterThanOrEqual(1200)
    expect(dressMax).toBeLessThanOrEqual(4500)
    const [fridgeMin, fridgeMax] = range('fridges-freezers')
    expect(fridgeMin).toBeGreaterThanOrEqual(24_000)
    expect(fridgeMax).toBeLessThanOrEqual(92_000)
  })

  it('discounts about 20% and keeps about 4% out of stock and 8% low on stock', () => {
    expect(share(products, (p) => p.discountedPriceCents !== null)).toBeGreaterThan(0.15)
    expect(share(products, (p) => p.discountedPriceCents !== null)).toBeLessThan(0.25)
    expect(share(products, (p) => p.stockQty === 0)).toBeGreaterThan(0.02)
    expect(share(products, (p) => p.stockQty === 0)).toBeLessThan(0.06)
    const low = share(products, (p) => p.stockQty > 0 && p.stockQty <= p.lowStockThreshold)
    expect(low).toBeGreaterThan(0.05)
    expect(low).toBeLessThan(0.11)
  })

  it('keeps stock, counters, images and hues in range', () => {
    for (const p of products) {
      expect([5, 10]).toContain(p.lowStockThreshold)
      expect(Number.isInteger(p.stockQty) && p.stockQty >= 0 && p.stockQty <= 500, p.slug).toBe(true)
      if (p.stockQty > p.lowStockThreshold) expect(p.stockQty, p.slug).toBeGreaterThanOrEqual(11)
      expect(Number.isInteger(p.salesCount) && p.salesCount >= 0).toBe(true)
      expect(Number.isInteger(p.viewCount) && p.viewCount >= p.salesCount).toBe(true)
      expect(Number.isInteger(p.createdDaysAgo) && p.createdDaysAgo >= 0).toBe(true)
      expect(Number.isInteger(p.imageCount) && p.imageCount >= 1 && p.imageCount <= 4).toBe(true)
      expect(Number.isInteger(p.hue) && p.hue >= 0 && p.hue <= 359).toBe(true)
    }
    expect(new Set(products.map((p) => p.imageCount))).toEqual(new Set([1, 2, 3, 4]))
  })

  it('writes names and 1-3 sentence descriptions of varied length', () => {
    for (const p of products) {
      expect(p.name.trim()).toBe(p.name)
      expect(p.name).not.toMatch(/ {2}/)
      expect(p.description).not.toMatch(/\{\w+\}/)
      // A sentence ends in punctuation after a lowercase word or a bracket (not "No. 14" or "H.R. Ole Kulet").
      const sentences = p.description.split(/(?<=[a-z]{2}[.!?]|\)[.!?])\s+(?=[A-Z])/)
      expect(sentences.length, p.description).toBeGreaterThanOrEqual(1)
      expect(sentences.length, p.description).toBeLessThanOrEqual(3)
    }
    expect(share(products, (p) => p.description.length > 150)).toBeGreaterThan(0.1)
    expect(share(products, (p) => p.description.length < 150)).toBeGreaterThan(0.1)
  })
})

describe('demoReviews', () => {
  const reviewed = products.slice(0, 500).map((p, i) => ({ product: p, reviews: demoReviews(p, i) }))

  it('is deterministic', () => {
    for (const { product, reviews } of reviewed.slice(0, 50)) {
      expect(demoReviews(product, products.indexOf(product))).toEqual(reviews)
    }
  })

  it('gives most products 1-12 reviews and a few none', () => {
    const counts = reviewed.map((r) => r.reviews.length)
    expect(Math.max(...counts)).toBeLessThanOrEqual(12)
    const none = counts.filter((n) => n === 0).length / counts.length
    expect(none).toBeGreaterThan(0.02)
    expect(none).toBeLessThan(0.25)
  })

  it('has ratings in 1..5 skewed towards 3-5, Kenyan author names and sensible dates', () => {
    const all = reviewed.flatMap((r) => r.reviews.map((review) => ({ review, product: r.product })))
    for (const { review, product } of all) {
      expect([1, 2, 3, 4, 5]).toContain(review.rating)
      expect(review.productSlug).toBe(product.slug)
      expect(review.authorName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/)
      expect(review.comment.length).toBeGreaterThan(5)
      expect(review.comment).not.toMatch(/\{\w+\}/)
      expect(Number.isInteger(review.daysAgo) && review.daysAgo >= 0).toBe(true)
      expect(review.daysAgo).toBeLessThanOrEqual(product.createdDaysAgo)
    }
    const ratings = all.map((r) => r.review.rating)
    expect(ratings.filter((r) => r >= 3).length / ratings.length).toBeGreaterThan(0.8)
    expect(ratings.reduce((sum, r) => sum + r, 0) / ratings.length).toBeGreaterThan(3.5)
    for (const { reviews } of reviewed) {
      expect(new Set(reviews.map((r) => r.authorName.split(' ')[0])).size).toBe(reviews.length)
    }
  })
})
