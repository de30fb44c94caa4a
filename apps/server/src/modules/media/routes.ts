import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { type Db, queryRows } from '@soko/db/client'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../plugins/errors.ts'
import { type ImageSize, type ProductImageSpec, renderImage } from './render-image.ts'

const KINDS = ['product-images', 'categories', 'banners'] as const
type MediaKind = (typeof KINDS)[number]

const MediaParamsSchema = z.object({
  kind: z.enum(KINDS),
  id: z.coerce.number().int('must be a whole number').positive('must be a positive id').max(2_147_483_647),
  file: z.enum(['thumbnail.webp', 'medium.webp', 'original.webp'], {
    error: 'must be thumbnail, medium or original .webp',
  }),
})

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** What to draw for an image that has no stored file: the demo catalogue's generated pictures. */
async function generatedSpec(db: Db, kind: MediaKind, id: number): Promise<ProductImageSpec | null> {
  if (kind === 'product-images') {
    const [row] = await queryRows<{ name: string; vendor: string; hue: number | null; position: number }>(
      db,
      sql`select p.name, b.name as vendor, pi.hue, pi.position from product_images pi
          join products p on p.id = pi.product_id join businesses b on b.id = p.business_id where pi.id = ${id}`,
    )
    return row && row.hue !== null
      ? { kind: 'product', title: row.name, subtitle: row.vendor, hue: row.hue, variant: row.position % 4 }
      : null
  }
  if (kind === 'categories') {
    const [row] = await queryRows<{ name: string; hue: number }>(
      db,
      sql`select name, hue from categories where id = ${id}`,
    )
    return row ? { kind: 'category', title: row.name, hue: row.hue, variant: 0 } : null
  }
  const [row] = await queryRows<{ title: string; subtitle: string; hue: number }>(
    db,
    sql`select title, subtitle, hue from banners where id = ${id}`,
  )
  return row ? { kind: 'banner', title: row.title, subtitle: row.subtitle, hue: row.hue, variant: 0 } : null
}

/**
 * Product, category and banner images under /media/{kind}/{id}/{size}.webp. A stored file is served as is;
 * a demo image is drawn on its first request and kept on disk (DATA_DIR/media), so the seed stays fast.
 */
export function mediaRoutes(db: Db, mediaDir: string): FastifyPluginAsyncZod {
  const rendering = new Map<string, Promise<boolean>>()

  async function ensureFile(path: string, kind: MediaKind, id: number, size: ImageSize): Promise<boolean> {
    if (
      await stat(path).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return true
    const pending = rendering.get(path)
    if (pending) return pending
    const work = (async () => {
      const spec = await generatedSpec(db, kind, id)
      if (!spec) return false
      const image = await renderImage(spec, size)
      await mkdir(dirname(path), { recursive: true })
      // Written aside and renamed into place, so a concurrent reader never sees half a file.
      const partial = `${path}.${process.pid}.partial`
      await writeFile(partial, image)
      await rename(partial, path)
      return true
    })().finally(() => rendering.delete(path))
    rendering.set(path, work)
    return work
  }

  return async (app) => {
    app.get(
      '/media/:kind/:id/:file',
      {
        schema: {
          summary: 'A product, category or banner image (WebP: thumbnail 200 px, medium 600 px, original 1200 px)',
          tags: ['media'],
          params: MediaParamsSchema,
        },
      },
      async (request, reply) => {
        const { kind, id, file } = request.params
        const size = file.replace('.webp', '') as ImageSize
        const path = join(mediaDir, kind, String(id), file)
        if (!(await ensureFile(path, kind, id, size))) throw new AppError('not_found', 'No such image.')
        return reply.header('cache-control', IMMUTABLE).type('image/webp').send(createReadStream(path))
      },
    )

    app.get('/media/*', async () => {
      throw new AppError('not_found', 'No such image.')
    })
  }
}
