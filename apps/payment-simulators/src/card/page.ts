// The hosted payment page: one self-contained HTML document (inline CSS, no scripts, no external assets) that
// works on a small phone and reads well to a screen reader.
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** `123400` → `KES 1,234.00`. */
export function formatAmount(amountCents: number, currency: string): string {
  const whole = Math.floor(amountCents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${currency} ${whole}.${String(amountCents % 100).padStart(2, '0')}`
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:26rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem}
h1{font-size:1.125rem;margin:0 0 .25rem}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}
.muted{color:#4b5563;font-size:.875rem;margin:0}
form{margin-top:1rem}
label{display:block;font-weight:600;font-size:.875rem;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.5rem;background:#fff}
input:focus{outline:3px solid #2563eb;outline-offset:1px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.pay{width:100%;margin-top:1.25rem;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#047857;border:0;border-radius:.5rem;cursor:pointer}
.pay:focus{outline:3px solid #2563eb;outline-offset:2px}
.cancel{display:block;margin:.75rem auto 0;padding:.5rem;font:inherit;color:#1d4ed8;background:none;border:0;text-decoration:underline;cursor:pointer}
.error{background:#fef2f2;border:1px solid #b91c1c;color:#991b1b;border-radius:.5rem;padding:.625rem .75rem;margin-top:1rem}
table{width:100%;border-collapse:collapse;font-size:.875rem;margin-top:.5rem}
th,td{text-align:left;padding:.25rem 0;border-bottom:1px solid #e5e7eb}
details{margin-top:1rem}
.notice{font-size:.75rem;color:#4b5563;margin-top:1rem;text-align:center}
`

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>${body}</main>
</body>
</html>`
}

/** The form where the shopper enters a card. Cancel is a second submit button so that it too is a POST. */
export function paymentPage(input: PaymentPageInput): string {
  const amount = formatAmount(input.amountCents, input.currency)
  const action = `/pay/${encodeURIComponent(input.accessCode)}`
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''
  const cards = TEST_CARDS.map(
    (card) => `<tr><td>${groupCardNumber(card.number)}</td><td>${escapeHtml(card.label)}</td></tr>`,
  ).join('')
  return document(
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
  return document(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link}</div>`)
}
