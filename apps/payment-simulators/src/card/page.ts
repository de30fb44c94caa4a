// The hosted payment page: one self-contained HTML document (inline CSS, no scripts, no external assets) that
// works on a small phone and reads well to a screen reader.
import { escapeHtml, htmlPage } from '../page-shell.ts'
import { groupCardNumber, TEST_CARDS } from './test-cards.ts'

export interface PaymentPageInput {
  accessCode: string
  merchantName: string
  amountCents: number
  currency: string
  email: string
  /** A message for the shopper after a refused attempt. */
  error?: string
  /** Fields to show again after a refused attempt (never the card number or CVC). */
  expiry?: string
  name?: string
}

/** `123400` → `KES 1,234.00`. */
export function formatAmount(amountCents: number, currency: string): string {
  const whole = Math.floor(amountCents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${currency} ${whole}.${String(amountCents % 100).padStart(2, '0')}`
}

/** The form where the shopper enters a card. Cancel is a second submit button so that it too is a POST. */
export function paymentPage(input: PaymentPageInput): string {
  const amount = formatAmount(input.amountCents, input.currency)
  const action = `/pay/${encodeURIComponent(input.accessCode)}`
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''
  const cards = TEST_CARDS.map(
    (card) => `<tr><td>${groupCardNumber(card.number)}</td><td>${escapeHtml(card.label)}</td></tr>`,
  ).join('')
  return htmlPage(
    `Pay ${input.merchantName}`,
    `<div class="card">
<h1>Pay ${escapeHtml(input.merchantName)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="muted">${escapeHtml(input.email)}</p>
${error}
<form method="post" action="${action}">
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="1234 5678 9012 3456" maxlength="23">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" required placeholder="MM/YY" maxlength="7" value="${escapeHtml(input.expiry ?? '')}"></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123" maxlength="4"></div>
</div>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" required value="${escapeHtml(input.name ?? '')}">
<button class="pay" type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel and return to ${escapeHtml(input.merchantName)}</button>
</form>
<details open>
<summary>Test cards</summary>
<table><thead><tr><th scope="col">Number</th><th scope="col">Result</th></tr></thead><tbody>${cards}
<tr><td>Any other valid number</td><td>Succeeds</td></tr></tbody></table>
<p class="muted">Use any future expiry date and any 3-digit CVC.</p>
</details>
<p class="notice">Test payment provider: no real money moves.</p>
</div>`,
  )
}

/** Shown for an unknown or already used payment link. */
export function messagePage(title: string, message: string, returnUrl?: string): string {
  const link = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to the shop</a></p>` : ''
  return htmlPage(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}</div>`)
}
