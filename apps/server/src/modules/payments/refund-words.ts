// How a refund's destination reads to its shopper (the order page, the email).

/** An M-Pesa number as a shopper reads it, its middle hidden: +254712345678 → 0712 *** 678. */
export function maskedPhone(e164: string | null): string {
  const digits = (e164 ?? '').replace(/\D/g, '')
  const local = digits.startsWith('254') ? `0${digits.slice(3)}` : digits
  if (local.length < 7) return 'your M-Pesa number'
  return `${local.slice(0, 4)} *** ${local.slice(-3)}`
}

/** Where a refund goes, in words: "M-Pesa 0712 *** 678" or "your card". */
export function refundDestination(refund: { method: string; phone: string | null }): string {
  return refund.method === 'mpesa' ? `M-Pesa ${maskedPhone(refund.phone)}` : 'your card'
}
