import { VENDOR_MESSAGES } from '@soko/contract/vendor'
import { useMutation } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { ShopForm } from './shop-form.tsx'
import { emptyShop, type ShopBody, type ShopErrors } from './shop-values.ts'
import './vendor.css'

/** Where a new shop lands: the portal's dashboard, with its welcome note. */
export const WELCOME_PATH = '/vendor-portal?welcome=1'

/**
 * /sell: a signed-in customer opens a shop. It is live at once, unverified until an admin checks it; the account
 * becomes a vendor's and the portal opens with a welcome note.
 */
export function ApplyScreen({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate()
  const apply = useMutation({
    mutationFn: (body: ShopBody) => call('POST /api/vendor/apply/', { body }),
    // The new search parameter makes every loader run again: the navigation bar learns the new role too.
    onSuccess: () => navigate(WELCOME_PATH),
  })

  return (
    <section className="vendor-apply" aria-labelledby="sell-title">
      <header className="vendor-apply__intro">
        <h1 id="sell-title">Open your shop on Soko</h1>
        <p>
          Sell to shoppers in all 47 counties. Listing is free: Soko takes a commission only when you sell (see{' '}
          <Link to="/pricing">pricing</Link>). Your shop goes live as soon as you send this form; an admin then checks
          it and marks it a Verified Seller.
        </p>
      </header>
      {isAdmin ? (
        <p className="form-message form-message--error" role="alert">
          {VENDOR_MESSAGES.adminCannotApply}
        </p>
      ) : (
        <div className="card vendor-card">
          <ShopForm
            mode="apply"
            initial={emptyShop()}
            submitLabel="Open my shop"
            busyLabel="Opening your shop..."
            isSaving={apply.isPending || apply.isSuccess}
            failure={apply.isError ? failureText(apply.error, 'Your shop could not be opened. Please try again.') : ''}
            serverErrors={fieldErrors(apply.error) as ShopErrors}
            onSave={(body) => apply.mutate(body)}
          />
        </div>
      )}
    </section>
  )
}
