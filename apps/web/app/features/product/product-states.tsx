import type { ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { BackButton, ShareButton, useGoBack } from './product-actions.tsx'

/** The product page's sticky header: back, 'Product Details', and (with a product) share. */
export function ProductHeader({ share }: { share?: { title: string; url: string } }) {
  return (
    <header className="pd-header">
      <BackButton />
      <p className="pd-header__title">Product Details</p>
      <div className="pd-header__actions">{share && <ShareButton title={share.title} url={share.url} />}</div>
    </header>
  )
}

export function ProductLoading() {
  return (
    <div className="pd-state">
      <title>Product Details | Soko</title>
      <Spinner label="Loading product details..." />
    </div>
  )
}

function GoBackButton() {
  const goBack = useGoBack()
  return (
    <button type="button" className="button button--ghost" onClick={goBack}>
      Go Back
    </button>
  )
}

/** A missing product (specification section 2). */
export function ProductNotFound() {
  return (
    <div className="pd-state" role="alert">
      <title>Product Not Found | Soko</title>
      <meta name="robots" content="noindex" />
      <h1 className="pd-state__title">Product Not Found</h1>
      <p>Sorry, the product you're looking for doesn't exist or has been removed.</p>
      <GoBackButton />
    </div>
  )
}

/** The product could not be loaded (a server or network failure, not a missing product): offer to try again. */
export function ProductLoadFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div className="pd-state" role="alert">
      <title>Failed to load product details | Soko</title>
      <meta name="robots" content="noindex" />
      <h1 className="pd-state__title">Failed to load product details</h1>
      <p>Failed to load page data. Please try again.</p>
      <div className="pd-state__actions">
        <button type="button" className="button" onClick={onRetry} disabled={isRetrying} aria-busy={isRetrying}>
          {isRetrying && <Spinner size="sm" />}
          Try Again
        </button>
        <GoBackButton />
      </div>
    </div>
  )
}

export function ProductPage({ children, share }: { children: ReactNode; share?: { title: string; url: string } }) {
  return (
    <div className="pd">
      <ProductHeader share={share} />
      {children}
    </div>
  )
}
