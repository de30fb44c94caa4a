import type { ProductListing } from '@soko/contract/catalog'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from './api-client.ts'
import { useViewer } from './viewer.ts'

/** Under the account's keys: cleared with the rest of the account's data on sign-in and logout. */
export const wishlistKey = ['account', 'wishlist'] as const

/** The signed-in shopper's wishlist (server-backed, DESIGN S4); nothing is asked for a visitor. */
export function useWishlist() {
  const viewer = useViewer()
  return useQuery({
    queryKey: wishlistKey,
    queryFn: () => call('GET /api/user/wishlist/'),
    enabled: viewer !== null,
    staleTime: 60_000,
  })
}

/** Adds or removes one product, showing the change at once and settling on the server's list. */
export function useWishlistToggle() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ productId, isSaved }: { productId: number; isSaved: boolean }) =>
      isSaved
        ? call('DELETE /api/user/wishlist/:productId/', { params: { productId } })
        : call('POST /api/user/wishlist/', { body: { productId } }),
    onMutate: async ({ productId, isSaved }) => {
      await client.cancelQueries({ queryKey: wishlistKey })
      const previous = client.getQueryData<ProductListing[]>(wishlistKey)
      if (previous && isSaved) {
        client.setQueryData(
          wishlistKey,
          previous.filter((product) => product.id !== productId),
        )
      }
      return { previous }
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) client.setQueryData(wishlistKey, context.previous)
    },
    onSettled: () => client.invalidateQueries({ queryKey: wishlistKey }),
  })
}
