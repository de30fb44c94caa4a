import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { refusedBecause } from '../../lib/refused.ts'

/**
 * A portal screen that could not load, inside the portal's frame so its navigation still leads elsewhere: a missing
 * record (another shop's product) says so, a refused request says why; anything else offers to try again.
 */
export function PortalRouteError() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  const refusal = refusedBecause(error)
  if (refusal) {
    return (
      <section className="vendor-screen" aria-labelledby="portal-error-title">
        <h1 id="portal-error-title">This address cannot be shown</h1>
        <p role="alert">{refusal}</p>
        <p>
          <Link to="/vendor-portal/products">Back to your products</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="vendor-screen" aria-labelledby="portal-error-title">
      <h1 id="portal-error-title">{isNotFound ? 'Not found' : 'Something went wrong'}</h1>
      <p role="alert">
        {isNotFound ? 'There is nothing here: it is not in your shop.' : 'Failed to load page data. Please try again.'}
      </p>
      <p>
        {isNotFound ? (
          <Link to="/vendor-portal/products">Back to your products</Link>
        ) : (
          <button type="button" className="button" onClick={() => revalidator.revalidate()}>
            Try Again
          </button>
        )}
      </p>
    </section>
  )
}
