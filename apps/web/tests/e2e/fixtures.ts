import { randomUUID } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export interface Faults {
  /**
   * Makes API calls whose path matches `path` (a regular expression) slow and/or failing, for this test's
   * browser context only (the server's test-only fault switch, keyed by a cookie). Cleared after the test.
   */
  inject(rule: { path: string; delayMs?: number; status?: number }): Promise<void>
  clear(): Promise<void>
}

/**
 * Every test fails on an error the shopper's browser would log (a failed hydration, a script error, a failed
 * request for a script or style), not only on what the test asserts.
 */
export const test = base.extend<{ browserErrors: string[]; faults: Faults }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`)
      })
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
      await use(errors)
      // Failed responses are logged by the browser on their own; tests that provoke them assert the UI instead.
      const unexpected = errors.filter((error) => !/status of (4\d\d|5\d\d)/.test(error))
      expect(unexpected, 'errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
  faults: async ({ context, request, baseURL }, use) => {
    const scope = randomUUID()
    await context.addCookies([{ name: 'soko_fault_scope', value: scope, url: baseURL ?? 'http://127.0.0.1' }])
    const faults: Faults = {
      async inject(rule) {
        const response = await request.put('/api/test/faults', { data: { scope, ...rule } })
        expect(response.status(), 'fault injection must be enabled on the test server').toBe(204)
      },
      async clear() {
        await request.delete(`/api/test/faults/${scope}`)
      },
    }
    await use(faults)
    await faults.clear()
  },
})

/** Runs axe-core on the page; fails on any serious or critical violation (WCAG 2.1 A/AA rules). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, 'serious or critical accessibility violations').toEqual([])
}

export { expect }
