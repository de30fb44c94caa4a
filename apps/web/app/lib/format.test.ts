import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatKes, oneLineAddress } from './format.ts'

describe('formatKes', () => {
  it('shows KSh with thousands separators and cents only when present', () => {
    expect(formatKes(1234)).toBe('KSh 1,234')
    expect(formatKes(59999)).toBe('KSh 59,999')
    expect(formatKes(99.5)).toBe('KSh 99.50')
    expect(formatKes(0)).toBe('KSh 0')
  })
})

describe('formatDate', () => {
  it('uses Nairobi time', () => {
    expect(formatDate('2026-11-21T22:30:00.000Z')).toBe('22 Nov 2026')
  })
})

describe('formatDateTime', () => {
  it('shows the day and the time in Nairobi', () => {
    expect(formatDateTime('2026-11-22T12:45:00.000Z')).toBe('22 Nov, 15:45')
  })
})

describe('oneLineAddress', () => {
  it('joins the parts an address has', () => {
    const address = { address: '12 Moi Avenue', city: 'Nairobi', county: 'Nairobi', country: 'Kenya' }
    expect(oneLineAddress({ ...address, postalCode: '00100' })).toBe('12 Moi Avenue, Nairobi, Nairobi, 00100, Kenya')
    expect(oneLineAddress({ ...address, postalCode: '' })).toBe('12 Moi Avenue, Nairobi, Nairobi, Kenya')
  })
})
