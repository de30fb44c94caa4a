// What a tester does on the stand-in's consent page, done over HTTP for tests and scripts: open the page, answer
// it, and read where the provider sends the browser back.

/** A listed account (its id), a typed name and address, or Cancel. */
export type ConsentChoice = { account: string } | { name: string; email: string } | 'cancel'

/**
 * Opens the authorization URL a client sent the browser to, answers the consent page, and returns the address the
 * provider redirects back to (with `code` and `state`, or `error`). A request the provider refuses outright (an
 * unknown client or return address) throws; one it bounces back to the client returns that address at once.
 */
export async function answerConsentPage(authorizationUrl: string | URL, choice: ConsentChoice): Promise<URL> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' })
  const bounced = page.headers.get('location')
  if (page.status === 302 && bounced) return new URL(bounced)
  const html = await page.text()
  const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1]
  if (page.status !== 200 || requestId === undefined) {
    throw new Error(`the consent page answered ${page.status}: ${html.slice(0, 200)}`)
  }
  const fields: Record<string, string> =
    choice === 'cancel'
      ? { action: 'cancel' }
      : 'account' in choice
        ? { account: choice.account }
        : { account: 'other', name: choice.name, email: choice.email }
  const answer = await fetch(new URL('/authorize/consent', authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: requestId, ...fields }),
    redirect: 'manual',
  })
  const location = answer.headers.get('location')
  if (answer.status !== 303 || !location) {
    throw new Error(`the consent form answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`)
  }
  return new URL(location)
}
