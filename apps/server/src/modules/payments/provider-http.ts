// One HTTP exchange with a payment provider, as both adapters (Daraja, the card provider) make it; each reads its
// provider's own error shapes from the answer.

export type Json = Record<string, unknown>

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const DEFAULT_TIMEOUT_MS = 15_000

/**
 * Sends `init` to the provider's `baseUrl` + `path`, giving up after `timeoutMs` (15 s unless set). Answers the
 * response and its body as a JSON object, or null when the body is anything else: empty, an array, or the HTML
 * that gateways in front of a provider sometimes send (the status still tells what happened). No answer at all
 * (unreachable, timed out) throws `unreachable(reason)`.
 */
export async function exchange(
  provider: { baseUrl: string; timeoutMs?: number },
  path: string,
  init: RequestInit,
  unreachable: (reason: string) => Error,
): Promise<{ response: Response; json: Json | null }> {
  let response: Response
  let text: string
  try {
    response = await fetch(`${provider.baseUrl.replace(/\/+$/, '')}${path}`, {
      ...init,
      signal: AbortSignal.timeout(provider.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    })
    text = await response.text()
  } catch (error) {
    throw unreachable(error instanceof Error ? error.message : String(error))
  }
  let body: unknown = null
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    // Not JSON: null, below.
  }
  return { response, json: isRecord(body) ? body : null }
}
