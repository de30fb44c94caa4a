import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safe-next.ts'

/** Where a browser goes when a page on https://soko.example sends it to `location`. */
const browserTarget = (location: string) => new URL(location, 'https://soko.example/login')

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/accounts/orders?page=2#x', '/accounts/orders?page=2#x'],
    ['/product/kikoy-shirt', '/product/kikoy-shirt'],
    ['/vendor-portal/orders', '/vendor-portal/orders'],
    ['/accounts/orders/SK-7F3K2Q', '/accounts/orders/SK-7F3K2Q'],
    ['/search?q=kikoy+shirt&sort=price', '/search?q=kikoy+shirt&sort=price'],
    ['/search?q=kikoy%20shirt', '/search?q=kikoy%20shirt'],
    ['/search?q=caf%C3%A9', '/search?q=caf%C3%A9'],
    ['/products?page=2&category=fashion#top', '/products?page=2&category=fashion#top'],
    ['/accounts/', '/accounts/'],
    // Not a host or a scheme anywhere in front: a path with such words in it is just a path.
    ['/search?q=http://evil.example', '/search?q=http://evil.example'],
    ['/search?next=//evil.example', '/search?next=//evil.example'],
    ['/product/a..b', '/product/a..b'],
    // Typed by hand rather than encoded by a browser: escaped, so the value returned is a valid URL.
    ['/search?q=kikoy shirt', '/search?q=kikoy%20shirt'],
    ['/search?q=café', '/search?q=caf%C3%A9'],
    ['/search?q=100%', '/search?q=100%25'],
    ['/search?q="a"<b>', '/search?q=%22a%22%3Cb%3E'],
  ])('keeps %j as %j', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected)
  })

  it.each([
    // Another host, or a scheme
    '//evil.example',
    '//evil',
    '///evil',
    '/\\evil',
    '\\\\evil',
    '\\/evil',
    'https:evil',
    'http://evil',
    'https://evil.example/accounts',
    'HTTP://evil',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    'accounts/orders',
    '?next=/',
    '#x',
    ' /accounts',
    '',
    // Dot segments that normalise to a host
    '/.//evil',
    '/./evil',
    '/../evil',
    '/a/../..//evil',
    '/%2e//evil',
    '/%2E%2E//evil',
    '/.%2e/evil',
    // Encoded slashes and backslashes
    '/%2F%2Fevil',
    '/%2f%2fevil',
    '/%2F/evil',
    '/%5Cevil',
    '/%5cevil',
    '%2F%2Fevil',
    '/%3F/%2F%2Fevil',
    // Encoded twice and more
    '/%252F%252Fevil',
    '/%255Cevil',
    '/%25252F%25252Fevil',
    '/%2525252F%2525252Fevil',
    '%252F%252Fevil',
    // Tab, newline, carriage return and other controls (browsers drop tabs and newlines: `/\t/evil` is `//evil`)
    '/\t/evil',
    '/\n/evil',
    '/\r/evil',
    '/%09/evil',
    '/%0a/evil',
    '/%0D/evil',
    '/%0d%0a/evil',
    '/%00/evil',
    '/%2509/evil',
    '/ /evil',
    '/%20/evil',
    '\t//evil',
    '/accounts?x=\r\nSet-Cookie:a=b',
    '/accounts?x=%0d%0aSet-Cookie:a=b',
    '/accounts#%250a',
    '/accounts?x=\\evil',
    // Unicode look-alikes of / and \, and invisible characters
    '/\uff0f\uff0fevil',
    '/\uff0fevil',
    '/%EF%BC%8F%EF%BC%8Fevil',
    '/\u2215\u2215evil',
    '/\u2044evil',
    '/\ufe68evil',
    '/%EF%BC%BCevil',
    '/\u200b/evil',
    '/%E2%80%8B/evil',
    '/\u3002/evil',
    '/\u2028/evil',
    '/accounts?x=\u2028',
    // Not text a link can hold
    '/%FF/evil',
    '/%C0%AF/evil',
    '/%E0%A4%A/evil',
    `/${'a'.repeat(2048)}`,
  ])('sends %j home', (input) => {
    expect(safeNextPath(input)).toBe('/')
  })

  it.each([null, undefined, 42, ['/accounts'], { next: '/accounts' }])('sends %j home', (input) => {
    expect(safeNextPath(input)).toBe('/')
  })

  it('returns nothing a browser reads as another site, whatever it is given', () => {
    const inputs = [
      '/accounts/orders?page=2#x',
      '/search?q=kikoy shirt',
      '/search?q=%2F%2Fevil',
      '/search#//evil',
      '/search?q=\uff0f\uff0fevil',
      '/.//evil',
      '/%2e%2e/%2e%2e//evil',
      '/%252F%252Fevil',
    ]
    for (const input of inputs) {
      const target = browserTarget(safeNextPath(input))
      expect(target.origin).toBe('https://soko.example')
      expect(target.pathname.startsWith('//')).toBe(false)
    }
  })

  it('returns a value that is safe to put in a Location header as it is', () => {
    for (const input of ['/search?q=café ☕', '/search?q=kikoy shirt#a b', '/search?q=\u{1f600}']) {
      expect(safeNextPath(input)).toMatch(/^\/[\x21-\x7e]*$/)
    }
    expect(safeNextPath('/search?q=\ud800')).toBe('/')
  })
})
