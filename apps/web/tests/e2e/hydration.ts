import type { Locator, Page } from '@playwright/test'

/**
 * Waits until React has hydrated the element (it attaches its props to DOM nodes it owns). Server-rendered pages
 * look ready before their scripts run; clicks and fake timers only mean something once React listens.
 */
export async function waitForHydration(page: Page, element: Locator): Promise<void> {
  // A streamed section can replace the server's node while React hydrates; a handle held on the old node would
  // wait for ever, so a wait that runs long starts again on the node the locator finds now.
  for (let attempt = 1; ; attempt++) {
    const handle = await element.elementHandle()
    try {
      await page.waitForFunction(
        (node) => node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps')),
        handle,
        { timeout: 5_000 },
      )
      return
    } catch (error) {
      if (attempt >= 4) throw error
    }
  }
}

/** The main navigation's cart link, opening the mobile menu first on narrow screens. */
export async function cartLink(page: Page, isMobile: boolean, count: number): Promise<Locator> {
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click()
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Cart, ${count} items` })
}
