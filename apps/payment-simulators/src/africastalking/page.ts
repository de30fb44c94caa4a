// GET /__simulator/sms: the texts the SMS stand-in was asked to send, newest first, as the phones would show them,
// for a demo or a developer. Not part of Africa's Talking.
import { escapeHtml, htmlPage } from '../page-shell.ts'
import type { SimulatedSms } from './sms.ts'

const STYLES = `main{max-width:48rem}.text{white-space:pre-wrap;background:#ecfdf5;border-radius:.75rem;padding:.5rem .75rem;margin:.25rem 0}td,th{padding:.375rem .5rem .375rem 0;vertical-align:top}`

export function smsInboxPage(messages: SimulatedSms[]): string {
  const rows = messages
    .toReversed()
    .map(
      (sms) => `<tr>
<td>${escapeHtml(sms.sentAt.replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(sms.to)}<br><span class="muted">from ${escapeHtml(sms.from)}</span></td>
<td><div class="text">${escapeHtml(sms.message)}</div><span class="muted">${sms.parts} part${sms.parts === 1 ? '' : 's'}, ${escapeHtml(sms.messageId)}</span></td>
<td>${escapeHtml(sms.status)}${sms.deliveryStatus ? `<br><span class="muted">report: ${escapeHtml(sms.deliveryStatus)}</span>` : ''}</td>
</tr>`,
    )
    .join('\n')
  const table =
    messages.length === 0
      ? '<p class="muted">No text has been sent yet.</p>'
      : `<table>
<thead><tr><th scope="col">Sent (UTC)</th><th scope="col">To</th><th scope="col">Text</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
  return htmlPage(
    'SMS inbox (simulator)',
    `<div class="card"><h1>SMS inbox</h1><p class="muted">Texts sent through the Africa's Talking stand-in: no phone received them. <a href="/__simulator/sms.json">JSON</a></p>${table}</div>`,
    STYLES,
  )
}
