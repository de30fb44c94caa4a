import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'

/**
 * An admin screen that could not load: inside the admin frame, so the sidebar still leads elsewhere. A missing
 * record (an order number that does not exist) says so; anything else offers to try again.
 */
export function AdminRouteError() {
  const error = useRouteError()
  const revalidator = useRevalidator()
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
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
