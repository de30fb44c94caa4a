import { describe, expect, it } from 'vitest'
import { PageCache, pageKey, placeholderNonce, type RenderedPage, withNonce } from './page-cache.ts'

const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers })

describe('pageKey', () => {
  it.each([
    ['/', '/'],
    ['/home', '/home'],
    ['/products?page=2&sort_by=newest', '/products?page=2&sort_by=newest'],
    ['/category/smartphones', '/category/smartphones'],
    ['/product/kikoi-wrap', '/product/kikoi-wrap'],
    ['/vendor/duka-la-mama', '/vendor/duka-la-mama'],
    ['/search?q=unga', '/search?q=unga'],
    ['/cart', null],
    ['/checkout', null],
    ['/accounts/profile', null],
    ['/vendor-portal/products', null],
    ['/admin', null],
    ['/product/kikoi-wrap/reviews', null],
    [`/search?q=${'x'.repeat(600)}`, null],
  ])('%s is kept as %s', (url, key) => {
    expect(pageKey(get(url))).toBe(key)
  })

  it('serves a signed-in visitor, anyone with a cookie, an API client and other methods their own page', () => {
    expect(pageKey(get('/', { cookie: 'soko_session=abc' }))).toBeNull()
    expect(pageKey(get('/', { cookie: 'soko_fault_scope=t1' }))).toBeNull()
    expect(pageKey(get('/', { authorization: 'Bearer x' }))).toBeNull()
    expect(pageKey({ method: 'HEAD', url: '/', headers: {} })).toBeNull()
    expect(pageKey({ method: 'POST', url: '/', headers: {} })).toBeNull()
    expect(pageKey(get('/', { cookie: '' }))).toBe('/')
  })

  it('keeps a Save-Data page apart', () => {
    expect(pageKey(get('/', { 'save-data': 'on' }))).toBe('/ save-data')
    // The web app reads the header the same way: a page rendered in data saver mode is never kept as the plain one.
    expect(pageKey(get('/', { 'save-data': ' On ' }))).toBe('/ save-data')
    expect(pageKey(get('/', { 'save-data': 'off' }))).toBe('/')
    // The shopper's own switch is a cookie: that visitor gets a page of their own.
    expect(pageKey(get('/', { cookie: 'save_data=1' }))).toBeNull()
  })
})

const page = (over: Partial<RenderedPage> = {}): RenderedPage => {
  const placeholder = placeholderNonce()
  return {
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8']],
    body: `<script nonce="${placeholder}">1</script><script nonce="${placeholder}">2</script>`,
    placeholder,
    cacheable: true,
    ...over,
  }
}

describe('withNonce', () => {
  it('puts the response’s nonce in every place of the placeholder', () => {
    expect(withNonce(page(), 'N0nce')).toBe('<script nonce="N0nce">1</script><script nonce="N0nce">2</script>')
  })
})

describe('PageCache', () => {
  it('renders a page once for a burst, then serves it from memory until cleared', async () => {
    const cache = new PageCache()
    let renders = 0
    const render = async () => {
      renders++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return page()
    }
    const burst = await Promise.all([cache.get('/', render), cache.get('/', render), cache.get('/', render)])
    expect(renders).toBe(1)
    expect(burst.map((answer) => answer.hit)).toEqual([false, true, true])
    expect((await cache.get('/', render)).hit).toBe(true)
    cache.clear()
    expect((await cache.get('/', render)).hit).toBe(false)
    expect(renders).toBe(2)
  })

  it('never shares a page it does not keep (one that set a cookie, or not a 200)', async () => {
    const cache = new PageCache()
    let renders = 0
    const render = async () => {
      renders++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return page({ cacheable: false, headers: [['set-cookie', `n=${renders}`]] })
    }
    const burst = await Promise.all([cache.get('/x', render), cache.get('/x', render)])
    expect(renders).toBe(2)
    expect(burst.map((answer) => answer.page.headers[0]?.[1])).toEqual(['n=1', 'n=2'])
    expect(cache.size).toBe(0)
  })

  it('does not keep a page rendered across a change', async () => {
    const cache = new PageCache()
    const slow = cache.get('/', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return page()
    })
    cache.clear()
    expect((await slow).hit).toBe(false)
    expect(cache.size).toBe(0)
  })
})
