import { Link } from 'react-router'
import { days, either, fetchPolicies, hours } from '../features/pages/policies.ts'
import { PageSection, pageMeta, StaticPage, StillNeedHelp } from '../features/pages/static-page.tsx'
import type { Route } from './+types/returns'

// How a return goes, as the server runs it (docs/decisions/0013-returns.md, packages/domain/src/return-states.ts):
// the window, the reasons, the shop's answer and how the items come back, the dispute desk and what is refunded.
// Every number and list comes from GET /api/site/policies/.

export async function loader({ context }: Route.LoaderArgs) {
  return { policies: await fetchPolicies(context) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const window = loaderData ? ` within ${days(loaderData.policies.returnWindowDays)} of delivery` : ''
  return pageMeta(
    'Returns & Refunds',
    `Return items bought on Soko${window}, from your order page: choose the items and why, the shop accepts or refuses, and Soko's dispute desk decides when you disagree.`,
  )
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { policies } = loaderData
  const window = days(policies.returnWindowDays)
  const answerTime = hours(policies.returnAnswerHours)
  const photos = `${policies.returnPhotosMax} ${policies.returnPhotosMax === 1 ? 'photo' : 'photos'}`
  const methods = either(policies.returnMethods.map((method) => method.label.toLowerCase()))
  return (
    <StaticPage
      title="Returns & Refunds"
      lead={`You can ask to return items within ${window} of delivery, straight from your order page. Here is how it works and what you get back.`}
    >
      <PageSection title="How to return an item" id="how">
        <ol className="static-page__steps">
          <li>
            <strong>Open your order.</strong> Signed in, it is in <Link to="/accounts/orders">your orders</Link>.
            Without an account, use the link in any email about the order, or <Link to="/orders">find your order</Link>{' '}
            with its order number and the phone number or email you used at checkout.
          </li>
          <li>
            <strong>Choose what goes back.</strong> Under <em>Returns</em>, for the shop that sent the items, choose how
            many of each item you are returning and why. You can add up to {photos} of the items: the shop sees them,
            and so does Soko's dispute desk if it comes to that. Then press <em>Request Return</em>. While the return is
            open you can still add photos to it.
          </li>
          <li>
            <strong>The shop answers.</strong> The shop is emailed at once and has {answerTime} to accept or refuse your
            return. If it accepts, it says how the items come back: {methods}. If it refuses, it must say why. You get
            an email either way.
          </li>
          <li>
            <strong>Your refund is recorded.</strong> When the shop confirms the items came back, your refund is
            recorded and you get an email saying so.
          </li>
        </ol>
      </PageSection>

      <PageSection title="What you can return" id="what">
        <p>
          You can ask to return any item of a shop's part of your order within {window} after that part was delivered:
          counted from the day the shop marked it delivered, or from the day you confirmed receipt if you did so first.
          You can return some or all of what you bought, in one return or several; each return is for the items of one
          shop. After {window} the order page no longer offers a return.
        </p>
        <p>Choose one of these reasons for each item:</p>
        <ul>
          {policies.returnReasons.map((reason) => (
            <li key={reason.id}>{reason.label}</li>
          ))}
        </ul>
      </PageSection>

      <PageSection title="If the shop refuses or does not answer" id="disputes">
        <p>
          A return the shop refuses, or does not answer within {answerTime}, goes to Soko's dispute desk, and you get an
          email saying so. Our team looks at what you and the shop said and at your photos, and decides: a refund in
          full, a refund in part, or no refund. Both you and the shop are emailed the decision and the reason for it. If
          the return is rejected, its items can be returned again while the return window is still open.
        </p>
      </PageSection>

      <PageSection title="Your refund" id="refund">
        <p>
          You get back the price of the items you return, or what the dispute desk awards. The delivery fee and VAT are
          not refunded on a return. Once the refund is recorded, the money goes back by itself the way you paid: to the
          M-Pesa number you paid from, or to your card. You are emailed and texted when it has been sent.
        </p>
        <p>
          These rules do not take away your rights under the Consumer Protection Act, 2012. See also our{' '}
          <Link to="/terms">Terms of Service</Link> and <Link to="/faq">frequently asked questions</Link>.
        </p>
      </PageSection>

      <StillNeedHelp />
    </StaticPage>
  )
}
