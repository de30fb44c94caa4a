import type { PaymentState } from '@soko/contract/checkout'
import { useId, useState } from 'react'
import { formatKes } from '../../lib/format.ts'

type Paybill = NonNullable<PaymentState['paybill']>

/** One value to type on the phone, with a button that copies it (the words say what was copied, for everyone). */
function CopyRow({ label, value, copyText }: { label: string; value: string; copyText: string }) {
  const [copied, setCopied] = useState('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyText)
      setCopied(`${label} copied`)
    } catch {
      setCopied(`Copy it by hand: ${copyText}`)
    }
  }
  return (
    <div className="paybill__row">
      <dt>{label}</dt>
      <dd>
        <strong className="paybill__value">{value}</strong>
        <button
          type="button"
          className="button button--ghost paybill__copy"
          onClick={copy}
          aria-label={`Copy ${label}`}
        >
          Copy
        </button>
        <span className="paybill__copied" aria-live="polite">
          {copied}
        </span>
      </dd>
    </div>
  )
}

/**
 * How to pay an unpaid order from one's own M-Pesa menu (Lipa na M-Pesa → Pay Bill): our business number, the order
 * number as account number, and the exact amount. Any unpaid order can be paid this way, however it was to be paid.
 */
export function PaybillInstructions({ paybill, title }: { paybill: Paybill; title: string }) {
  const id = useId()
  return (
    <section className="paybill" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="paybill__title">
        {title}
      </h3>
      <dl className="paybill__values">
        <CopyRow label="Business number" value={paybill.businessNumber} copyText={paybill.businessNumber} />
        <CopyRow label="Account number" value={paybill.accountNumber} copyText={paybill.accountNumber} />
        <CopyRow label="Amount" value={formatKes(paybill.amount)} copyText={String(paybill.amount)} />
      </dl>
      <ol className="paybill__steps">
        <li>Go to M-Pesa on your phone, then Lipa na M-Pesa, then Pay Bill.</li>
        <li>
          Enter business number <strong>{paybill.businessNumber}</strong>.
        </li>
        <li>
          Enter account number <strong>{paybill.accountNumber}</strong> (your order number).
        </li>
        <li>
          Enter the amount <strong>{formatKes(paybill.amount)}</strong> exactly, then your M-Pesa PIN, and send.
        </li>
      </ol>
      {paybill.phonePageUrl && (
        <p className="checkout-note checkout-note--box">
          Demo: no real phone pays here.{' '}
          <a href={paybill.phonePageUrl} target="_blank" rel="noreferrer">
            Open the simulated M-Pesa phone
          </a>{' '}
          and send the payment from it.
        </p>
      )}
      <p className="checkout-note">
        This page updates by itself once M-Pesa confirms your payment. A different amount or account number is refused
        by M-Pesa.
      </p>
    </section>
  )
}
