import type { Quote, QuoteRequest } from '@soko/contract/checkout'
import type { CommissionRates } from '../modules/catalog/commission-rates.ts'
import type { Pricing } from '../modules/catalog/pricing.ts'
import type { VouchersService } from '../modules/vouchers/service.ts'
import type { Ctx } from '../plugins/auth.ts'
import { voucherStep } from './voucher-step.ts'

/**
 * The quote of a cart (DESIGN S2) with the voucher code the shopper typed, if any (decision 0023): a code that does
 * not apply is shown with the reason and the quote stays as it was. A signed-in shopper's own uses are counted; a
 * guest's are counted when the order gives its phone and email.
 */
export class QuoteCart {
  constructor(
    private readonly modules: { pricing: Pricing; commissionRates: CommissionRates; vouchers: VouchersService },
  ) {}

  async run(ctx: Ctx, body: QuoteRequest): Promise<Quote> {
    const { pricing, commissionRates, vouchers } = this.modules
    const step = body.voucherCode
      ? voucherStep(
          vouchers,
          await commissionRates.book(),
          body.voucherCode,
          {
            userId: ctx.user?.id ?? null,
            phone: null,
            email: null,
          },
          { lock: false },
        )
      : undefined
    return pricing.quote(body.items, body.delivery, step)
  }
}
