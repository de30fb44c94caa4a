import { describe, expect, it } from 'vitest'
import { cookieValue, dataSaverCookie, isDataSaverRequest } from './data-saver.ts'

describe('data saver', () => {
  it.each([
    // [Save-Data header, Cookie header, data saver?]
    [null, null, false],
    ['on', null, true],
    [' ON ', null, true],
    ['off', null, false],
    [null, 'save_data=1', true],
    [null, 'theme=dark; save_data=1', true],
    ['on', 'save_data=0', false],
    [null, 'save_data=0', false],
    [null, 'not_save_data=1', false],
    ['on', 'soko_session=abc', true],
  ])('Save-Data %j with cookie %j: %s', (saveData, cookie, expected) => {
    const headers = new Headers()
    if (saveData !== null) headers.set('save-data', saveData)
    if (cookie !== null) headers.set('cookie', cookie)
    expect(isDataSaverRequest(headers)).toBe(expected)
  })

  it('reads one cookie out of many', () => {
    expect(cookieValue('a=1; save_data=1 ; b=2', 'save_data')).toBe('1')
    expect(cookieValue('a=1', 'save_data')).toBeNull()
    expect(cookieValue(null, 'save_data')).toBeNull()
  })

  it('keeps the choice for a year, on the whole site, Secure on HTTPS', () => {
    expect(dataSaverCookie(true, false)).toBe('save_data=1; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(dataSaverCookie(false, true)).toBe('save_data=0; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
  })
})
