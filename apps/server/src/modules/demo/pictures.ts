import type { Products } from '../catalog/products.ts'
import type { ImageSize } from '../media/media-url.ts'
import { type ProductImageSpec, renderImage } from './render-image.ts'

export type PictureKind = 'product-images' | 'categories' | 'banners'

/**
 * The demo catalogue's generated pictures (its products, categories and banners have no photos): drawn from what
 * the catalogue says of the image (name, shop, colour) the first time the media routes are asked for one. A real
 * marketplace's images are uploaded files, and this is never reached for them.
 */
export class DemoPictures {
  constructor(private readonly products: Pick<Products, 'pictureSubject'>) {}

  /** The picture of an image that has no stored file, as WebP; null when there is nothing to draw. */
  async draw(kind: PictureKind, id: number, size: ImageSize): Promise<Buffer | null> {
    const spec = await this.spec(kind, id)
    return spec ? renderImage(spec, size) : null
  }

  private async spec(kind: PictureKind, id: number): Promise<ProductImageSpec | null> {
    if (kind === 'product-images') {
      const row = await this.products.pictureSubject(kind, id)
      return row && row.hue !== null
        ? { kind: 'product', title: row.name, subtitle: row.vendor, hue: row.hue, variant: row.position % 4 }
        : null
    }
    if (kind === 'categories') {
      const row = await this.products.pictureSubject(kind, id)
      return row ? { kind: 'category', title: row.name, hue: row.hue, variant: 0 } : null
    }
    const row = await this.products.pictureSubject(kind, id)
    return row ? { kind: 'banner', title: row.title, subtitle: row.subtitle, hue: row.hue, variant: 0 } : null
  }
}
