import { expect, expectAccessible, test } from './fixtures.ts'

test.describe('navigation bar', () => {
  test('shows the main links, and Login and Signup to a visitor', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    if (test.info().project.name === 'mobile') await nav.getByRole('button', { name: 'Open menu' }).click()
    for (const [name, href] of [
      ['Home', '/'],
      ['Cart', '/cart'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Login', '/login'],
      ['Signup', '/signup'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('link', { name: 'Account' })).toHaveCount(0)
  })

  test('shows the cart badge with the total item count when above zero', async ({ page }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem(
        'cartItems',
        JSON.stringify([
          { id: 1, name: 'Jogoo Maize Flour 2kg', price: 210, quantity: 2 },
          { id: 2, name: 'Kikoy Beach Towel', price: 1450, quantity: 3 },
        ]),
      )
    })
    await page.goto('/')
    if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible()
  })

  test('shows no badge for an empty cart', async ({ page }) => {
    await page.goto('/')
    if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click()
    const cart = page.getByRole('link', { name: 'Cart', exact: true })
    await expect(cart).toBeVisible()
    await expect(cart).toHaveText('Cart')
  })
})

test.describe('mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'the toggle exists on narrow screens only')

  test('opens and closes with the toggle, and closes on any link click', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    const about = page.getByRole('link', { name: 'About', exact: true })
    await expect(about).toBeHidden()

    await toggle.click()
    await expect(about).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')

    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(about).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('wide screens', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop layout')

  test('show the menu without a toggle', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
    await expect(page.getByRole('link', { name: 'Contact', exact: true })).toBeVisible()
  })
})

test.describe('footer', () => {
  test('has the contact block, Explore and Support links, hours and the current year', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('heading', { name: 'Contact Us' })).toBeVisible()
    await expect(footer.getByRole('link', { name: /^\+254/ })).toHaveAttribute('href', /^tel:\+254/)
    await expect(footer.getByRole('navigation', { name: 'Explore' })).toBeVisible()
    await expect(
      footer.getByRole('navigation', { name: 'Support' }).getByRole('link', { name: 'FAQ' }),
    ).toHaveAttribute('href', '/faq')
    await expect(footer).toContainText('Mon-Sat 8:30am-8:00pm')
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Soko`)
    await expect(footer.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup')
    await expect(footer.getByRole('button', { name: 'Logout' })).toHaveCount(0)
  })
})

test.describe('home page', () => {
  test('is rendered on the server and becomes interactive', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    expect(await response?.text()).toContain('Karibu Soko')
    await expect(page).toHaveTitle(/Soko/)
    const search = page.getByRole('combobox', { name: 'Search products' })
    const submit = page.getByRole('button', { name: 'Search', exact: true })
    await expect(submit).toBeDisabled()
    await search.fill('sufuria')
    await expect(submit).toBeEnabled()
  })

  test('is also served at /home', async ({ page }) => {
    const response = await page.goto('/home')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Karibu Soko' })).toBeVisible()
  })
})

test.describe('unknown routes', () => {
  test('answer a real 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page/at-all')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found | Soko')
    await page.getByRole('link', { name: 'Go to the home page' }).click()
    await expect(page.getByRole('heading', { name: 'Karibu Soko' })).toBeVisible()
  })

  test('under /api answer JSON, not the web page', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint')
    expect(response.status()).toBe(404)
    expect(await response.json()).toEqual({ detail: 'No API endpoint GET /api/no-such-endpoint.', code: 'not_found' })
  })
})

test.describe('client assets', () => {
  test('are cached for a year as immutable and served compressed', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0]
    expect(script).toBeDefined()
    const response = await request.get(script ?? '', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers()['content-encoding']).toBe('br')
  })

  test('HTML pages are compressed too', async ({ request }) => {
    const response = await request.get('/', { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers()['content-encoding']).toBe('gzip')
  })
})

test.describe('accessibility', () => {
  test('the home page has no serious or critical violations', async ({ page }) => {
    await page.goto('/')
    await expectAccessible(page)
  })

  test('the 404 page has no serious or critical violations', async ({ page }) => {
    await page.goto('/no-such-page')
    await expectAccessible(page)
  })
})

test.describe('security headers', () => {
  test('pages carry a nonce-based Content-Security-Policy that their scripts satisfy', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const response = await page.goto('/')
    const csp = response?.headers()['content-security-policy'] ?? ''
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response?.headers()['x-content-type-options']).toBe('nosniff')
    const html = (await response?.text()) ?? ''
    const inlineScripts = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? []
    expect(inlineScripts.length).toBeGreaterThan(0)
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`)
    // Hydration ran under the policy: the page is interactive.
    await page.getByRole('combobox', { name: 'Search products' }).fill('kikoy')
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled()
    expect(violations).toEqual([])
  })

  test('a fresh nonce is made for every response', async ({ request }) => {
    const first = (await request.get('/')).headers()['content-security-policy']
    const second = (await request.get('/')).headers()['content-security-policy']
    expect(first).not.toBe(second)
  })
})
