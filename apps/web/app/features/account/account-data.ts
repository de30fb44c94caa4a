import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api-client.ts'
import { orderKeys } from '../../lib/orders.ts'

/** Query keys of the signed-in user's own data (cleared on sign-in and logout). */
export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  orders: ['account', 'orders'] as const,
  addresses: ['account', 'addresses'] as const,
  paymentMethods: ['account', 'payment-methods'] as const,
  sessions: ['account', 'sessions'] as const,
  preferences: ['account', 'preferences'] as const,
}

// Private data: always fresh when a tab opens, never retried into a long wait on a real failure.
const fresh = { staleTime: 0, retry: false } as const

export const useProfile = () =>
  useQuery({ queryKey: accountKeys.profile, queryFn: () => call('GET /api/user/profile'), ...fresh })
export const useOrders = () =>
  useQuery({ queryKey: accountKeys.orders, queryFn: () => call('GET /api/user/orders'), ...fresh })
export const useOrder = (orderNumber: string) =>
  useQuery({
    // The key the checkout's payment and cancel controls refresh (lib/orders.ts), so this page follows them.
    queryKey: orderKeys.order(orderNumber),
    queryFn: () => call('GET /api/user/orders/:orderNumber', { params: { orderNumber } }),
    ...fresh,
  })
export const useAddresses = () =>
  useQuery({ queryKey: accountKeys.addresses, queryFn: () => call('GET /api/user/addresses'), ...fresh })
export const usePaymentMethods = () =>
  useQuery({
    queryKey: accountKeys.paymentMethods,
    queryFn: () => call('GET /api/user/payment-methods'),
    ...fresh,
  })
export const usePreferences = () =>
  useQuery({ queryKey: accountKeys.preferences, queryFn: () => call('GET /api/user/preferences'), ...fresh })
export const useSessions = () =>
  useQuery({ queryKey: accountKeys.sessions, queryFn: () => call('GET /api/auth/sessions/'), ...fresh })

/** A write that refreshes one list when it succeeds. */
export function useAccountWrite<TBody, TResult = unknown>(
  key: readonly string[],
  request: (body: TBody) => Promise<TResult>,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  })
}
