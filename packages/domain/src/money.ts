/** Money is integer cents inside Soko and KES (shillings, up to two decimals) in the API. */
export type Cents = number

/** Cents to shillings for the API: 149950 → 1499.5. */
export function centsToKes(cents: Cents): number {
  return cents / 100
}

/** Shillings to cents, rounding half away from zero at the cent: 1499.505 → 149951. */
export function kesToCents(kes: number): Cents {
  return Math.sign(kes) * Math.round(Math.abs(kes) * 100)
}

const wholeShillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 })
const withCents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** How Soko shows an amount everywhere: `KSh 1,234`, with cents only when there are some (`KSh 99.50`). */
export function formatKes(cents: Cents): string {
  const format = cents % 100 === 0 ? wholeShillings : withCents
  return `KSh ${format.format(cents / 100)}`
}
