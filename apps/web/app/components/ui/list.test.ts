import { describe, expect, it } from 'vitest'
import { pageHref } from './list.tsx'

describe('pageHref', () => {
  it('keeps the filters and drops page 1', () => {
    expect(pageHref(new URLSearchParams('q=a&page=3'), 2)).toBe('?q=a&page=2')
    expect(pageHref(new URLSearchParams('q=a&page=3'), 1)).toBe('?q=a')
    expect(pageHref(new URLSearchParams(''), 1)).toBe('?')
  })
})
