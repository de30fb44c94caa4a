import { describe, expect, it } from 'vitest'
import { linkify } from './linkify.ts'

describe('linkify', () => {
  it.each([
    ['no address', 'Habari Wanjiku', [{ text: 'Habari Wanjiku' }]],
    [
      'a reset link on its own line',
      'Open this link:\nhttp://127.0.0.1:3000/reset-password/MTI/abc-123\n\nThanks',
      [
        { text: 'Open this link:\n' },
        { href: 'http://127.0.0.1:3000/reset-password/MTI/abc-123' },
        { text: '\n\nThanks' },
      ],
    ],
    [
      'punctuation after the address stays text',
      'See https://soko.example/orders/SK-1. Or (https://soko.example/help)!',
      [
        { text: 'See ' },
        { href: 'https://soko.example/orders/SK-1' },
        { text: '. Or (' },
        { href: 'https://soko.example/help' },
        { text: ')!' },
      ],
    ],
    ['a query string is kept', 'https://a.example/?q=1&b=2', [{ href: 'https://a.example/?q=1&b=2' }]],
    ['only http and https', 'javascript:alert(1) ftp://x.example', [{ text: 'javascript:alert(1) ftp://x.example' }]],
    [
      'markup stays text',
      '<a href="https://evil.example">x</a>',
      [{ text: '<a href="' }, { href: 'https://evil.example' }, { text: '">x</a>' }],
    ],
    ['a bare scheme is not a link', 'https:// and more', [{ text: 'https:// and more' }]],
  ])('%s', (_label, text, parts) => {
    expect(linkify(text)).toEqual(parts)
  })
})
