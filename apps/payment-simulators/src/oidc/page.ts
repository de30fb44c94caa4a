// The stand-in's consent page: Google's account chooser in the card provider's style. Each listed account is a
// Continue button of its own, so choosing needs no script; a typed name and address is the other way in.
import { escapeHtml, htmlPage } from '../page-shell.ts'
import type { DemoIdentity } from './identities.ts'

export interface ConsentPageInput {
  /** The pending authorization request the form answers (kept by the provider, never in the form's fields). */
  requestId: string
  clientName: string
  identities: readonly DemoIdentity[]
  /** Why a typed account was refused, with what was typed shown again. */
  error?: string
  name?: string
  email?: string
}

const STYLES = `
.accounts{list-style:none;margin:1rem 0 0;padding:0}
.accounts li+li{margin-top:.5rem}
.account{display:block;width:100%;text-align:left;font:inherit;padding:.625rem .75rem;background:#fff;color:inherit;border:1px solid #6b7280;border-radius:.5rem;cursor:pointer}
.account:focus,.continue:focus{outline:3px solid #2563eb;outline-offset:2px}
.account strong,.account span{display:block}
.account span{color:#4b5563;font-size:.875rem}
h2{font-size:1rem;margin:1.5rem 0 0}
.continue{width:100%;margin-top:1rem;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#1d4ed8;border:0;border-radius:.5rem;cursor:pointer}
`

const CONSENT_PATH = '/authorize/consent'

/** Choose an account, type another, or cancel. Every form posts the request id back to the provider. */
export function consentPage(input: ConsentPageInput): string {
  const request = `<input type="hidden" name="request" value="${escapeHtml(input.requestId)}">`
  const client = escapeHtml(input.clientName)
  const accounts = input.identities
    .map(
      (identity) => `<li><button class="account" type="submit" name="account" value="${escapeHtml(identity.id)}">
<strong>${escapeHtml(identity.name)}</strong><span>${escapeHtml(identity.email)}${identity.email_verified ? '' : ' (email not verified)'}</span>
</button></li>`,
    )
    .join('\n')
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''
  return htmlPage(
    'Sign in with Google',
    `<div class="card">
<h1>Choose an account</h1>
<p class="muted">to continue to ${client}</p>
<form method="post" action="${CONSENT_PATH}">
${request}
<ul class="accounts" aria-label="Accounts">
${accounts}
</ul>
</form>
<h2 id="another">Use another account</h2>
${error}
<form method="post" action="${CONSENT_PATH}" aria-labelledby="another">
${request}
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" required maxlength="80" value="${escapeHtml(input.name ?? '')}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(input.email ?? '')}">
<button class="continue" type="submit" name="account" value="other">Continue</button>
</form>
<form method="post" action="${CONSENT_PATH}">
${request}
<button class="cancel" type="submit" name="action" value="cancel">Cancel and return to ${client}</button>
</form>
<p class="notice">Test sign-in provider: no Google account is used and no password is asked.</p>
</div>`,
    STYLES,
  )
}

/** A refusal shown instead of sending the browser anywhere (an unknown application or return address). */
export function refusalPage(title: string, message: string): string {
  return htmlPage(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`)
}
