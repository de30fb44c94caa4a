import type { Quote } from '@soko/contract/checkout'
import { VoucherCodeSchema } from '@soko/contract/vouchers'
import { type FormEvent, useId, useState } from 'react'
import { formatKes } from '../../lib/format.ts'
import { setVoucherCode } from '../../lib/voucher-code.ts'

/**
 * The voucher box of the cart's and the checkout's summary: a code is applied by asking for the quote with it, and
 * the quote says whether it took (its discount and who funds it) or why not; what was typed stays for a second try.
 */
export function VoucherField({ quote, code }: { quote: Quote | undefined; code: string }) {
  const id = useId()
  const [typed, setTyped] = useState(code)
  const [problem, setProblem] = useState('')
  const voucher = code && quote?.voucher?.code === code ? quote.voucher : null
  const refusal = problem || (voucher && !voucher.applied ? (voucher.message ?? 'This code does not apply.') : '')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = VoucherCodeSchema.safeParse(typed)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the code and try again.')
      return
    }
    setProblem('')
    setTyped(parsed.data)
    setVoucherCode(parsed.data)
  }

  if (voucher?.applied) {
    return (
      <div className="voucher-field voucher-field--applied" role="status">
        <p>
          <strong>{voucher.code}</strong> applied: −{formatKes(voucher.discount)}
          {voucher.funderName ? ` (from ${voucher.funderName})` : ''}
        </p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setVoucherCode('')
            setTyped('')
          }}
        >
          Remove<span className="visually-hidden"> voucher {voucher.code}</span>
        </button>
      </div>
    )
  }
  return (
    <form className="voucher-field" noValidate onSubmit={onSubmit} aria-label="Voucher">
      <label htmlFor={`${id}-code`}>Voucher code</label>
      <div className="voucher-field__row">
        <input
          id={`${id}-code`}
          name="voucherCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          value={typed}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--ghost">
          Apply
        </button>
      </div>
      {refusal && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {refusal}
        </p>
      )}
    </form>
  )
}
