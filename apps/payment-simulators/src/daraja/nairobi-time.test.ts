import { describe, expect, it } from 'vitest'
import { nairobiTimestamp, parseNairobiTimestamp } from './nairobi-time.ts'
import { STK_DEFAULT_OUTCOME, stkOutcomeFor } from './outcomes.ts'

describe('Nairobi timestamps', () => {
  it('are UTC+3, across the date line at midnight', () => {
    expect(nairobiTimestamp(new Date('2024-01-01T21:30:05Z'))).toBe('20240102003005')
  })

  it('round-trip, and impossible dates are refused', () => {
    const instant = new Date('2021-06-28T06:24:08Z')
    expect(parseNairobiTimestamp('20210628092408')?.getTime()).toBe(instant.getTime())
    expect(parseNairobiTimestamp('20210231092408')).toBeNull()
    expect(parseNairobiTimestamp('2021-06-28T09')).toBeNull()
  })
})

describe('STK outcomes', () => {
  it('are chosen by the last four digits of the phone', () => {
    expect(stkOutcomeFor('254712341032').resultCode).toBe(1032)
    expect(stkOutcomeFor('254712340001').resultCode).toBe(1)
    expect(stkOutcomeFor('254712340404').callbacks).toBe(0)
    expect(stkOutcomeFor('254712345678')).toBe(STK_DEFAULT_OUTCOME)
  })
})
