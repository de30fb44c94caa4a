import { expect, expectAccessible, test } from './fixtures.ts'

// Every information page: its address, its h1, its unique title, and a phrase its content must carry.
const pages = [
  { path: '/about', heading: 'About Soko', title: 'About Us | Soko', mentions: 'all 47 counties' },
  { path: '/coming-soon', heading: 'Coming Soon', title: 'Coming Soon | Soko', mentions: 'On the way' },
  {
    path: '/shipping',
    heading: 'Shipping & Delivery',
    title: 'Shipping & Delivery | Soko',
    mentions: '1-2 working days',
  },
  {
    path: '/faq',
    heading: 'Frequently Asked Questions',
    title: 'Frequently Asked Questions | Soko',
    mentions: 'M-Pesa',
  },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    title: 'Privacy Policy | Soko',
    mentions: 'Data Protection Act, 2019',
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    title: 'Terms of Service | Soko',
    mentions: 'within 7 days of delivery',
  },
  { path: '/pricing', heading: 'Sell on Soko', title: 'Sell on Soko: Pricing | Soko', mentions: '10 %' },
] as const

test.describe('information pages', () => {
  for (const { path, heading, title, mentions } of pages) {
    test(`${path} renders on the server with its heading, title and description`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      expect(await response?.text()).toContain(mentions.replace('&', '&amp;'))
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      await expect(page).toHaveTitle(title)
      await expect(page.getByText(mentions).first()).toBeAttached()
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(description?.length ?? 0).toBeGreaterThan(50)
    })
  }

  test('every page has its own title and description', async ({ request }) => {
    const heads = await Promise.all(
      pages.map(async ({ path }) => {
        const html = await (await request.get(path)).text()
        return {
          title: html.match(/<title>([^<]*)<\/title>/)?.[1],
          description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
        }
      }),
    )
    expect(new Set(heads.map((h) => h.title)).size).toBe(pages.length)
    expect(new Set(heads.map((h) => h.description)).size).toBe(pages.length)
  })

  test('the shipping page gives delivery times for Nairobi, major towns and remote areas', async ({ page }) => {
    await page.goto('/shipping')
    const table = page.getByRole('table', { name: 'Typical delivery times by area' })
    await expect(table.getByRole('row', { name: /Nairobi.*1-2 working days/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /Major towns.*2-4 working days/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /Remote areas.*4-7 working days/ })).toBeVisible()
  })

  test('the about page shows the contact details of the site', async ({ page }) => {
    await page.goto('/about')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'support@soko.co.ke' })).toHaveAttribute(
      'href',
      'mailto:support@soko.co.ke',
    )
    await expect(main.getByRole('link', { name: '+254 709 100 200' })).toHaveAttribute('href', 'tel:+254709100200')
  })

  test('the FAQ opens and closes its answers', async ({ page }) => {
    await page.goto('/faq')
    const question = page.getByText('How do I pay with M-Pesa?', { exact: true })
    const answer = page.getByText(/A payment request appears on your phone/)
    await expect(answer).toBeHidden()
    await question.click()
    await expect(answer).toBeVisible()
    await expect(page.locator('details', { has: question })).toHaveAttribute('open', '')
    await question.click()
    await expect(answer).toBeHidden()
    // Each question opens on its own.
    await page.getByText('Can I return an item?', { exact: true }).click()
    await expect(page.getByText(/within 7 days of delivery, if the item is unused/)).toBeVisible()
    await expect(answer).toBeHidden()
  })

  test('the FAQ answers open from the keyboard', async ({ page }) => {
    await page.goto('/faq')
    await page.getByText('Where do you deliver?', { exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('To all 47 counties in Kenya.')).toBeVisible()
  })

  test('links between the pages reach them', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('main').getByRole('link', { name: 'Shipping & Delivery' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping & Delivery' })).toBeVisible()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
    await expect(page).toHaveTitle('Terms of Service | Soko')
  })

  test('the FAQ has no serious accessibility violations', async ({ page }) => {
    await page.goto('/faq')
    await page.getByText('How do I pay with M-Pesa?', { exact: true }).click()
    await expectAccessible(page)
  })

  test('the shipping page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/shipping')
    await expectAccessible(page)
  })
})

test.describe('links without a screen of their own', () => {
  for (const [path, target, status] of [
    // The checkout's step addresses open the checkout (checkout.spec.ts covers it and its copy under /products/).
    ['/payment', '/checkout', 302],
    ['/order-summary', '/checkout', 302],
    ['/products/payment', '/checkout', 302],
    ['/products/shipping', '/checkout', 302],
    ['/products/order-summary', '/checkout', 302],
    ['/marketplace', '/products', 301],
    ['/demo', '/', 302],
  ] as const) {
    test(`${path} redirects to ${target}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(status)
      expect(response.headers().location).toBe(target)
    })
  }

  test('a link to /checkout with an empty cart lands on the cart in the browser', async ({ page }) => {
    await page.goto('/checkout')
    await expect(page).toHaveURL('/cart')
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible()
  })

  test('/shipping stays the shipping information page', async ({ request }) => {
    const response = await request.get('/shipping', { maxRedirects: 0 })
    expect(response.status()).toBe(200)
  })
})
