import { QueryClient } from '@tanstack/react-query'

/** Client-side freshness of API data: the specification's cache lifetimes (section 9). */
export const staleTimes = {
  home: 5 * 60_000,
  categories: 10 * 60_000,
  product: 3 * 60_000,
  list: 2 * 60_000,
} as const

export const queryKeys = {
  home: ['home'] as const,
  categories: ['categories'] as const,
  product: (slug: string) => ['product', slug] as const,
  reviews: (slug: string, page: number) => ['product', slug, 'reviews', page] as const,
  search: (params: string) => ['search', params] as const,
  suggestions: (q: string) => ['suggestions', q] as const,
  vendor: (slug: string) => ['vendor', slug] as const,
  category: (slug: string) => ['category', slug] as const,
}

let browserClient: QueryClient | undefined

/**
 * One QueryClient for the browser's lifetime (its cache is what makes back/forward and revisits instant); a
 * fresh one per server render, so no shopper's data is shared with another.
 */
export function getQueryClient(): QueryClient {
  const make = () =>
    new QueryClient({
      defaultOptions: { queries: { staleTime: staleTimes.list, retry: 1, refetchOnWindowFocus: false } },
    })
  if (typeof window === 'undefined') return make()
  browserClient ??= make()
  return browserClient
}
