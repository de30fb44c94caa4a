import { useQueryClient } from '@tanstack/react-query'
import { useRevalidator } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { invalidateHome } from './home-data.ts'

/**
 * What a home section shows when its data failed to load (specification section 8), with 'Try Again': it refetches
 * home data and categories and loads the page's data again.
 */
export function HomeError({ message }: { message: string }) {
  const queryClient = useQueryClient()
  const revalidator = useRevalidator()
  const isRetrying = revalidator.state === 'loading'
  return (
    <div className="home-error" role="alert">
      <p className="home-error__title">{message}</p>
      <p className="home-error__text">Failed to load page data. Please try again.</p>
      <button
        type="button"
        className="button"
        aria-busy={isRetrying}
        disabled={isRetrying}
        onClick={async () => {
          await invalidateHome(queryClient)
          await revalidator.revalidate()
        }}
      >
        {isRetrying && <Spinner size="sm" />}
        Try Again
      </button>
    </div>
  )
}
