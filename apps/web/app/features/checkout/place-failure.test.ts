import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client.ts'
import { NETWORK_FAILURE, placeFailure } from './place-failure.ts'

const refused = (status: number, code: string | null, errors: Record<string, string[]> = {}, detail = 'Refused') =>
  new ApiError(status, detail, errors, true, code ? { code, detail } : { detail })

describe('placeFailure', () => {
  it.each([
    ['no connection', new ApiError(0, 'Network error'), NETWORK_FAILURE],
    ['a server failure', refused(500, 'internal'), NETWORK_FAILURE],
    ['something that is not an API answer', new Error('boom'), NETWORK_FAILURE],
    [
      'a changed quote',
      refused(409, 'quote_changed'),
      'Prices or stock changed while you were checking out. Check the updated order and place it again.',
    ],
    [
      'fields the server refused',
      refused(400, 'invalid_data', { email: ['Email is invalid'] }),
      'Please correct the details marked below.',
    ],
    [
      'another refusal, in the server’s words',
      refused(409, 'out_of_stock', {}, 'Kikoi is out of stock'),
      'Kikoi is out of stock',
    ],
    ['a refusal without words of its own', new ApiError(404, 'Request failed (404).'), NETWORK_FAILURE],
  ])('%s', (_, error, sentence) => expect(placeFailure(error)).toBe(sentence))
})
