// Installing and offline use (docs/decisions/0033-offline-and-install.md), after the web build: the app icons drawn
// from the logo, and the service worker bundled with the list of files it precaches.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import sharp from 'sharp'
import { root } from './lib.mjs'

/** The icons the manifest names (apps/web/public/manifest.webmanifest): [file, size, maskable]. */
export const ICONS = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
]

/**
 * The routes whose scripts and styles the service worker precaches: the shell (root), and what a shopper opens
 * offline. The admin area and the vendor portal are left to load when visited.
 */
const SHELL_ROUTES = [
  'root',
  'routes/home',
  'home-alias',
  'routes/product',
  'routes/search',
  'products-search',
  'routes/products',
  'routes/category',
  'routes/vendor',
  'routes/cart',
  'cart-copy',
  'routes/checkout',
  'checkout-copy',
  'routes/signed-in',
  'routes/accounts-orders',
  'routes/accounts-order',
]

/** Other files precached: the page for an address never kept, the icons, the logo and the product placeholder. */
const SHELL_FILES = ['/offline.html', '/favicon.svg', '/placeholder-product.svg', ...ICONS.map(([f]) => `/icons/${f}`)]

/**
 * The logo (apps/web/public/favicon.svg) at an icon's size. A maskable icon is cropped to a circle or a squircle
 * by the phone: its green fills the whole square and the letter sits inside the middle 60%.
 */
export function iconSvg(logo, maskable) {
  if (!maskable) return logo
  const letter = logo.match(/<path [^>]*\/>/)?.[0]
  if (!letter) throw new Error('The logo has no <path> to draw the maskable icon from')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0f7b3f"/><g transform="translate(6.4 6.4) scale(0.6)">${letter}</g></svg>`
}

async function writeIcons(clientDir) {
  const logo = readFileSync(join(root, 'apps/web/public/favicon.svg'), 'utf8')
  mkdirSync(join(clientDir, 'icons'), { recursive: true })
  for (const [file, size, maskable] of ICONS) {
    await sharp(Buffer.from(iconSvg(logo, maskable)), { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(join(clientDir, 'icons', file))
  }
}

/** The React Router manifest of this build (assets/manifest-<hash>.js), and its own address. */
function routerManifest(clientDir) {
  const file = readdirSync(join(clientDir, 'assets')).find((name) => /^manifest-[\w-]+\.js$/.test(name))
  if (!file) throw new Error('The web build has no React Router manifest')
  const text = readFileSync(join(clientDir, 'assets', file), 'utf8')
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
  return { manifest: JSON.parse(json), url: `/assets/${file}` }
}

/** Every /assets/ address a route's entry names (its module, split client modules, imports and styles). */
function assetUrls(value, into) {
  if (typeof value === 'string') {
    if (value.startsWith('/assets/')) into.add(value)
  } else if (Array.isArray(value)) {
    for (const item of value) assetUrls(item, into)
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) assetUrls(item, into)
  }
}

/** What the service worker precaches: fingerprinted assets without a revision, other files with their digest. */
export function precacheEntries(clientDir) {
  const { manifest, url } = routerManifest(clientDir)
  const assets = new Set([url])
  assetUrls(manifest.entry, assets)
  for (const id of SHELL_ROUTES) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`The web build has no route "${id}" to precache`)
    assetUrls(route, assets)
  }
  const digest = (path) =>
    createHash('sha256')
      .update(readFileSync(join(clientDir, path)))
      .digest('hex')
      .slice(0, 16)
  return [
    ...[...assets].sort().map((asset) => ({ url: asset, revision: null })),
    ...SHELL_FILES.map((file) => ({ url: file, revision: digest(file) })),
  ]
}

/** Icons, then /sw.js with its precache list and version, in the web build's client directory. */
export async function buildOfflineAssets(clientDir) {
  await writeIcons(clientDir)
  const entries = precacheEntries(clientDir)
  const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12)
  await build({
    entryPoints: [join(root, 'apps/web/app/service-worker/sw.ts')],
    outfile: join(clientDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: {
      __SOKO_PRECACHE__: JSON.stringify(entries),
      __SOKO_VERSION__: JSON.stringify(version),
      'process.env.NODE_ENV': '"production"',
    },
  })
  return { precached: entries.length, version }
}
