import { describe, expect, it } from 'vitest'
import { fromNairobiInput, toNairobiInput } from './nairobi-time.ts'

describe('Nairobi time in the banner schedule', () => {
  it('shows an API time as Nairobi wall-clock time', () => {
    expect(toNairobiInput('2026-12-01T05:00:00.000Z')).toBe('2026-12-01T08:00')
    expect(toNairobiInput('2026-12-31T22:30:00Z')).toBe('2027-01-01T01:30')
    expect(toNairobiInput(null)).toBe('')
  })

  it('sends what was typed as Nairobi time', () => {
    expect(fromNairobiInput('2026-12-01T08:00')).toBe('2026-12-01T08:00:00+03:00')
    expect(fromNairobiInput('')).toBeNull()
    expect(Date.parse(fromNairobiInput('2027-01-01T01:30') ?? '')).toBe(Date.parse('2026-12-31T22:30:00Z'))
  })
})
