import { clientKey, type RateLimiter } from '../modules/rate-limits/service.ts'
import type { Ctx } from '../plugins/auth.ts'
import type { RateLimit } from '../plugins/config.ts'

export interface PaymentLimits {
  limitPerIp: RateLimit
  pushLimitPerPhone: RateLimit
}

/** Each new order or payment attempt may send a prompt to a phone: limited per address and per phone. */
export async function limitPaymentAttempts(
  limiter: RateLimiter,
  limits: PaymentLimits,
  ctx: Ctx,
  phone: string | null,
): Promise<void> {
  await limiter.consume(`checkout:ip:${clientKey(ctx.ip)}`, limits.limitPerIp)
  if (phone) await limiter.consume(`mpesa-push:${phone}`, limits.pushLimitPerPhone)
}
