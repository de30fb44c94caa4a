import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../plugins/errors.ts'

/** A page a sitemap lists, and when it last changed. */
interface SitemapRow {
  slug: string
  updated_at: Date
}

/** URLs per sitemap file: under the protocol's 50,000 limit with room to spare. */
const PER_FILE = 40_000
const STATIC_PATHS = [
  '/',
  '/products',
  '/product-category',
  '/search',
  '/about',
  '/contact',
  '/faq',
  '/shipping',
  '/returns',
  '/privacy',
  '/terms',
]

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)

function urlset(origin: string, entries: { path: string; lastmod?: string }[]): string {
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`
}

/**
 * /robots.txt and /sitemap.xml (an index of sitemaps: static pages, categories, vendors, and products in files of
 * 40,000), so that search engines find every public page. Absolute URLs use the site's origin (PUBLIC_URL, else
 * the server's own address), never the request's Host.
 */
export function seoRoutes(options: {
  /** The catalogue's products and categories (`Products`). */
  catalog: {
    countListed(): Promise<number>
    listedSlugs(limit: number, offset: number): Promise<SitemapRow[]>
    activeCategorySlugs(): Promise<SitemapRow[]>
  }
  /** The vendors' open shops (`ShopService`). */
  shops: { activeSlugs(): Promise<SitemapRow[]> }
  siteOrigin: () => string
}): FastifyPluginAsyncZod {
  const { catalog, shops, siteOrigin } = options
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600')
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /account-settings',
        'Disallow: /accounts/',
        'Disallow: /admin/',
        '',
        `Sitemap: ${siteOrigin()}/sitemap.xml`,
        '',
      ].join('\n')
    })

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const listed = await catalog.countListed()
      const origin = siteOrigin()
      const files = ['static', 'categories', 'vendors']
      for (let i = 1; i <= Math.max(1, Math.ceil(listed / PER_FILE)); i++) files.push(`products-${i}`)
      const body = files
        .map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}.xml`)}</loc></sitemap>`)
        .join('')
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600')
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`
    })

    app.get(
      '/sitemaps/:file',
      {
        schema: {
          hide: true,
          params: z.object({
            file: z
              .string()
              .regex(/^(static|categories|vendors|products-[1-9]\d{0,4})\.xml$/, 'is not a sitemap of this site'),
          }),
        },
      },
      async (request, reply) => {
        const name = request.params.file.replace(/\.xml$/, '')
        let entries: { path: string; lastmod?: string }[]
        if (name === 'static') {
          entries = STATIC_PATHS.map((path) => ({ path }))
        } else if (name === 'categories') {
          const rows = await catalog.activeCategorySlugs()
          entries = rows.map((r) => ({ path: `/category/${r.slug}`, lastmod: r.updated_at.toISOString() }))
        } else if (name === 'vendors') {
          const rows = await shops.activeSlugs()
          entries = rows.map((r) => ({ path: `/vendor/${r.slug}`, lastmod: r.updated_at.toISOString() }))
        } else {
          const page = Number(name.slice('products-'.length))
          const rows = await catalog.listedSlugs(PER_FILE, (page - 1) * PER_FILE)
          if (rows.length === 0 && page > 1) throw new AppError('not_found', 'No such sitemap.')
          entries = rows.map((r) => ({ path: `/product/${r.slug}`, lastmod: r.updated_at.toISOString() }))
        }
        reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600')
        return urlset(siteOrigin(), entries)
      },
    )
  }
}
