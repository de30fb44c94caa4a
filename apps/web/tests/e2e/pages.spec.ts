import type { APIRequestContext } from '@playwright/test'
import type { SitePolicies } from '@soko/contract/site'
import { expect, expectAccessible, test } from './fixtures.ts'
import { POLICY_SETTINGS } from './policy-settings.ts'

const WINDOW = `${POLICY_SETTINGS.RETURN_WINDOW_DAYS} days`

// Every information page: its address, its h1, its unique title, and a phrase its content must carry.
const pages = [
  { path: '/about', heading: 'About Soko', title: 'About Us | Soko', mentions: 'all 47 counties' },
  { path: '/coming-soon', heading: 'Coming Soon', title: 'Coming Soon | Soko', mentions: 'On the way' },
  {
    path: '/shipping',
    heading: 'Shipping & Delivery',
    title: 'Shipping & Delivery | Soko',
    mentions: 'one flat fee of KSh 500 per order',
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
    mentions: `within ${WINDOW} of delivery`,
  },
  {
    path: '/returns',
    heading: 'Returns & Refunds',
    title: 'Returns & Refunds | Soko',
    mentions: `within ${WINDOW} of delivery`,
  },
  {
    path: '/pricing',
    heading: 'Sell on Soko',
    title: 'Sell on Soko: Pricing | Soko',
    mentions: `${POLICY_SETTINGS.COMMISSION_PERCENT}%`,
  },
] as const

async function sitePolicies(request: APIRequestContext): Promise<SitePolicies> {
  const response = await request.get('/api/site/policies/')
  expect(response.status()).toBe(200)
  return (await response.json()) as SitePolicies
}

test.describe('information pages', () => {
  for (const { path, heading, title, mentions } of pages) {
    test(`${path} renders on the server with its heading, title and description`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      // React separates the text of each value from the words around it with an empty comment.
      const html = (await response?.text())?.replaceAll('<!-- -->', '')
      expect(html).toContain(mentions.replace('&', '&amp;'))
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

  test("the shipping page states the server's delivery fee, VAT, carriers and confirmation days", async ({
    page,
    request,
  }) => {
    const policies = await sitePolicies(request)
    expect(policies.deliveryFee).toBe(500)
    expect(policies.deliveryConfirmDays).toBe(Number(POLICY_SETTINGS.DELIVERY_CONFIRM_DAYS))
    await page.goto('/shipping')
    const fees = page.getByRole('region', { name: 'Delivery fees' })
    await expect(fees).toContainText('one flat fee of KSh 500 per order')
    await expect(fees).toContainText(`VAT of ${policies.vatPercent}%`)
    const tracking = page.getByRole('region', { name: 'Tracking and receiving your order' })
    for (const carrier of policies.carriers) await expect(tracking).toContainText(carrier.label)
    await expect(tracking).toContainText(`by itself ${POLICY_SETTINGS.DELIVERY_CONFIRM_DAYS} days after the shop`)
    await page.getByRole('region', { name: 'Returns' }).getByRole('link', { name: 'Returns & Refunds' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Returns & Refunds' })).toBeVisible()
  })

  test('no information page promises what Soko does not do', async ({ request }) => {
    for (const path of ['/shipping', '/faq', '/terms', '/returns', '/pricing', '/about', '/coming-soon']) {
      const html = await (await request.get(path)).text()
      const text = html.replace(/<[^>]*>/g, ' ')
      expect(text, path).not.toMatch(/\d+-\d+ working days/i)
      expect(text, path).not.toMatch(/weekly payout/i)
    }
  })

  test('the returns page explains the window, the reasons, the answer time and the refund', async ({
    page,
    request,
  }) => {
    const policies = await sitePolicies(request)
    expect(policies.returnWindowDays).toBe(Number(POLICY_SETTINGS.RETURN_WINDOW_DAYS))
    expect(policies.returnAnswerHours).toBe(Number(POLICY_SETTINGS.RETURN_ANSWER_HOURS))
    await page.goto('/returns')
    for (const heading of [
      'How to return an item',
      'What you can return',
      'If the shop refuses or does not answer',
      'Your refund',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    }
    const what = page.getByRole('region', { name: 'What you can return' })
    for (const reason of policies.returnReasons) {
      await expect(what.getByRole('listitem').filter({ hasText: reason.label })).toBeVisible()
    }
    const how = page.getByRole('region', { name: 'How to return an item' })
    await expect(how).toContainText(`has ${POLICY_SETTINGS.RETURN_ANSWER_HOURS} hours to accept or refuse`)
    for (const method of policies.returnMethods) await expect(how).toContainText(method.label.toLowerCase())
    await expect(how).toContainText(`You can add up to ${policies.returnPhotosMax} photos of the items`)
    await expect(page.getByRole('region', { name: 'If the shop refuses or does not answer' })).toContainText(
      `within ${POLICY_SETTINGS.RETURN_ANSWER_HOURS} hours, goes to Soko's dispute desk`,
    )
    await expect(page.getByRole('region', { name: 'Your refund' })).toContainText(
      'The delivery fee and VAT are not refunded on a return.',
    )
    await expectAccessible(page)
  })

  test('the footer and the FAQ lead to the returns page', async ({ page }) => {
    await page.goto('/faq')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Returns & Refunds' }).click()
    await expect(page).toHaveURL('/returns')
    await expect(page).toHaveTitle('Returns & Refunds | Soko')
    await page.goto('/faq')
    await page.getByText('Can I return an item?', { exact: true }).click()
    await page.getByRole('main').getByRole('link', { name: 'Returns & Refunds' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Returns & Refunds' })).toBeVisible()
  })

  test('the FAQ and the terms state the configured numbers', async ({ page }) => {
    await page.goto('/faq')
    await page.getByText('How long is my order held while I pay?', { exact: true }).click()
    await expect(page.getByText(/holds its items for 20 minutes/)).toBeVisible()
    await page.getByText('How do I confirm my order arrived?', { exact: true }).click()
    await expect(page.getByText(`by itself ${POLICY_SETTINGS.DELIVERY_CONFIRM_DAYS} days after`)).toBeVisible()
    await page.getByText('How do I sell on Soko?', { exact: true }).click()
    await expect(page.getByText(`a ${POLICY_SETTINGS.COMMISSION_PERCENT}% commission`)).toBeVisible()
    await page.goto('/terms')
    const returns = page.getByRole('region', { name: '6. Returns and refunds' })
    await expect(returns).toContainText(`within ${WINDOW} of delivery`)
    await expect(returns).toContainText(`The shop has ${POLICY_SETTINGS.RETURN_ANSWER_HOURS} hours`)
    await expect(page.getByRole('region', { name: '3. Orders and prices' })).toContainText('KSh 500 per order')
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
    const answer = page.getByText(/a payment request appears on your phone/i)
    await expect(answer).toBeHidden()
    await question.click()
    await expect(answer).toBeVisible()
    await expect(page.locator('details', { has: question })).toHaveAttribute('open', '')
    await question.click()
    await expect(answer).toBeHidden()
    // Each question opens on its own.
    await page.getByText('Can I return an item?', { exact: true }).click()
    await expect(page.getByText(`you can ask to return items within ${WINDOW} of delivery`)).toBeVisible()
    await expect(answer).toBeHidden()
  })

  test('the FAQ answers open from the keyboard', async ({ page }) => {
    await page.goto('/faq')
    await page.getByText('Where do you deliver?', { exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText(/You can order to an address in any of Kenya's 47 counties, or collect/)).toBeVisible()
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
