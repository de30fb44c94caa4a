import { formatDate } from './format.ts'

// Kenya keeps East Africa Time all year (UTC+3, no daylight saving), so a fixed offset is exact.
const OFFSET_MS = 3 * 60 * 60 * 1000

/** An API timestamp as a `datetime-local` field's value in Nairobi time: '2026-12-01T08:00'. */
export function toNairobiInput(iso: string | null): string {
  if (!iso) return ''
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return ''
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16)
}

/** A `datetime-local` value read as Nairobi time, for the API: '2026-12-01T08:00:00+03:00'; empty is none. */
export function fromNairobiInput(value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(trimmed)
  if (!match) return trimmed // the API's own message says what is wrong
  return `${match[1]}T${match[2]}:${match[3] ?? '00'}+03:00`
}

const clock = new Intl.DateTimeFormat('en-KE', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Nairobi',
})

/** '1 Dec 2099, 08:00' in Nairobi time: a schedule may be a year or more away, so the year is shown. */
export function formatMoment(iso: string): string {
  return `${formatDate(iso)}, ${clock.format(new Date(iso))}`
}
