import type { Page } from '@playwright/test'
import { DEMO_ADMIN, signInByApi } from './accounts.ts'
import { expect, expectAccessible, test } from './fixtures.ts'
import { waitForHydration } from './hydration.ts'

const message = {
  name: 'Achieng Otieno',
  email: 'achieng@example.co.ke',
  subject: 'Delivery to Kisumu',
  message: 'Hello! How long does delivery to Kisumu take for a 32-inch TV?',
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const send = (page: Page) => page.getByRole('button', { name: 'Send Message' })

async function openContact(page: Page) {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await waitForHydration(page, send(page))
}

async function fill(page: Page, values: typeof message) {
  await field(page, 'Name').fill(values.name)
  await field(page, 'Email').fill(values.email)
  await field(page, 'Subject').fill(values.subject)
  await field(page, 'Message').fill(values.message)
}

test.describe('contact page', () => {
  test('has a title, the four required fields and the contact details', async ({ page }) => {
    await openContact(page)
    await expect(page).toHaveTitle('Contact Us | Soko')
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(field(page, label)).toHaveAttribute('required', '')
    }
    await expect(field(page, 'Email')).toHaveAttribute('type', 'email')
    await expect(page.getByRole('main').getByRole('link', { name: 'support@soko.co.ke' })).toBeVisible()
    await expectAccessible(page)
  })

  test('names every missing field, and clears each message as it is corrected', async ({ page }) => {
    await openContact(page)
    await send(page).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Subject is required')).toBeVisible()
    await expect(page.getByText('Message is required')).toBeVisible()
    await expect(field(page, 'Name')).toBeFocused()
    await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name is required')
    await expectAccessible(page)

    await field(page, 'Name').fill('Achieng')
    await expect(page.getByText('Name is required')).toHaveCount(0)
    await field(page, 'Email').fill('achieng.example')
    await expect(page.getByText('Email is invalid')).toBeVisible()
    await field(page, 'Message').fill('Too short')
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
    await field(page, 'Message').fill('Long enough now, thank you.')
    await expect(page.getByText(/^Message must/)).toHaveCount(0)
  })

  test('sends a message, confirms it and empties the form', async ({ page }) => {
    await openContact(page)
    await fill(page, message)
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/contact/') && r.request().method() === 'POST')
    await send(page).click()
    expect((await posted).status()).toBe(201)
    const confirmation = page.getByRole('status').filter({ hasText: 'Thank you, Achieng Otieno.' })
    await expect(confirmation).toHaveText(
      'Thank you, Achieng Otieno. Your message has been sent; we reply within one working day.',
    )
    await expect(confirmation).toBeFocused()
    for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(field(page, label)).toHaveValue('')
  })

  test('shows "Sending..." while the message is on its way', async ({ page, faults }) => {
    await faults.inject({ path: '^/api/contact/', delayMs: 1500 })
    await openContact(page)
    await fill(page, message)
    await send(page).click()
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    await expect(page.getByText(/^Thank you, Achieng Otieno\./)).toBeVisible()
  })

  test('a server failure shows an error and keeps everything typed, and a retry succeeds', async ({ page, faults }) => {
    await faults.inject({ path: '^/api/contact/', status: 500 })
    await openContact(page)
    await fill(page, message)
    await send(page).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Sorry, your message could not be sent.')
    await expect(alert).toBeFocused()
    await expect(field(page, 'Name')).toHaveValue(message.name)
    await expect(field(page, 'Email')).toHaveValue(message.email)
    await expect(field(page, 'Subject')).toHaveValue(message.subject)
    await expect(field(page, 'Message')).toHaveValue(message.message)
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveCount(0)

    await faults.clear()
    await send(page).click()
    await expect(page.getByText(/^Thank you, Achieng Otieno\./)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('a message with HTML is sent as plain text and never rendered', async ({ page }) => {
    await openContact(page)
    await fill(page, { ...message, name: '<b>Kip</b>', message: '<script>window.pwned = true</script> please help' })
    await send(page).click()
    await expect(page.getByText('Thank you, <b>Kip</b>. Your message has been sent;', { exact: false })).toBeVisible()
    expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined()
    await expect(page.locator('main b')).toHaveCount(0)
  })
})

test.describe('contact messages for the support team', () => {
  test('a sent message is listed on the admin dashboard, as plain text', async ({ page }) => {
    const subject = `Order question ${Date.now()}`
    await openContact(page)
    await fill(page, { ...message, subject, message: '<i>Habari</i>, is the kikoy available in blue?' })
    await send(page).click()
    await expect(page.getByText(/^Thank you, Achieng Otieno\./)).toBeVisible()

    await signInByApi(page, DEMO_ADMIN)
    await page.goto('/admin/dashboard')
    const inbox = page.getByRole('region', { name: /^Contact messages/ })
    const item = inbox.getByRole('listitem').filter({ hasText: subject })
    await expect(item).toContainText('Achieng Otieno')
    await expect(item).toContainText('<i>Habari</i>, is the kikoy available in blue?')
  })
})
