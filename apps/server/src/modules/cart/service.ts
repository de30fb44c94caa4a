import type { ServerCart, ServerCartBody } from '@soko/contract/checkout'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import type { Pricing } from '../catalog/pricing.ts'
import { productImageUrl } from '../media/media-url.ts'
import * as repo from './repository.ts'

type Items = ServerCartBody['items']

/** The image the cart shows when a product has none (the web app's placeholder). */
const PLACEHOLDER_IMAGE = '/placeholder-product.svg'

/**
 * A signed-in shopper's cart, kept on the server so that it follows them to another device. The browser's cart
 * stays the one the screens use; at sign-in the two are merged (the larger quantity of each product wins), then
 * each change is saved here too. Only what still exists and is sold is kept.
 */
export class CartService {
  constructor(
    private readonly db: Db,
    private readonly pricing: Pricing,
  ) {}

  async get(userId: number): Promise<ServerCart> {
    return this.view(await repo.getCart(this.db, userId))
  }

  async replace(userId: number, items: Items): Promise<ServerCart> {
    await repo.saveCart(this.db, userId, items)
    return this.view(items)
  }

  async merge(userId: number, items: Items): Promise<ServerCart> {
    const merged = await this.db.transaction(async (t) => {
      const saved = await repo.lockCart(t, userId)
      const quantities = new Map(saved.map((item) => [item.productId, item.quantity]))
      for (const item of items) {
        quantities.set(item.productId, Math.max(quantities.get(item.productId) ?? 0, item.quantity))
      }
      const result = [...quantities].slice(0, 100).map(([productId, quantity]) => ({ productId, quantity }))
      await repo.saveCart(t, userId, result)
      return result
    })
    return this.view(merged)
  }

  /** Empties the cart in the caller's transaction (the order that bought it). */
  clear(t: Db, userId: number): Promise<void> {
    return repo.saveCart(t, userId, [])
  }

  /** The lines as the cart screen stores them (specification section 3), for products still sold. */
  private async view(items: Items): Promise<ServerCart> {
    const products = new Map((await this.pricing.products(items.map((item) => item.productId))).map((p) => [p.id, p]))
    const lines: ServerCart['items'] = []
    for (const item of items) {
      const product = products.get(item.productId)
      if (!product?.sellable) continue
      const discounted = product.effective_price_cents < product.price_cents
      lines.push({
        id: product.id,
        name: product.name,
        price: centsToKes(product.effective_price_cents),
        originalPrice: centsToKes(product.price_cents),
        discountedPrice: discounted ? centsToKes(product.effective_price_cents) : null,
        image: product.image_id ? productImageUrl(product.image_id, 'thumbnail') : PLACEHOLDER_IMAGE,
        slug: product.slug,
        business: { name: product.business_name },
        stock_qty: product.stock_qty,
        quantity: item.quantity,
      })
    }
    return { items: lines }
  }
}
