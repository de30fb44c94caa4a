import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { SearchResponse } from '@soko/contract/search'
import { expect } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

// Shared by search.spec.ts, listing.spec.ts and home.spec.ts: the search call as the tests' source of truth, the
// results as the page shows them, the search box's suggestions, and the search bar's filters, which sit in the bar
// on wide screens and in the 'Filters' sheet on phones.

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

/** The page says it found `total` results ('1 result', '2,000 results'). */
export async function expectResultCount(page: Page, total: number): Promise<void> {
  await expect(resultCount(page)).toHaveText(countText(total))
}

/** The page shows what the search call answered: its count, the line that sums up the search, its products in order. */
export async function expectResults(page: Page, api: SearchResponse, summaryText?: string): Promise<void> {
  await expectResultCount(page, api.total_products)
  if (summaryText !== undefined) await expect(summary(page)).toHaveText(summaryText)
  expect(await shownNames(page)).toEqual(api.products.map((p) => p.name))
}

/**
 * Opens `path` and types into its search box: one character opens no suggestions, two open the list (section 9).
 * Resolves with the box and the open list.
 */
export async function openSuggestions(page: Page, path: string): Promise<{ box: Locator; list: Locator }> {
  await page.goto(path)
  const box = searchBox(page)
  await waitForHydration(page, box)
  const list = page.getByRole('listbox', { name: 'Search suggestions' })
  await box.fill('s')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.fill('sa')
  await expect(list).toBeVisible()
  return { box, list }
}

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
