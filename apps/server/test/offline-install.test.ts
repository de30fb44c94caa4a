// Installing and offline use (docs/decisions/0033-offline-and-install.md), from the real server and the built web
// app: the manifest and its icons, the service worker's headers, and a page policy that lets both load. Static
// files only: one engine is enough.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/test-server.ts'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

interface WebManifest {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  icons: ManifestIcon[]
  shortcuts: { name: string; url: string; icons?: ManifestIcon[] }[]
}

describe('installing and offline use', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: 'production' })
  })
  afterAll(() => server?.close())

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers })

  it('serves the manifest as a web app manifest, checked for changes on every visit', async () => {
    const response = await get('/manifest.webmanifest')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const manifest = (await response.json()) as WebManifest
    expect(manifest).toMatchObject({ name: expect.stringContaining('Soko'), short_name: 'Soko', start_url: '/' })
    expect(manifest.scope).toBe('/')
    expect(manifest.display).toBe('standalone')
    expect(manifest.theme_color).toBe('#0f7b3f')
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/search', '/cart'])
    // Each shortcut opens a page that exists.
    for (const shortcut of manifest.shortcuts) expect((await get(shortcut.url)).status).toBe(200)
  })

  it('names icons that exist: PNGs of the stated sizes, 192 and 512, one of them maskable', async () => {
    const manifest = (await (await get('/manifest.webmanifest')).json()) as WebManifest
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons ?? [])]
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
    for (const icon of icons) {
      const response = await get(icon.src)
      expect(response.status, icon.src).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(image.format).toBe('png')
      expect(`${image.width}x${image.height}`).toBe(icon.sizes)
    }
  })

  it('serves the service worker as a script for the whole site, never from a stale cache', async () => {
    for (const encoding of ['identity', 'br']) {
      const response = await get('/sw.js', { 'accept-encoding': encoding })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript/)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('service-worker-allowed')).toBe('/')
      const script = await response.text()
      // Built with its precache list: the offline page among it, and never skipWaiting (decision 0033).
      expect(script).toContain('/offline.html')
      expect(script).not.toContain('skipWaiting()')
    }
    expect((await get('/offline.html')).status).toBe(200)
  })

  it('links the manifest from every page, whose policy lets the worker and the manifest load', async () => {
    const response = await get('/')
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("worker-src 'self'")
    expect(policy).toContain("manifest-src 'self'")
    const body = await response.text()
    expect(body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
  })
})
