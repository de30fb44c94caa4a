import type { Shop } from '@soko/contract/vendor'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatDate } from '../../lib/format.ts'
import { ShopState } from './portal-shell.tsx'
import { ShopForm } from './shop-form.tsx'
import { type ShopBody, type ShopErrors, shopValues } from './shop-values.ts'

/** The shop's profile: its details (the whole profile is saved at once), its standing and its public page. */
export function ShopProfileScreen({ shop }: { shop: Shop }) {
  const save = useAnnouncedWrite(
    (body: ShopBody) => call('PUT /api/vendor/shop/', { body }),
    () => 'Shop profile saved.',
  )
  return (
    <section className="vendor-screen" aria-labelledby="shop-title">
      <h1 id="shop-title">Shop profile</h1>
      <div className="vendor-standing">
        <ShopState shop={shop} />
        <span className="vendor-muted">
          {shop.isVerified && shop.verifiedAt
            ? `Verified on ${formatDate(shop.verifiedAt)}.`
            : 'An admin checks new shops and marks them Verified Seller.'}
        </span>
      </div>
      {shop.isSuspended && (
        <div className="vendor-alert" role="alert">
          <h2>Your shop is suspended</h2>
          {shop.suspendedReason && (
            <p>
              Reason: <strong>{shop.suspendedReason}</strong>
            </p>
          )}
        </div>
      )}
      <p>
        Your shop page: <Link to={`/vendor/${shop.slug}`}>/vendor/{shop.slug}</Link> (its address stays the same when
        you rename the shop).
      </p>
      <div className="card vendor-card">
        <ShopForm
          mode="profile"
          initial={shopValues(shop)}
          savedPayoutPhone={shop.payoutPhone}
          submitLabel="Save profile"
          busyLabel="Saving..."
          isSaving={save.isPending}
          failure={save.isError ? failureText(save.error, 'The profile could not be saved. Please try again.') : ''}
          serverErrors={fieldErrors(save.error) as ShopErrors}
          onSave={(body) => save.mutate(body)}
        />
      </div>
    </section>
  )
}
