export interface SkeletonProps {
  className?: string
  /** Accessible description of what is loading; only the first skeleton of a group needs one. */
  label?: string
}

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className = '', label }: SkeletonProps) {
  return label ? (
    <div className={`skeleton ${className}`} role="status" aria-label={label} />
  ) : (
    <div className={`skeleton ${className}`} aria-hidden="true" />
  )
}

/** A product card's placeholder, the same size as the card it stands for. */
export function ProductCardSkeleton({ label }: { label?: string }) {
  return (
    <div className="card product-card product-card--skeleton" aria-hidden={label ? undefined : true}>
      <Skeleton className="product-card__image" label={label} />
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--line skeleton--short" />
      <Skeleton className="skeleton--button" />
    </div>
  )
}
