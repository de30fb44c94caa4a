const wholeShillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })
const withCents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** An API amount (KES) as Soko shows every price: `KSh 1,234`, cents only when there are some. */
export function formatKes(kes: number): string {
  const cents = Math.round(kes * 100)
  return `KSh ${(cents % 100 === 0 ? wholeShillings : withCents).format(cents / 100)}`
}

const dateFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
})

/** A date as Kenyans read it: `22 Nov 2026` (Nairobi time). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

const dateTimeFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
})

/** A moment as Kenyans read it: `22 Nov, 15:45` (Nairobi time), e.g. when an unpaid order's reservation ends. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

/** An address on one line, leaving out the parts it lacks: `12 Moi Avenue, Nairobi, Nairobi, 00100, Kenya`. */
export function oneLineAddress(address: {
  address: string
  city: string
  county: string
  postalCode?: string | null | undefined
  country: string
}): string {
  return [address.address, address.city, address.county, address.postalCode, address.country].filter(Boolean).join(', ')
}

/** A percentage as the checkout shows it: `16%`, `12.5%`. */
export const percent = (value: number): string => `${Number(value.toFixed(2))}%`
