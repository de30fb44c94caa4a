import { z } from 'zod'
import { endpoints } from './endpoint.ts'

// Images: a product's, a category's or a banner's, each in three sizes, under /media/{kind}/{id}/{size}.webp.

export const MEDIA_KINDS = ['product-images', 'categories', 'banners'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

export const MediaParamsSchema = z.object({
  kind: z.enum(MEDIA_KINDS),
  id: z.coerce.number().int('must be a whole number').positive('must be a positive id').max(2_147_483_647),
  file: z.enum(['thumbnail.webp', 'medium.webp', 'original.webp'], {
    error: 'must be thumbnail, medium or original .webp',
  }),
})

const tags = ['media']

export const mediaEndpoints = endpoints({
  'GET /media/:kind/:id/:file': {
    summary: 'A product, category or banner image (WebP: thumbnail 200 px, medium 600 px, original 1200 px)',
    tags,
    params: MediaParamsSchema,
    response: null,
    produces: ['image/webp'],
    errors: ['not_found'],
  },
  'GET /media/*': {
    summary: 'Any other path under /media: no such image',
    tags,
    response: null,
    produces: ['image/webp'],
    errors: ['not_found'],
  },
})
