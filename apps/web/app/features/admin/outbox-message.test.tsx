import type { AdminOutboxMessage } from '@soko/contract/admin'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { OutboxMessageScreen } from './outbox-message.tsx'

// Mail carries what users typed (a name, a review): the screen must show it as text, and HTML only in a sandbox.

function render(message: AdminOutboxMessage): string {
  const router = createMemoryRouter([{ path: '/', element: <OutboxMessageScreen message={message} /> }])
  return renderToString(<RouterProvider router={router} />)
}

const message = (overrides: Partial<AdminOutboxMessage> = {}): AdminOutboxMessage => ({
  id: 7,
  to: 'otieno@example.co.ke',
  subject: 'Reset your Soko password',
  created_at: '2026-03-01T09:30:00.000Z',
  state: 'kept',
  sent_at: null,
  error: null,
  text: 'Habari <b>Otieno</b>,\nOpen http://127.0.0.1:3000/reset-password/Nw/abc to choose a password.',
  html: null,
  attempts: 0,
  ...overrides,
})

describe('OutboxMessageScreen', () => {
  it('shows the text as text, with its address as a link', () => {
    const html = render(message())
    expect(html).toContain('Habari &lt;b&gt;Otieno&lt;/b&gt;,')
    expect(html).toContain('<a href="http://127.0.0.1:3000/reset-password/Nw/abc" rel="noreferrer">')
    expect(html).toContain('Not sent (no mail server)')
    expect(html).not.toContain('<iframe')
  })

  it('puts the HTML version only in a sandboxed frame without scripts', () => {
    const hostile = '<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)">'
    const html = render(message({ subject: '<img src=x onerror=alert(3)>', html: hostile }))
    const frame = /<iframe[^>]*>/.exec(html)?.[0] ?? ''
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"')
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin|allow-forms|allow-top-navigation/)
    expect(frame).toContain('srcDoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p&gt;Hi&lt;/p&gt;&lt;script&gt;')
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(3)&gt;')
  })
})
