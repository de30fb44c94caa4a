import type { Category, Home } from '@soko/contract/catalog'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { AppLoadContext } from 'react-router'
import { ApiError, call } from '../../lib/api-client.ts'
import { queryKeys, staleTimes } from '../../lib/query.ts'

export const fetchHome = (context?: AppLoadContext) => call('GET /api/marketplace/home/', {}, { context })
export const fetchCategories = (context?: AppLoadContext) => call('GET /api/marketplace/categories/', {}, { context })
/** The running flash sales: never cached (units left change with every order; decision 0024). */
export const fetchFlashSales = (context?: AppLoadContext) => call('GET /api/marketplace/flash-sales/', {}, { context })

/**
 * A streamed section's data, or the fact that it failed. Streamed promises never reject: a rejection would reach the
 * browser before React is there to handle it (an unhandled rejection), and the page renders the failure itself.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; status: number }

export function settle<T>(promise: Promise<T>): Promise<Loaded<T>> {
  return promise.then(
    (data) => ({ ok: true, data }),
    (error: unknown) => ({ ok: false, status: error instanceof ApiError ? error.status : 0 }),
  )
}

const homeQuery = { queryKey: queryKeys.home, queryFn: () => fetchHome(), staleTime: staleTimes.home }
const categoriesQuery = {
  queryKey: queryKeys.categories,
  queryFn: () => fetchCategories(),
  staleTime: staleTimes.categories,
}

/**
 * The home page's data in the browser: what the query cache holds (no loading state when going back to the home
 * page), else a fetch through the cache, left pending so the page shows its skeletons meanwhile.
 */
export function loadHomeInBrowser(client: QueryClient): {
  home: Loaded<Home> | Promise<Loaded<Home>>
  categories: Loaded<Category[]> | Promise<Loaded<Category[]>>
} {
  const home = client.getQueryData<Home>(queryKeys.home)
  const categories = client.getQueryData<Category[]>(queryKeys.categories)
  return {
    home: home ? { ok: true, data: home } : settle(client.fetchQuery(homeQuery)),
    categories: categories ? { ok: true, data: categories } : settle(client.fetchQuery(categoriesQuery)),
  }
}

/** Marks both stale and refetches whatever is on screen ('Try Again' refetches home data and categories). */
export async function invalidateHome(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.home }),
    client.invalidateQueries({ queryKey: queryKeys.categories }),
  ])
}

/** Home data owned by the query cache, starting from what the route loaded (fresh for 5 minutes). */
export function useHomeData(initialData: Home): Home {
  return useQuery({ ...homeQuery, initialData }).data
}

/** Categories owned by the query cache, starting from what the route loaded (fresh for 10 minutes). */
export function useCategories(initialData: Category[]): Category[] {
  return useQuery({ ...categoriesQuery, initialData }).data
}
