// GET /__simulator/b2c: the B2C payments the simulator was asked to make, newest first, for a demo or a developer
// who wants to see what M-Pesa "sent". Not part of Daraja.
import { escapeHtml, htmlPage } from '../page-shell.ts'
import type { SimulatedB2cPayment } from './b2c.ts'

const STYLES = `main{max-width:60rem}td,th{padding:.375rem .5rem .375rem 0;vertical-align:top}.num{text-align:right}`

const shillings = (amount: number) =>
  `KES ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

function stateText(payment: SimulatedB2cPayment): string {
  if (payment.state === 'pending') return 'Pending'
  if (payment.state === 'paid') return `Paid, receipt ${payment.transactionId ?? ''}`
  return `Failed (${String(payment.resultCode)}): ${payment.resultDesc ?? ''}`
}

export function b2cPaymentsPage(payments: SimulatedB2cPayment[], floatKes: number): string {
  const rows = payments
    .toReversed()
    .map(
      (payment) => `<tr>
<td>${escapeHtml(payment.completedAt?.replace('T', ' ').slice(0, 19) ?? '')}</td>
<td>${escapeHtml(payment.phone)}<br><span class="muted">${escapeHtml(payment.receiverName)}</span></td>
<td class="num">${escapeHtml(shillings(payment.amount))}</td>
<td>${escapeHtml(payment.remarks)}<br><span class="muted">${escapeHtml(payment.originatorConversationId)}</span></td>
<td>${escapeHtml(stateText(payment))}</td>
<td class="num">${payment.resultsSent}</td>
</tr>`,
    )
    .join('\n')
  const table =
    payments.length === 0
      ? '<p class="muted">No B2C payment has been asked for yet.</p>'
      : `<table>
<caption class="muted">Utility account: ${escapeHtml(shillings(floatKes))}</caption>
<thead><tr><th scope="col">Settled (UTC)</th><th scope="col">To</th><th scope="col" class="num">Amount</th><th scope="col">Remarks and originator id</th><th scope="col">Outcome</th><th scope="col" class="num">Results posted</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
  return htmlPage(
    'M-Pesa B2C payments (simulator)',
    `<div class="card"><h1>M-Pesa B2C payments</h1><p class="muted">Sent by the Daraja simulator: no money moved.</p>${table}</div>`,
    STYLES,
  )
}
