import { ApiError } from './api-client.ts'

// What a form shows at its fields and above them: its own check with the contract's schema, and what the server
// said when a write failed. The server's own words are shown only when they help the person fix something (a 4xx
// with a sentence); a 5xx's text is for the logs, so the screen's own fallback stands in for it.

/** The first message for each field a schema refused (a failed safeParse's issues), by its top-level name. */
export function issueErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  /** Where an issue about the whole body goes; left out without it (no field could show it). */
  wholeBody?: string,
): Record<string, string> {
  const found: Record<string, string> = {}
  for (const issue of issues) {
    const field = issue.path[0] === undefined ? wholeBody : String(issue.path[0])
    if (field !== undefined) found[field] ??= issue.message
  }
  return found
}

/** The server's sentence for a refused write (a 4xx that said why), or null. */
export function serverReason(error: unknown): string | null {
  if (error instanceof ApiError && error.hasServerDetail && error.status >= 400 && error.status < 500) {
    return error.detail
  }
  return null
}

/** The server's reason, or the network failure's sentence ('Network error: ...'), else the fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return error.detail
  return serverReason(error) ?? fallback
}

/**
 * The server's first message for each field of a refused write: the one place an ApiError's field errors become a
 * form's messages. With `fields`, only those (the form's own; others have nowhere to show).
 */
export function fieldErrors(error: unknown): Record<string, string>
export function fieldErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>>
export function fieldErrors(error: unknown, fields?: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {}
  if (error instanceof ApiError) {
    for (const [field, messages] of Object.entries(error.errors)) {
      if (messages[0] && (!fields || fields.includes(field))) found[field] = messages[0]
    }
  }
  return found
}
