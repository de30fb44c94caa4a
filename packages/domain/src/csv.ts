// CSV as RFC 4180 writes it (fields separated by commas, records by CRLF or LF, a field in double quotes may hold
// commas, quotes doubled, and line breaks), read and written without a library. Each record keeps the line it
// starts on (the first line is 1), counting the line breaks inside quoted fields, so a message can say "line 12"
// and mean the line a spreadsheet or text editor shows.

export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number
  fields: string[]
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string }

/**
 * Reads CSV text into records. A leading byte-order mark is dropped; blank lines (no characters at all) are skipped;
 * a quote inside an unquoted field is kept as it is (spreadsheets write `5" tyre`). A quoted field never closed is
 * an error naming the line it opened on.
 */
export function parseCsv(text: string): CsvParse {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let line = 1
  let recordLine = 1
  let i = 0
  let atFieldStart = true
  let recordHasContent = false
  const endRecord = () => {
    fields.push(field)
    if (recordHasContent || fields.length > 1 || field !== '') records.push({ line: recordLine, fields })
    fields = []
    field = ''
    atFieldStart = true
    recordHasContent = false
  }
  while (i < source.length) {
    const char = source[i]
    if (atFieldStart && char === '"') {
      const openedOn = line
      i++
      for (;;) {
        if (i >= source.length) {
          return { ok: false, line: openedOn, message: 'A quoted field is never closed (a " is missing)' }
        }
        const inner = source[i]
        if (inner === '"') {
          if (source[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (inner === '\r' && source[i + 1] === '\n') {
          field += '\r\n'
          i += 2
          line++
          continue
        }
        if (inner === '\n' || inner === '\r') line++
        field += inner
        i++
      }
      atFieldStart = false
      recordHasContent = true
      continue
    }
    if (char === ',') {
      fields.push(field)
      field = ''
      atFieldStart = true
      recordHasContent = true
      i++
      continue
    }
    if (char === '\r' || char === '\n') {
      endRecord()
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1
      line++
      recordLine = line
      continue
    }
    field += char
    atFieldStart = false
    i++
  }
  if (!atFieldStart || field !== '' || fields.length > 0 || recordHasContent) endRecord()
  return { ok: true, records }
}

/** Characters a spreadsheet reads as the start of a formula when a cell begins with them. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One field as CSV: quoted when it holds a comma, quote or line break. With `text`, a value a spreadsheet would run
 * as a formula (`=HYPERLINK(...)`) is written with a leading apostrophe, which spreadsheets show as text
 * (CSV injection); `unguardText` takes it off again on the way back in.
 */
export function csvField(value: string, options: { text?: boolean } = {}): string {
  const guarded = options.text && FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** Undoes `csvField`'s apostrophe before a formula character. */
export function unguardText(value: string): string {
  return value.length > 1 && value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value
}

/** Records as CSV text: CRLF line ends (RFC 4180), every field through `csvField`. */
export function toCsv(rows: readonly (readonly string[])[], textColumns: ReadonlySet<number> = new Set()): string {
  return rows
    .map((row) => row.map((value, index) => csvField(value, { text: textColumns.has(index) })).join(','))
    .map((line) => `${line}\r\n`)
    .join('')
}
