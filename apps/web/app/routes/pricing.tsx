import { pendingExplanation } from '@soko/domain/vendor-balance'
import { Link } from 'react-router'
import { deliveryFeePhrase } from '../features/pages/delivery-fees.tsx'
import { fetchPolicies, percent, type SitePolicies } from '../features/pages/policies.ts'
import { PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'
import type { Route } from './+types/pricing'

// The commission (the marketplace default and the categories with a rate of their own) and when a sale's money can be
// paid out come from the server's settings and catalogue (GET /api/site/policies/).

export async function loader({ context }: Route.LoaderArgs) {
  return { policies: await fetchPolicies(context) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const commission = loaderData ? `a ${percent(loaderData.policies.commissionPercent)} commission` : 'a commission'
  return pageMeta(
    'Sell on Soko: Pricing',
    `Sell to shoppers in all 47 Kenyan counties. No listing or monthly fees: Soko takes ${commission} only when you make a sale, paid out to your M-Pesa.`,
  )
}

/** The categories whose sales are charged a rate of their own; a subcategory not listed pays its parent's rate. */
function OwnRates({ rates }: { rates: SitePolicies['categoryCommissions'] }) {
  return (
    <div className="static-page__table-wrap">
      <table className="static-page__table">
        <caption>Categories with their own rate</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Commission per sale</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={rate.slug}>
              <th scope="row">
                <Link to={`/category/${rate.slug}`}>{rate.name}</Link>
                <span className="static-page__table-note">
                  {rate.parentName === null
                    ? 'and its subcategories without a rate of their own'
                    : `in ${rate.parentName}`}
                </span>
              </th>
              <td>{percent(rate.percent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  const commission = percent(policies.commissionPercent)
  const own = policies.categoryCommissions
  return (
    <StaticPage
      title="Sell on Soko"
      lead="Open your shop to buyers across Kenya. You pay nothing to list: Soko earns only when you sell."
    >
      <PageSection title="Simple pricing" id="pricing">
        <dl className="static-page__highlight">
          <div>
            <dt>Listing fee</dt>
            <dd>KSh 0</dd>
          </div>
          <div>
            <dt>Monthly fee</dt>
            <dd>KSh 0</dd>
          </div>
          <div>
            <dt>Commission per sale</dt>
            <dd>{commission}</dd>
          </div>
        </dl>
        <p>
          The commission is {commission} of the price of each item sold
          {own.length > 0 ? ', except in the categories below, which have a rate of their own' : ''}; delivery fees are
          not included in it. It covers payment processing (M-Pesa and card), the marketplace, customer support and
          buyer protection. If an order is cancelled or refunded, no commission is charged on it.
        </p>
        {own.length > 0 && <OwnRates rates={own} />}
        <p>
          An order is charged the rates of the day it is placed, and your Payouts screen shows the commission of each of
          your orders.
        </p>
        <p>
          Shoppers pay delivery on top of the price ({deliveryFeePhrase(policies.delivery)}, or a pickup station's fee);
          it goes to the delivery, not to you, and no commission is charged on it. Each shop sends its own parcel, to
          the shopper's door or to the pickup station they chose.
        </p>
      </PageSection>

      <PageSection title="How selling works" id="how-selling-works">
        <ol className="static-page__steps">
          <li>
            <strong>Open your shop.</strong> Tell us about your business: your shop is live at once. Send us your
            business registration certificate, KRA PIN and the owner's national ID to get verified; verified shops show
            a Verified Seller mark.
          </li>
          <li>
            <strong>List your products.</strong> Add photos, descriptions, prices in KES and your stock.
          </li>
          <li>
            <strong>Receive orders.</strong> Shoppers pay Soko when they order; you are notified by email to pack and
            ship.
          </li>
          <li>
            <strong>Get paid.</strong> {pendingExplanation(policies)} Soko's team then pays it, less commission, to your
            M-Pesa payout number and records the payout on your Payouts screen.
          </li>
        </ol>
      </PageSection>

      <PageSection title="What you need" id="requirements">
        <ul>
          <li>A business registered in Kenya (a sole proprietorship is fine) and its KRA PIN.</li>
          <li>An M-Pesa number for payouts.</li>
          <li>Stock you can ship within two working days of an order.</li>
        </ul>
        <p>
          <Link to="/sell" className="button">
            Open your shop
          </Link>
        </p>
        <p>
          Questions first? <Link to="/contact">Contact us</Link> with "Selling on Soko" as the subject and we will guide
          you through setting up your shop.
        </p>
      </PageSection>

      <StillNeedHelp />
    </StaticPage>
  )
}
