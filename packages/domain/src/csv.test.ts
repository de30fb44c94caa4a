import { describe, expect, it } from 'vitest'
import { csvField, parseCsv, toCsv, unguardText } from './csv.ts'

describe('parseCsv', () => {
  it.each([
    [
      'plain fields',
      'a,b,c\n1,2,3\n',
      [
        [1, ['a', 'b', 'c']],
        [2, ['1', '2', '3']],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'no line end at the end',
      'a,b\n1,2',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    ['a quoted comma', 'a,"b, c"\n', [[1, ['a', 'b, c']]]],
    ['doubled quotes', '"say ""hi""",x\n', [[1, ['say "hi"', 'x']]]],
    [
      'a quoted line break counts its lines',
      'h\n"one\ntwo",x\nnext\n',
      [
        [1, ['h']],
        [2, ['one\ntwo', 'x']],
        [4, ['next']],
      ],
    ],
    [
      'a quoted CRLF',
      'h\r\n"a\r\nb"\r\nc\r\n',
      [
        [1, ['h']],
        [2, ['a\r\nb']],
        [4, ['c']],
      ],
    ],
    [
      'blank lines are skipped but counted',
      'h\n\n1\n\n\n2\n',
      [
        [1, ['h']],
        [3, ['1']],
        [6, ['2']],
      ],
    ],
    ['empty fields', ',,\n', [[1, ['', '', '']]]],
    [
      'a byte-order mark',
      '\ufeffname\nx\n',
      [
        [1, ['name']],
        [2, ['x']],
      ],
    ],
    ['a quote inside an unquoted field', '5" tyre,x\n', [[1, ['5" tyre', 'x']]]],
    ['an empty quoted field', '"",x\n', [[1, ['', 'x']]]],
  ])('%s', (_name, text, expected) => {
    const parsed = parseCsv(text)
    expect(parsed).toEqual({ ok: true, records: expected.map(([line, fields]) => ({ line, fields })) })
  })

  it('names the line of a quote never closed', () => {
    expect(parseCsv('h\nok\n"never closed,\nmore\n')).toEqual({
      ok: false,
      line: 3,
      message: 'A quoted field is never closed (a " is missing)',
    })
  })
})

describe('writing CSV', () => {
  it.each([
    ['plain', 'abc', false, 'abc'],
    ['a comma', 'a,b', false, '"a,b"'],
    ['a quote', 'say "hi"', false, '"say ""hi"""'],
    ['a line break', 'a\nb', false, '"a\nb"'],
    ['a formula in text', '=HYPERLINK("x")', true, `"'=HYPERLINK(""x"")"`],
    ['a minus in text', '-5 off', true, "'-5 off"],
    ['a minus in a number column is left alone', '-5', false, '-5'],
  ])('%s', (_name, value, text, expected) => {
    expect(csvField(value, { text })).toBe(expected)
  })

  it('reads back what it writes', () => {
    const rows = [
      ['sku', 'name', 'description'],
      ['A-1', '=1+1', 'line one\nline "two", with a comma'],
    ]
    const parsed = parseCsv(toCsv(rows, new Set([1, 2])))
    if (!parsed.ok) throw new Error(parsed.message)
    expect(parsed.records.map((record) => record.fields.map(unguardText))).toEqual(rows)
  })

  it.each([
    ["'=1+1", '=1+1'],
    ["'-5", '-5'],
    ["'plain", "'plain"],
    ["'", "'"],
  ])('unguardText(%j) is %j', (value, expected) => {
    expect(unguardText(value)).toBe(expected)
  })
})
