import { countdown, formatCountdown } from '@soko/domain/flash-sales'
import { useEffect, useState } from 'react'
import { formatDateTime } from '../../lib/format.ts'

/**
 * Time left until `endsAt`: the server renders it at `now` (its own clock, so the page hydrates with the same text),
 * then the browser ticks every second. The ticking digits are hidden from screen readers (a live clock would speak
 * every second); they read the end as a moment instead: 'Ends 25 Nov, 15:00 Nairobi time'.
 */
export function Countdown({ endsAt, now, className = '' }: { endsAt: string; now: string; className?: string }) {
  const [at, setAt] = useState(() => Date.parse(now))
  useEffect(() => {
    setAt(Date.now())
    const timer = window.setInterval(() => setAt(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [])
  const left = countdown(new Date(endsAt), new Date(at))
  return (
    <p className={`countdown ${className}`}>
      <span aria-hidden="true">
        {left.totalSeconds > 0 ? (
          <>
            Ends in{' '}
            <time className="countdown__clock" dateTime={`PT${left.totalSeconds}S`}>
              {formatCountdown(left)}
            </time>
          </>
        ) : (
          'Ended'
        )}
      </span>
      <span className="visually-hidden">
        {left.totalSeconds > 0 ? `Ends ${formatDateTime(endsAt)} Nairobi time` : 'Ended'}
      </span>
    </p>
  )
}
