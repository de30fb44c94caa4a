import type { Dashboard, Shop } from '@soko/contract/vendor'
import { Link } from 'react-router'
import { SalesChart } from '../../components/ui/sales-chart.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { formatKes } from '../../lib/format.ts'
import { ShopState } from './portal-shell.tsx'

/**
 * The portal's first screen: today's and this month's sales, orders waiting to be shipped, products running low,
 * the last 30 days, and the shop's standing (verified or not, suspended and why).
 */
export function DashboardScreen({
  shop,
  dashboard,
  isWelcome,
}: {
  shop: Shop
  dashboard: Dashboard
  isWelcome: boolean
}) {
  const toFulfil = dashboard.ordersToFulfil
  return (
    <section className="vendor-screen" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      {isWelcome && (
        <div className="vendor-welcome" role="status">
          <h2>Welcome to Soko, {shop.name}!</h2>
          <p>
            Your shop is live. It shows as <strong>Not verified yet</strong> until an admin checks it. Start by adding
            your first product with a clear photo.
          </p>
          <Link to="/vendor-portal/products/new" className="button">
            Add your first product
          </Link>
        </div>
      )}
      {shop.isSuspended && (
        <div className="vendor-alert" role="alert">
          <h2>Your shop is suspended</h2>
          <p>
            Shoppers cannot see your products until Soko lifts the suspension.
            {shop.suspendedReason && (
              <>
                {' '}
                Reason: <strong>{shop.suspendedReason}</strong>
              </>
            )}
          </p>
          <p>
            Questions? <Link to="/contact">Contact Soko support</Link>.
          </p>
        </div>
      )}
      <div className="vendor-standing">
        <span>Your shop:</span> <ShopState shop={shop} />
        {!shop.isVerified && (
          <span className="vendor-muted">Verified shops show a Verified Seller mark to shoppers.</span>
        )}
      </div>

      <dl className="vendor-stats">
        <div className="card vendor-stat">
          <dt>Sales today</dt>
          <dd>{formatKes(dashboard.salesToday)}</dd>
          <dd className="vendor-stat__sub">
            {dashboard.ordersToday} order{dashboard.ordersToday === 1 ? '' : 's'}
          </dd>
        </div>
        <div className="card vendor-stat">
          <dt>Sales this month</dt>
          <dd>{formatKes(dashboard.salesThisMonth)}</dd>
        </div>
        <div className="card vendor-stat">
          <dt>Orders to fulfil</dt>
          <dd>{toFulfil}</dd>
          <dd className="vendor-stat__sub">
            <Link to="/vendor-portal/orders">{toFulfil > 0 ? 'Ship them now' : 'See orders'}</Link>
          </dd>
        </div>
        <div className="card vendor-stat">
          <dt>Products on sale</dt>
          <dd>
            {dashboard.activeProductCount} of {dashboard.productCount}
          </dd>
          <dd className="vendor-stat__sub">
            <Link to="/vendor-portal/products">Manage products</Link>
          </dd>
        </div>
      </dl>

      <section className="card vendor-card" aria-labelledby="low-stock-title">
        <h2 id="low-stock-title">Low stock ({dashboard.lowStockCount})</h2>
        {dashboard.lowStock.length === 0 ? (
          <p className="vendor-muted">No product is running low.</p>
        ) : (
          <ul className="vendor-list">
            {dashboard.lowStock.map((item) => (
              <li key={item.id}>
                <Link to={`/vendor-portal/products/${item.id}`}>{item.name}</Link>{' '}
                <Tag tone={item.stockQty === 0 ? 'bad' : 'warn'}>
                  {item.stockQty === 0 ? 'Out of stock' : `${item.stockQty} left`}
                </Tag>
              </li>
            ))}
          </ul>
        )}
      </section>

      <SalesChart days={dashboard.salesSeries} headingLevel={2} className="card vendor-card" />
    </section>
  )
}
