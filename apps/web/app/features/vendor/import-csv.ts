import type { Api } from '@soko/contract/api'
import type { ResponseOf } from '@soko/contract/endpoint'
import { ApiError } from '../../lib/api-client.ts'

// A CSV of products sent to the import's endpoints as the request body itself (text/csv), not as JSON or a form.

type CsvKey = 'POST /api/vendor/products/import/preview/' | 'POST /api/vendor/products/import/'

/** Sends the chosen file to the preview or the import; throws ApiError with the server's reason when refused. */
export async function sendCsvFile<K extends CsvKey>(key: K, file: Blob): Promise<ResponseOf<Api[K]>> {
  const path = key.slice(key.indexOf(' ') + 1)
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'text/csv', accept: 'application/json' },
      body: file,
    })
  } catch {
    throw new ApiError(0, 'Network error: check your connection and try again.')
  }
  const payload: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const { detail, errors } = (payload ?? {}) as { detail?: string; errors?: Record<string, string[]> }
    throw new ApiError(
      response.status,
      detail ?? `The file could not be sent (${response.status}).`,
      errors,
      detail !== undefined,
      payload,
    )
  }
  return payload as ResponseOf<Api[K]>
}

/** The failed lines as a small CSV to download: line, column, reason. */
export function failuresCsv(failures: readonly { line: number; field: string; message: string }[]): string {
  const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
  return ['line,column,reason', ...failures.map((f) => `${f.line},${quote(f.field)},${quote(f.message)}`)]
    .map((line) => `${line}\r\n`)
    .join('')
}
