import type { ReturnView } from '@soko/contract/returns'
import { formatDateTime, formatKes } from '../../lib/format.ts'
import type { Tone } from '../ui/tag.tsx'
import './return-facts.css'

// What the shopper, the shop and the dispute desk all see of a return (decisions 0013, 0015): its photos and, once
// it went to the desk, why and what was decided.

export const RETURN_TONES: Record<ReturnView['state'], Tone> = {
  requested: 'warn',
  accepted: 'neutral',
  disputed: 'warn',
  received: 'good',
  refunded: 'good',
  rejected: 'bad',
}

/** The shopper's photos of the items, each opening at full size. */
export function ReturnPhotos({ row }: { row: ReturnView }) {
  if (row.photos.length === 0) return null
  return (
    <ul className="return-photos" aria-label={`Photos of the return for order ${row.orderNumber}`}>
      {row.photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.original} target="_blank" rel="noreferrer">
            <img
              src={photo.thumbnail}
              alt={`The returned items, ${index + 1} of ${row.photos.length}`}
              width={96}
              height={96}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Why the return went to the dispute desk, and the desk's decision once made. */
export function DisputeFacts({ row }: { row: ReturnView }) {
  if (!row.disputedAt) return null
  return (
    <dl className="return-dispute">
      <div>
        <dt>Dispute</dt>
        <dd>
          {row.disputeCauseLabel} (<time dateTime={row.disputedAt}>{formatDateTime(row.disputedAt)}</time>)
        </dd>
      </div>
      {row.refusalReason && (
        <div>
          <dt>The shop's reason</dt>
          <dd>{row.refusalReason}</dd>
        </div>
      )}
      {row.decisionNote && (
        <div>
          <dt>Soko's decision</dt>
          <dd>
            {row.state === 'refunded' && row.refunded !== null ? `Refund of ${formatKes(row.refunded)}. ` : ''}
            {row.state === 'rejected' ? 'Return rejected. ' : ''}
            {row.decisionNote}
          </dd>
        </div>
      )}
    </dl>
  )
}
