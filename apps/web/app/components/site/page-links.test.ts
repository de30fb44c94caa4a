import { describe, expect, it } from 'vitest'
import { pageWindow } from './page-links.tsx'

describe('pageWindow', () => {
  it('shows up to 5 pages centred on the current one where there is room', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 2)).toEqual([1, 2])
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9])
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10])
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10])
    expect(pageWindow(1, 0)).toEqual([])
  })
})
