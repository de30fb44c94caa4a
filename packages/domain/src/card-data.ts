// Soko never handles card numbers or security codes (PCI DSS scope): cards are saved with the payment provider,
// which gives back a token. These checks let the API refuse a request that carries card data anyway.

const CARD_FIELD_WORDS = new Set(['number', 'pan', 'cvv', 'cvv2', 'cvc', 'cvc2', 'cvn', 'csc', 'cid', 'securitycode'])

/** Whether a field name looks like it holds a card number or security code: cardNumber, card_pan, cvv, CVC2 ... */
export function isCardDataField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
  const joined = words.join('')
  return (
    words.some((word) => CARD_FIELD_WORDS.has(word)) ||
    /number|cvv|cvc|securitycode/.test(joined) ||
    /(^|card)pan$/.test(joined)
  )
}

/** Whether a value reads as a payment card number: 13 to 19 digits (spaces or hyphens allowed) passing Luhn. */
export function isLikelyCardNumber(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits)) return false
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

/** The paths (`card.number`, `cvv`, `token`) in a JSON value that hold, or are named like, card data. */
export function findCardData(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return isLikelyCardNumber(value) ? [path || '(body)'] : []
  if (typeof value === 'number') return isLikelyCardNumber(String(value)) ? [path || '(body)'] : []
  if (Array.isArray(value))
    return value.flatMap((item, index) => findCardData(item, `${path}${path ? '.' : ''}${index}`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, item]) => {
    const here = path ? `${path}.${key}` : key
    return isCardDataField(key) ? [here] : findCardData(item, here)
  })
}
