import { describe, expect, it } from 'vitest'
import { days, duration, either, hours, listed, percent } from './policies.ts'

describe('the words of the policy numbers', () => {
  it('counts days and hours in the singular and plural', () => {
    expect(days(1)).toBe('1 day')
    expect(days(7)).toBe('7 days')
    expect(hours(1)).toBe('1 hour')
    expect(hours(48)).toBe('48 hours')
  })

  it('gives a duration in its largest whole unit', () => {
    expect(duration(15 * 60)).toBe('15 minutes')
    expect(duration(60)).toBe('1 minute')
    expect(duration(2 * 3600)).toBe('2 hours')
    expect(duration(90)).toBe('90 seconds')
    expect(duration(86_400)).toBe('1 day')
    expect(duration(90 * 60)).toBe('90 minutes')
  })

  it('writes percentages as checkout does', () => {
    expect(percent(16)).toBe('16%')
    expect(percent(12.5)).toBe('12.5%')
    expect(percent(0)).toBe('0%')
  })

  it('joins lists in English', () => {
    expect(listed([])).toBe('')
    expect(listed(['a'])).toBe('a')
    expect(listed(['a', 'b'])).toBe('a and b')
    expect(listed(['a', 'b', 'c'])).toBe('a, b and c')
    expect(either(['a', 'b', 'c'])).toBe('a, b or c')
  })
})
