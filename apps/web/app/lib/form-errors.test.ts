import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { failureText, fieldErrors, issueErrors, serverReason } from './form-errors.ts'

const refused = new ApiError(409, 'That slug is taken', { slug: ['That slug is taken', 'Second'] }, true)
const crashed = new ApiError(500, 'Internal details', {}, true)
const generic = new ApiError(404, 'Request failed (404).', {}, false)
const offline = new ApiError(0, 'Network error: check your connection and try again.')

describe('serverReason', () => {
  it.each([
    ['a 4xx with the server’s sentence', refused, 'That slug is taken'],
    ['a 5xx', crashed, null],
    ['a 4xx without a sentence of its own', generic, null],
    ['no connection', offline, null],
    ['anything else', new Error('boom'), null],
  ])('%s', (_, error, expected) => expect(serverReason(error)).toBe(expected))
})

describe('failureText', () => {
  it.each([
    ['a 4xx with the server’s sentence', refused, 'That slug is taken'],
    ['a 5xx', crashed, 'Could not save.'],
    ['no connection', offline, 'Network error: check your connection and try again.'],
    ['anything else', new Error('boom'), 'Could not save.'],
  ])('%s', (_, error, expected) => expect(failureText(error, 'Could not save.')).toBe(expected))
})

describe('fieldErrors', () => {
  it('keeps the first message of each field', () => {
    expect(fieldErrors(refused)).toEqual({ slug: 'That slug is taken' })
    expect(fieldErrors(new Error('boom'))).toEqual({})
  })

  it("keeps only the form's own fields when told them", () => {
    const error = new ApiError(400, 'Email is invalid', {
      email: ['Email is invalid'],
      role: ['is not an accepted field'],
    })
    expect(fieldErrors(error, ['email', 'password'])).toEqual({ email: 'Email is invalid' })
  })
})

describe('issueErrors', () => {
  it('keeps the first message of each field, and puts one about the whole body where it is told', () => {
    const issues = [
      { path: ['email'], message: 'Email is invalid' },
      { path: ['email'], message: 'Email is too long' },
      { path: ['items', 0, 'quantity'], message: 'Quantity must be at least 1' },
      { path: [], message: 'Your cart is empty' },
    ]
    expect(issueErrors(issues, 'items')).toEqual({ email: 'Email is invalid', items: 'Quantity must be at least 1' })
    expect(issueErrors([{ path: [], message: 'Your cart is empty' }], 'items')).toEqual({ items: 'Your cart is empty' })
    expect(issueErrors([{ path: [], message: 'Unrecognized key: "extra"' }])).toEqual({})
  })
})
