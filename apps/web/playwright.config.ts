import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { POLICY_SETTINGS } from './tests/e2e/policy-settings.ts'

// Browser tests drive Debian's Chromium (Playwright cannot download its own browser here) against the production
// build, served by the real server on a fresh embedded database. `npm test` sets these; the defaults suit a
// direct `npx playwright test`.
const port = Number(process.env.E2E_PORT ?? 3900)
const baseURL = `http://127.0.0.1:${port}`
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `soko-e2e-${port}`)
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // One more try for a test that fails: two browsers on two busy cores now and then miss a click mid-render. A test
  // that passes on its second try is reported as flaky (listed in the run's output and in e2e.json), not hidden.
  retries: 1,
  // A test's whole time: journeys through several screens take over 30 s when two browsers share two busy cores.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  outputDir: '../../test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The service worker answers from its caches and hides requests from page.route: only the offline journey,
    // which tests it, lets it run (offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      // Root in a container needs --no-sandbox; the rest keep Chromium from calling out to a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 5'] },
      // Phones run every screen whose layout or behaviour changes on them (navigation, search filters sheet, product,
      // cart, checkout, account, orders, vendor portal). Simple forms and information pages (sign-in, contact,
      // static pages), the desktop-first admin area, and the whole guest journey (its screens each run on phones in
      // their own specs) run on the desktop only, to keep the suite's time in check.
      testIgnore: [
        '**/admin.spec.ts',
        '**/ledger.spec.ts',
        '**/auth.spec.ts',
        '**/pages.spec.ts',
        '**/contact.spec.ts',
        '**/guest-journey.spec.ts',
        '**/paybill.spec.ts',
        '**/pay-on-delivery.spec.ts',
        '**/vouchers.spec.ts',
        '**/flash-sales.spec.ts',
        '**/variants.spec.ts',
        '**/offline.spec.ts',
      ],
    },
  ],
  webServer: {
    command: `node --enable-source-maps ${join(import.meta.dirname, '../server/dist/main.js')}`,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // NODE_ENV=test serves the production build with the test-only fault switch on (plugins/faults.ts).
    env: {
      NODE_ENV: 'test',
      FAULT_INJECTION: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every browser test sends from 127.0.0.1 and a direct run keeps its data directory: the contact form's limit
      // per address (integration tests cover it) must not trip over earlier runs.
      CONTACT_RATE_LIMIT: '10000',
      // The same holds for sign-up, sign-in and reset requests per address. The limit per account stays at its
      // default: one test trips it on purpose, with an account of its own.
      AUTH_LIMIT_PER_IP: '10000/1m',
      REGISTER_LIMIT_PER_IP: '10000/1h',
      RESET_LIMIT_PER_IP: '10000/1h',
      // Orders and M-Pesa prompts: the browser tests buy often, from one address and a few test numbers.
      CHECKOUT_LIMIT_PER_IP: '10000/1m',
      MPESA_PUSH_LIMIT_PER_PHONE: '10000/1m',
      // Guest order look-ups, from one address too (the limit per order number stays at its default).
      ORDER_LOOKUP_LIMIT_PER_IP: '10000/1m',
      // Return window, confirmation days, answer hours, commission and reservation off their defaults (see the file).
      ...POLICY_SETTINGS,
    },
  },
})
