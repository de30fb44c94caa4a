import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { root } from './lib.mjs'
import { ICONS, iconSvg, precacheEntries } from './pwa.mjs'

const logo = readFileSync(join(root, 'apps/web/public/favicon.svg'), 'utf8')

describe('iconSvg', () => {
  it('is the logo itself for an ordinary icon', () => {
    expect(iconSvg(logo, false)).toBe(logo)
  })

  it('fills the square and shrinks the letter into the safe middle for a maskable one', () => {
    const maskable = iconSvg(logo, true)
    expect(maskable).toContain('<rect width="32" height="32" fill="#0f7b3f"/>')
    expect(maskable).not.toContain('rx=')
    expect(maskable).toContain('scale(0.6)')
    expect(maskable).toContain(logo.match(/<path [^>]*\/>/)?.[0])
  })
})

describe('precacheEntries', () => {
  const dir = mkdtempSync(join(tmpdir(), 'soko-pwa-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const routes = [
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
  const manifest = {
    entry: { module: '/assets/entry.client-a.js', imports: ['/assets/chunk-b.js'], css: [] },
    routes: {
      ...Object.fromEntries(routes.map((id) => [id, { id, module: '/assets/shop-c.js', imports: [], css: [] }])),
      root: { id: 'root', module: '/assets/root-d.js', imports: ['/assets/chunk-b.js'], css: ['/assets/root-e.css'] },
      'routes/admin': { id: 'routes/admin', module: '/assets/admin-f.js', imports: ['/assets/admin-g.js'], css: [] },
    },
  }
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'icons'))
  writeFileSync(join(dir, 'assets/manifest-1234abcd.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`)
  for (const file of ['offline.html', 'favicon.svg', 'placeholder-product.svg', ...ICONS.map(([f]) => `icons/${f}`)]) {
    writeFileSync(join(dir, file), file)
  }

  it('precaches the shell routes’ scripts and styles and the router manifest, not the admin area’s', () => {
    const urls = precacheEntries(dir).map((entry) => entry.url)
    expect(urls).toEqual(
      expect.arrayContaining([
        '/assets/manifest-1234abcd.js',
        '/assets/entry.client-a.js',
        '/assets/chunk-b.js',
        '/assets/root-d.js',
        '/assets/root-e.css',
        '/assets/shop-c.js',
        '/offline.html',
        '/icons/maskable-512.png',
      ]),
    )
    expect(urls.filter((url) => url.includes('admin'))).toEqual([])
    expect(new Set(urls).size).toBe(urls.length)
  })

  it('gives fingerprinted assets no revision and other files a digest of their content', () => {
    const entries = precacheEntries(dir)
    expect(entries.find((entry) => entry.url === '/assets/root-d.js')?.revision).toBeNull()
    const offline = entries.find((entry) => entry.url === '/offline.html')?.revision
    expect(offline).toMatch(/^[0-9a-f]{16}$/)
    writeFileSync(join(dir, 'offline.html'), 'changed')
    expect(precacheEntries(dir).find((entry) => entry.url === '/offline.html')?.revision).not.toBe(offline)
  })
})
