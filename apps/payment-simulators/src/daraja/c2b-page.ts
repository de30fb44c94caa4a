// GET /__simulator/c2b: the shopper's phone paying a Paybill (Lipa na M-Pesa → Pay Bill), for a demo or a browser
// test. Not part of Daraja: it plays the customer, whose payment Daraja then reports to the business (C2B).
import { escapeHtml, htmlPage } from '../page-shell.ts'
import type { SimulatedC2bPayment } from './c2b.ts'

const STYLES = `.ok{background:#ecfdf5;border:1px solid #047857;color:#065f46;border-radius:.5rem;padding:.625rem .75rem;margin-top:1rem}`

export function c2bPhonePage(input: {
  shortCode: string
  account: string
  amount: string
  phone: string
  result: SimulatedC2bPayment | null
  error: string | null
}): string {
  const { result } = input
  const outcome =
    result === null
      ? ''
      : `<div role="status" class="${result.state === 'completed' ? 'ok' : 'error'}" data-state="${escapeHtml(result.state)}">${escapeHtml(result.message)}</div>`
  const error = input.error ? `<div role="alert" class="error">${escapeHtml(input.error)}</div>` : ''
  return htmlPage(
    'M-Pesa Pay Bill (simulator)',
    `<div class="card">
<h1>Lipa na M-Pesa: Pay Bill</h1>
<p class="muted">A simulated phone: no money moves.</p>
${outcome}${error}
<form method="post" action="/__simulator/c2b">
<label for="business">Business number</label>
<input id="business" name="business" inputmode="numeric" required value="${escapeHtml(input.shortCode)}">
<label for="account">Account number</label>
<input id="account" name="account" required maxlength="20" value="${escapeHtml(input.account)}">
<label for="amount">Amount (KSh)</label>
<input id="amount" name="amount" inputmode="numeric" required value="${escapeHtml(input.amount)}">
<label for="phone">Paying from</label>
<input id="phone" name="phone" inputmode="tel" required value="${escapeHtml(input.phone)}">
<button class="pay" type="submit">Send</button>
</form>
</div>`,
    STYLES,
  )
}
