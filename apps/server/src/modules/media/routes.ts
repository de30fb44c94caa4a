import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { type MediaKind, mediaEndpoints } from '@soko/contract/media'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { serve } from '../../plugins/endpoints.ts'
import { AppError } from '../../plugins/errors.ts'
import type { ImageSize } from './media-url.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Product, category and banner images under /media/{kind}/{id}/{size}.webp. A stored file is served as is;
 * a demo image is drawn on its first request and kept on disk (DATA_DIR/media), so the seed stays fast.
 */
export function mediaRoutes(options: {
  mediaDir: string
  /** Draws the picture of an image with no stored file (the demo catalogue's, src/modules/demo); null: none. */
  drawMissing(kind: MediaKind, id: number, size: ImageSize): Promise<Buffer | null>
}): FastifyPluginAsyncZod {
  const { mediaDir, drawMissing } = options
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
      const image = await drawMissing(kind, id, size)
      if (!image) return false
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
    serve(app, mediaEndpoints, 'GET /media/:kind/:id/:file', async (request, reply) => {
      const { kind, id, file } = request.params
      const size = file.replace('.webp', '') as ImageSize
      const path = join(mediaDir, kind, String(id), file)
      if (!(await ensureFile(path, kind, id, size))) throw new AppError('not_found', 'No such image.')
      return reply.header('cache-control', IMMUTABLE).type('image/webp').send(createReadStream(path))
    })

    serve(app, mediaEndpoints, 'GET /media/*', async () => {
      throw new AppError('not_found', 'No such image.')
    })
  }
}
