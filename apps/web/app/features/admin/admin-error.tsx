import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { refusedBecause } from '../../lib/refused.ts'

/**
 * An admin screen that could not load: inside the admin frame, so the sidebar still leads elsewhere. A missing
 * record (an order number that does not exist) says so, a refused request says why; anything else offers to try
 * again.
 */
export function AdminRouteError() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  const refusal = refusedBecause(error)
  if (refusal) {
    return (
      <section className="admin-error" aria-labelledby="admin-error-title">
        <h2 id="admin-error-title">This address cannot be shown</h2>
        <p role="alert">{refusal}</p>
        <p>
          <Link to="/admin/dashboard">Back to the dashboard</Link>
        </p>
      </section>
    )
  }
  return (
    <section className="admin-error" aria-labelledby="admin-error-title">
      <h2 id="admin-error-title">{isNotFound ? 'Not found' : 'Something went wrong'}</h2>
      <p role="alert">
        {isNotFound
          ? 'There is nothing here: it may have been deleted.'
          : 'Failed to load page data. Please try again.'}
      </p>
      <p>
        {isNotFound ? (
          <Link to="/admin/dashboard">Back to the dashboard</Link>
        ) : (
          <button type="button" className="button" onClick={() => revalidator.revalidate()}>
            Try Again
          </button>
        )}
      </p>
    </section>
  )
}
