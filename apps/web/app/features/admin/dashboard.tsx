import type { Dashboard } from '@soko/contract/admin'
import { ORDER_STATUS_LABELS } from '@soko/contract/checkout-options'
import type { ContactMessagesPage } from '@soko/contract/contact'
import { Link } from 'react-router'
import { ListEmpty } from '../../components/ui/list.tsx'
import { SalesChart } from '../../components/ui/sales-chart.tsx'
import { formatDateTime, formatKes } from '../../lib/format.ts'
import { ContactMessages } from './contact-messages.tsx'

const count = (n: number) => n.toLocaleString('en-KE')

/** Where an activity line leads, when its subject has a screen of its own. */
export function activityHref(subjectType: string, subjectId: number | null): string | null {
  switch (subjectType) {
    case 'order':
      return subjectId ? `/admin/orders/${subjectId}` : '/admin/orders'
    case 'product':
      return '/admin/products'
    case 'user':
      return '/admin/users'
    case 'vendor':
    case 'shop':
    case 'business':
      return '/admin/vendors'
    case 'category':
      return '/admin/categories'
    case 'banner':
      return '/admin/banners'
    case 'contact_message':
      return '/admin/messages'
    case 'outbox_email':
      return subjectId ? `/admin/outbox/${subjectId}` : '/admin/outbox'
    default:
      return null
  }
}

function Metric({ title, value, href, children }: { title: string; value: string; href: string; children: string }) {
  return (
    <li className="card admin-card admin-metric">
      <h3 className="admin-metric__title">
        <Link to={href}>{title}</Link>
      </h3>
      <p className="admin-metric__value">{value}</p>
      <p className="admin-metric__detail">{children}</p>
    </li>
  )
}

/**
 * The dashboard (specification section 2, with the marketplace's real figures in KES: DESIGN S3/S4): metric cards
 * for orders, revenue, users and products; the last 30 days' sales; quick actions; recent activity; the newest
 * contact messages.
 */
export function AdminDashboard({ data, messages }: { data: Dashboard; messages: ContactMessagesPage | null }) {
  const { orders, revenue, commission, users, products, shops, quick_actions: quick } = data
  const paid = orders.by_status.paid + orders.by_status.processing + orders.by_status.shipped
  return (
    <div className="admin-dashboard">
      <h2>Dashboard</h2>
      <ul className="admin-metrics" aria-label="Marketplace figures">
        <Metric title="Orders" value={count(orders.count)} href="/admin/orders">
          {`${count(orders.by_status.pending_payment)} awaiting payment, ${count(paid)} to deliver, ${count(orders.by_status.delivered)} delivered`}
        </Metric>
        <Metric title="Revenue this month" value={formatKes(revenue.this_month)} href="/admin/orders?status=paid">
          {`Today ${formatKes(revenue.today)}; all time ${formatKes(revenue.all_time)}; commission this month ${formatKes(commission.this_month)}`}
        </Metric>
        <Metric title="Users" value={count(users.count)} href="/admin/users">
          {`${count(users.new_this_month)} new this month; ${count(users.by_role.customer)} customers, ${count(users.by_role.vendor)} vendors`}
        </Metric>
        <Metric title="Products" value={count(products.active)} href="/admin/products?status=active">
          {`Active; ${count(products.inactive)} inactive, ${count(products.out_of_stock)} out of stock`}
        </Metric>
      </ul>

      <section className="card admin-card" aria-labelledby="quick-actions-title">
        <h3 id="quick-actions-title">Quick actions</h3>
        <ul className="admin-quick">
          <li>
            <Link to="/admin/vendors?status=unverified">Shops to verify: {count(quick.unverified_shops)}</Link>
          </li>
          <li>
            <Link to="/admin/orders?payment_status=refund_due">Refunds due: {count(quick.refunds_due)}</Link>
          </li>
          <li>
            <Link to="/admin/refunds?state=failed">Failed refunds: {count(quick.failed_refunds)}</Link>
          </li>
          <li>
            <Link to="/admin/messages">Unhandled messages: {count(quick.unhandled_contact_messages)}</Link>
          </li>
          <li>
            <Link to="/admin/categories">Add a category</Link>
          </li>
          <li>
            <Link to="/admin/banners">Add a banner</Link>
          </li>
        </ul>
        <p className="admin__muted">
          {count(shops.verified)} verified shops, {count(shops.suspended)} suspended; {count(users.disabled)} disabled
          accounts.
        </p>
      </section>

      <SalesChart
        days={data.sales.map((day) => ({ date: day.date, orders: day.orders, sales: day.revenue }))}
        headingLevel={3}
        className="card admin-card"
      />

      <section className="card admin-card" aria-labelledby="status-title">
        <h3 id="status-title">Sales summary</h3>
        <dl className="admin-summary">
          {Object.entries(orders.by_status).map(([status, n]) => (
            <div key={status}>
              <dt>{ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS]}</dt>
              <dd>
                <Link to={`/admin/orders?status=${status}`}>{count(n)}</Link>
              </dd>
            </div>
          ))}
          <div>
            <dt>Commission, all time</dt>
            <dd>{formatKes(commission.all_time)}</dd>
          </div>
        </dl>
      </section>

      <section className="card admin-card" aria-labelledby="activity-title">
        <h3 id="activity-title">Recent activity</h3>
        {data.recent_activity.length === 0 ? (
          <ListEmpty>Nothing has happened yet.</ListEmpty>
        ) : (
          <ul className="admin-activity">
            {data.recent_activity.map((item) => {
              const href = activityHref(item.subject_type, item.subject_id)
              return (
                <li key={`${item.kind}-${item.at}-${item.subject_type}-${item.subject_id}`}>
                  <time dateTime={item.at}>{formatDateTime(item.at)}</time>{' '}
                  {href ? <Link to={href}>{item.text}</Link> : item.text}
                </li>
              )
            })}
          </ul>
        )}
      </section>

      {messages && <ContactMessages page={messages} heading={3} moreHref="/admin/messages" />}
    </div>
  )
}
