import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { SearchResponse } from '@soko/contract/search'
import { waitForHydration } from './hydration.ts'

// Shared by search.spec.ts and listing.spec.ts: the search call as the tests' source of truth, and the search bar's
// filters, which sit in the bar on wide screens and in the 'Filters' sheet on phones.

export async function searchApi(request: APIRequestContext, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ q: '', per_page: '24', ...query })
  const response = await request.get(`/api/marketplace/search/?${params}`)
  if (!response.ok()) throw new Error(`search call failed: ${response.status()}`)
  return (await response.json()) as SearchResponse
}

/** '{n} result(s)' as the page shows it. */
export const countText = (total: number) => `${total.toLocaleString('en-KE')} ${total === 1 ? 'result' : 'results'}`

export const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' })
// Phones stream the page: for a moment React holds the arrived results hidden beside the skeletons it replaces.
export const results = (page: Page) => page.locator('.search-results').filter({ visible: true })
export const resultCount = (page: Page) => results(page).locator('.results-header__count')
export const summary = (page: Page) => results(page).locator('.results-header__summary')
export const cards = (page: Page) => results(page).getByRole('article')
export const fastBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'Fast Search' })

/**
 * Where the filter fields are: the search bar (with 'More Filters' open) on wide screens, the 'Filters' sheet on
 * phones. Returns that region and its 'Apply' button.
 */
export async function openFilters(page: Page, isMobile: boolean): Promise<{ scope: Locator; apply: Locator }> {
  if (isMobile) {
    const toggle = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ })
    await waitForHydration(page, toggle)
    await toggle.click()
    const scope = page.getByRole('dialog', { name: 'Filters' })
    return { scope, apply: scope.getByRole('button', { name: 'Apply' }) }
  }
  const scope = page.getByRole('search')
  const more = scope.getByRole('button', { name: /^(More|Less) Filters$/ })
  await waitForHydration(page, more)
  if ((await more.textContent()) === 'More Filters') await more.click()
  return { scope, apply: scope.getByRole('button', { name: 'Apply' }) }
}

/** The visible product names, in order. */
export async function shownNames(page: Page): Promise<string[]> {
  return cards(page).locator('h3').allTextContents()
}
