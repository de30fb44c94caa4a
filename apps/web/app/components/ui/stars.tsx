export interface StarsProps {
  /** 0-5, may be fractional; null shows no stars. */
  rating: number | null
  count?: number
}

/** A star rating read out as text ("Rated 4.3 out of 5, 12 reviews"). */
export function Stars({ rating, count }: StarsProps) {
  if (rating === null) return <span className="stars stars--none">No ratings</span>
  const label = `Rated ${rating.toFixed(1)} out of 5${count === undefined ? '' : `, ${count} review${count === 1 ? '' : 's'}`}`
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars__track" aria-hidden="true">
        ★★★★★
        <span className="stars__fill" style={{ width: `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined && (
        <span className="stars__count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  )
}
