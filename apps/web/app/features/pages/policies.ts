import type { SitePolicies } from '@soko/contract/site'
import type { AppLoadContext } from 'react-router'
import { call } from '../../lib/api-client.ts'

// The marketplace's rules for the information pages: every number and list they state comes from the server's own
// settings (GET /api/site/policies/), read in the page's loader, so a page never says what the server does not do.

export type { SitePolicies }

export function fetchPolicies(context?: AppLoadContext): Promise<SitePolicies> {
  return call('GET /api/site/policies/', {}, { context })
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** `7 days`, `1 day`. */
export const days = (count: number): string => plural(count, 'day', 'days')

/** `48 hours`, `1 hour`. */
export const hours = (count: number): string => plural(count, 'hour', 'hours')

export { percent } from '../../lib/format.ts'

/** A length of time from seconds, in its largest whole unit: `15 minutes`, `2 hours`, `90 seconds`, `1 day`. */
export function duration(seconds: number): string {
  if (seconds > 0 && seconds % 86_400 === 0) return days(seconds / 86_400)
  if (seconds > 0 && seconds % 3600 === 0) return hours(seconds / 3600)
  if (seconds > 0 && seconds % 60 === 0) return plural(seconds / 60, 'minute', 'minutes')
  return plural(seconds, 'second', 'seconds')
}

/** `a, b and c`. */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** `a, b or c`. */
export function either(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`
}
