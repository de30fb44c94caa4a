import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The machine has two cores; more workers only fight over them.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/payment-simulators/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          // Image rendering and the like are quick alone but share two cores with everything else in a full run.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          setupFiles: ['apps/server/test/support/ledger-whole.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
