import type { ReactNode } from 'react'
import './tag.css'

export type Tone = 'good' | 'bad' | 'warn' | 'info' | 'neutral'

/** A small coloured label: 'Active', 'Suspended', 'Verified Seller', 'Paid' ... */
export function Tag({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`tag tag--${tone}`}>{children}</span>
}
