import { ApiError } from '../../lib/api-client.ts'

export const NETWORK_FAILURE =
  'We could not place your order. Check your connection and try again: your details are kept.'

/** Why Place Order failed, in a sentence the shopper can act on (section 8: every error gets a message). */
export function placeFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return NETWORK_FAILURE
  if (error.code === 'quote_changed') {
    return 'Prices or stock changed while you were checking out. Check the updated order and place it again.'
  }
  if (error.code === 'invalid_data' && Object.keys(error.errors).length > 0) {
    return 'Please correct the details marked below.'
  }
  return error.hasServerDetail ? error.detail : NETWORK_FAILURE
}
