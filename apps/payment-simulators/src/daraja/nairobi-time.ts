// Daraja's timestamps are Nairobi wall-clock time. Kenya has kept UTC+3 all year, with no daylight saving, since
// 1960, so a fixed offset is exact and needs no time-zone database.
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** `YYYYMMDDHHmmss` in Nairobi time. */
export function nairobiTimestamp(date: Date = new Date()): string {
  const local = new Date(date.getTime() + NAIROBI_OFFSET_MS)
  return (
    `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}` +
    `${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`
  )
}

/** The instant a Nairobi `YYYYMMDDHHmmss` stands for, or null when it is not a real date and time. */
export function parseNairobiTimestamp(stamp: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) - NAIROBI_OFFSET_MS
  // Date.UTC rolls 31 February over into March; a round trip catches such impossible dates.
  const date = new Date(utc)
  return nairobiTimestamp(date) === stamp ? date : null
}
