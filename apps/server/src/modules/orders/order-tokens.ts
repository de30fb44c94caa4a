import { createHash, createHmac } from 'node:crypto'
import { sameSecret } from '../accounts/tokens.ts'
import type { SecretsService } from '../secrets/service.ts'

/**
 * Following an order without an account: a token only the placer was given, the HMAC of the order number under a
 * key made once per installation (kept in app_secrets, so every process answers the same token).
 *
 * The key is read once, when the process starts (`OrderTokens.load`): tokens are made inside transactions (the
 * links in order emails), and a read of the key there would ask the pool for a second connection while holding one,
 * which under load (every connection held by such a transaction) would wait forever.
 */
export class OrderTokens {
  private constructor(private readonly key: Buffer) {}

  static async load(secrets: SecretsService): Promise<OrderTokens> {
    const key = await secrets.get('order_token_key', () =>
      createHash('sha256').update(crypto.randomUUID()).digest('hex'),
    )
    return new OrderTokens(Buffer.from(key, 'hex'))
  }

  tokenOf(orderNumber: string): string {
    return createHmac('sha256', this.key).update(`order:${orderNumber}`).digest('base64url')
  }

  /** Whether `token` is the order's own (compared in constant time). */
  isTokenOf(token: string, orderNumber: string): boolean {
    return sameSecret(token, this.tokenOf(orderNumber))
  }

  /**
   * The signature in a return photo's address: the photo is shown to whoever was given the address (the return's
   * shopper, its shop, admins), and to nobody who guesses its id.
   */
  photoKey(photoId: number): string {
    return createHmac('sha256', this.key).update(`return-photo:${photoId}`).digest('base64url').slice(0, 32)
  }

  isPhotoKey(key: string, photoId: number): boolean {
    return sameSecret(key, this.photoKey(photoId))
  }
}
