import { describe, expect, it } from 'vitest'
import { centsToKes, formatKes, kesToCents } from './money.ts'

describe('money', () => {
  it('converts between cents and shillings', () => {
    expect(centsToKes(149_950)).toBe(1499.5)
    expect(kesToCents(1499.5)).toBe(149_950)
    expect(kesToCents(0.1 + 0.2)).toBe(30)
  })

  it('formats as KSh with thousands separators', () => {
    expect(formatKes(123_400)).toBe('KSh 1,234')
    expect(formatKes(9_950)).toBe('KSh 99.50')
    expect(formatKes(5_000_000)).toBe('KSh 50,000')
  })
})
