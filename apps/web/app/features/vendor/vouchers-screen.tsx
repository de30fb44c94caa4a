import type { VoucherView } from '@soko/contract/vouchers'
import { VoucherManager } from '../../components/vouchers/voucher-manager.tsx'
import { call } from '../../lib/api-client.ts'

/**
 * Vendor portal → Vouchers (decision 0023): the shop's own codes, funded by the shop and good for its products only.
 * Create one, see its uses, disable or enable it.
 */
export function VendorVouchersScreen({ vouchers }: { vouchers: VoucherView[] }) {
  return (
    <section className="vendor-screen" aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">Vouchers</h1>
      <VoucherManager
        vouchers={vouchers}
        formTitle="New voucher, funded by your shop"
        formHeading="h2"
        formClassName="card vendor-card"
        intro={
          <p className="vendor-muted">
            A code shoppers type at the cart or checkout. It takes money off your products only, and your shop pays for
            it: you are paid the price after the discount, and Soko&apos;s commission is on that lower price.
          </p>
        }
        showFunder={false}
        create={(body) => call('POST /api/vendor/vouchers/', { body })}
        setActive={(voucher, active) =>
          call('POST /api/vendor/vouchers/:id/active/', { params: { id: voucher.id }, body: { active } })
        }
      />
    </section>
  )
}
