import { describe, expect, it } from 'vitest'
import { asksToSaveData } from './data-saver.ts'

describe('asksToSaveData', () => {
  it.each([
    ['on', true],
    [' On ', true],
    ['ON', true],
    ['off', false],
    ['', false],
    ['on, off', false],
    [null, false],
    [undefined, false],
  ] as const)('%j → %s', (header, asks) => {
    expect(asksToSaveData(header)).toBe(asks)
  })
})
