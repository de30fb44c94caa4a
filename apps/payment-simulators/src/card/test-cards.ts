// The test provider's cards: a few numbers with a fixed answer, and Luhn for everything else.

export interface TestCardResult {
  status: 'success' | 'failed'
  /** Paystack's `gateway_response`. */
  gatewayResponse: string
}

export interface TestCard extends TestCardResult {
  number: string
  /** What the hosted page says the card does. */
  label: string
}

/** Cards with a fixed answer; any other Luhn-valid number succeeds. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4084084084084081', status: 'success', gatewayResponse: 'Approved', label: 'Succeeds' },
  { number: '4000000000000002', status: 'failed', gatewayResponse: 'Declined', label: 'Declined' },
  { number: '4000000000009995', status: 'failed', gatewayResponse: 'Insufficient Funds', label: 'Insufficient funds' },
]

/** The answer a card number gets; assumes the number already passed isLuhnValid. */
export function chargeResultFor(digits: string): TestCardResult {
  return TEST_CARDS.find((card) => card.number === digits) ?? { status: 'success', gatewayResponse: 'Approved' }
}

/** 12-19 digits whose Luhn checksum holds. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The scheme as Paystack names it in `authorization.brand`. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa'
  const firstTwo = Number(digits.slice(0, 2))
  const firstFour = Number(digits.slice(0, 4))
  if ((firstTwo >= 51 && firstTwo <= 55) || (firstFour >= 2221 && firstFour <= 2720)) return 'mastercard'
  if (firstTwo === 34 || firstTwo === 37) return 'american express'
  if (/^(506[01]|6500)/.test(digits)) return 'verve'
  return 'unknown'
}

/** `4084 0840 8408 4081`: how the page shows a number. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}
