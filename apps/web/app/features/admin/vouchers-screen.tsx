import type { VoucherView } from '@soko/contract/vouchers'
import { VoucherManager } from '../../components/vouchers/voucher-manager.tsx'
import { call } from '../../lib/api-client.ts'

/**
 * Vouchers (decision 0023): create one funded by the marketplace (shops still earn on their full price), see every
 * voucher, the shops' too, with its uses, and disable or enable it.
 */
export function VouchersScreen({ vouchers }: { vouchers: VoucherView[] }) {
  return (
    <section aria-labelledby="vouchers-title" className="admin-form">
      <h2 id="vouchers-title">Vouchers</h2>
      <VoucherManager
        vouchers={vouchers}
        formTitle="New voucher, funded by Soko"
        formHeading="h3"
        formClassName="card admin-card admin-form"
        showFunder
        create={(body) => call('POST /api/admin/vouchers/', { body })}
        setActive={(voucher, active) =>
          call('POST /api/admin/vouchers/:id/active/', { params: { id: voucher.id }, body: { active } })
        }
      />
    </section>
  )
}
