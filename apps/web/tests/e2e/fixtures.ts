import { test as base, expect } from '@playwright/test'

/**
 * Every test fails on an error the shopper's browser would log (a failed hydration, a script error, a failed
 * request for a script or style), not only on what the test asserts.
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`)
      })
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
      await use(errors)
      // A 404 page legitimately logs its own failed document request.
      const unexpected = errors.filter((error) => !/status of 404/.test(error))
      expect(unexpected, 'errors in the browser console').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
