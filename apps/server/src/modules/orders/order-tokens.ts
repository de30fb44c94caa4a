import { createHash, createHmac } from 'node:crypto'
import { sameSecret } from '../accounts/tokens.ts'
import type { SecretsService } from '../secrets/service.ts'

/**
 * Following an order without an account: a token only the placer was given, the HMAC of the order number under a
 * key made once per installation (kept in app_secrets, so every process answers the same token).
 */
export class OrderTokens {
  private key: Buffer | null = null

  constructor(private readonly secrets: SecretsService) {}

  private async tokenKey(): Promise<Buffer> {
    this.key ??= Buffer.from(
      await this.secrets.get('order_token_key', () => createHash('sha256').update(crypto.randomUUID()).digest('hex')),
      'hex',
    )
    return this.key
  }

  async tokenOf(orderNumber: string): Promise<string> {
    return createHmac('sha256', await this.tokenKey())
      .update(`order:${orderNumber}`)
      .digest('base64url')
  }

  /** Whether `token` is the order's own (compared in constant time). */
  async isTokenOf(token: string, orderNumber: string): Promise<boolean> {
    return sameSecret(token, await this.tokenOf(orderNumber))
  }
}
