// Vendor photo uploads: how long one 4000×3000 camera photo takes to become its three WebP sizes (through the API:
// upload, check, decode, resize, encode, store), and what uploads cost the storefront: requests per second on the
// home page and a product page, first alone, then while a few vendors upload photos without pause. The server
// processes at most two photos at once (modules/vendors/product-images.ts), so shoppers keep most of the machine.
// Run alone: `node bench/uploads.mjs` (after `npm run build`); BENCH_SECONDS sets each measurement's length.
import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { startBenchServer } from './server.mjs'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const VENDORS = 3
const SINGLE_RUNS = 5

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-')
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function json(response) {
  const text = await response.text()
  return text ? JSON.parse(text) : null
}

/** A 4000×3000 JPEG that compresses like a photo (noise over a gradient), about 3-4 MB. */
async function cameraPhoto() {
  const width = 4000
  const height = 3000
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .raw()
    .toBuffer()
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .modulate({ hue: 40 })
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** A new account that opens a shop and lists one product; answers its bearer token and the product id. */
async function newVendor(base, index) {
  const email = `bench.vendor.${index}.${randomBytes(3).toString('hex')}@example.co.ke`
  const password = 'Mti-wa-mwembe-7'
  const post = (path, body, token) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  await post('/api/auth/register/', { email, password }).then(json)
  const login = await post('/api/auth/login/', { email, password }).then(json)
  const token = login.access_token
  const shop = await post(
    '/api/vendor/apply/',
    {
      name: `Bench shop ${index}`,
      type: 'Retailer',
      county: 'Nairobi',
      phone: '0712345678',
      payoutPhone: '0712345678',
    },
    token,
  )
  if (shop.status !== 201) throw new Error(`apply failed: ${shop.status} ${await shop.text()}`)
  const categories = await fetch(`${base}/api/vendor/categories/`, {
    headers: { authorization: `Bearer ${token}` },
  }).then(json)
  const product = await post(
    '/api/vendor/products/',
    { name: `Bench camera ${index}`, categoryId: categories[0].id, price: 1000, stockQty: 10 },
    token,
  ).then(json)
  return { token, productId: product.id }
}

/** Uploads one photo; answers the milliseconds it took and the new image's id. */
async function uploadOnce(base, vendor, photo) {
  const form = new FormData()
  form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.jpg')
  const started = performance.now()
  const response = await fetch(`${base}/api/vendor/products/${vendor.productId}/images/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${vendor.token}` },
    body: form,
  })
  const images = await json(response)
  const ms = performance.now() - started
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${JSON.stringify(images)}`)
  return { ms, imageId: images.at(-1).id }
}

async function removeImage(base, vendor, imageId) {
  const response = await fetch(`${base}/api/vendor/products/${vendor.productId}/images/${imageId}/`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${vendor.token}` },
  })
  await response.arrayBuffer()
}

function requestsPerSecond(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 20, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result.requests.average),
    )
  })
}

/** Latency at a shopper-like rate (100 requests/s): what a shopper feels, beside what the machine can take. */
function latencyAtRate(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, overallRate: 100, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve({ p50: result.latency.p50, p99: result.latency.p99 }),
    )
  })
}

async function storefront(base, productPath) {
  const home = await requestsPerSecond(`${base}/api/marketplace/home/`)
  const product = await requestsPerSecond(`${base}${productPath}`)
  const productLatency = await latencyAtRate(`${base}${productPath}`)
  return { home, product, productLatency }
}

export async function benchUploads() {
  const server = await startBenchServer({
    engine: 'pglite',
    products: 2000,
    port: 3971,
    env: {
      AUTH_LIMIT_PER_IP: '100000000/1m',
      REGISTER_LIMIT_PER_IP: '100000000/1m',
      LOGIN_LIMIT_PER_ACCOUNT: '100000000/1m',
    },
  })
  try {
    const { base } = server
    const photo = await cameraPhoto()
    const vendors = []
    for (let i = 0; i < VENDORS; i++) vendors.push(await newVendor(base, i))
    const [first] = vendors

    // One photo at a time: the time a vendor waits for one upload (3-4 MB over loopback, so processing dominates).
    const single = []
    for (let i = 0; i < SINGLE_RUNS; i++) {
      const { ms, imageId } = await uploadOnce(base, first, photo)
      single.push(ms)
      await removeImage(base, first, imageId)
    }

    const home = await fetch(`${base}/api/marketplace/home/`).then(json)
    const productPath = `/api/marketplace/api/products/${home.trending_products[0].slug}/`
    const alone = await storefront(base, productPath)

    // Every vendor uploads one photo after another (removing it again, to stay under 8 per product).
    let uploading = true
    let uploads = 0
    const loops = vendors.map(async (vendor) => {
      while (uploading) {
        const { imageId } = await uploadOnce(base, vendor, photo)
        uploads++
        await removeImage(base, vendor, imageId)
      }
    })
    const started = performance.now()
    const during = await storefront(base, productPath)
    uploading = false
    await Promise.all(loops)
    const uploadsPerSecond = uploads / ((performance.now() - started) / 1000)

    return {
      photoBytes: photo.length,
      singleMs: median(single),
      alone,
      during,
      uploadsPerSecond,
    }
  } finally {
    await server.stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchUploads()
  console.log(`\nVendor photo uploads (PGlite, ${VENDORS} vendors uploading, ${DURATION_S} s per measurement)`)
  console.log(
    `  one ${(result.photoBytes / 1024 / 1024).toFixed(1)} MB 4000×3000 photo → three WebP sizes: ${fmt(result.singleMs)} ms (median of ${SINGLE_RUNS}, through the API)`,
  )
  console.log(`  uploads processed while measuring: ${fmt(result.uploadsPerSecond, 1)}/s`)
  console.log(`  ${'storefront req/s'.padEnd(22)}${'alone'.padEnd(12)}during uploads`)
  console.log(`  ${'home'.padEnd(22)}${fmt(result.alone.home).padEnd(12)}${fmt(result.during.home)}`)
  console.log(`  ${'product page'.padEnd(22)}${fmt(result.alone.product).padEnd(12)}${fmt(result.during.product)}`)
  const latency = (l) => `p50 ${fmt(l.p50)} ms, p99 ${fmt(l.p99)} ms`
  console.log(
    `  product page at 100 req/s: alone ${latency(result.alone.productLatency)}; during uploads ${latency(result.during.productLatency)}`,
  )
}
