import type { Banner } from '@soko/contract/catalog'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { HeroCarousel } from './hero-carousel.tsx'

// The browser tests cannot empty the demo catalogue's banners (no admin API yet), so the empty state is rendered here.

function render(banners: Banner[]): string {
  const router = createMemoryRouter([{ path: '/', element: <HeroCarousel banners={banners} /> }])
  return renderToString(<RouterProvider router={router} />)
}

const banner = (id: number): Banner => ({
  id,
  title: `Banner ${id}`,
  subtitle: 'Subtitle',
  image: { thumbnail: '/t.webp', medium: '/m.webp', original: '/o.webp', url: '/o.webp', alt_text: '' },
  category: null,
  link_url: '/category/x',
  link_text: 'Shop now',
  stat1: '25%',
  stat1_label: 'Off',
  stat2: '',
  stat2_label: '',
})

describe('HeroCarousel', () => {
  it("shows 'No Banners Found' when there are no banners", () => {
    const html = render([])
    expect(html).toContain('No Banners Found')
    expect(html).not.toContain('Next slide')
  })

  it('shows every banner, the first one eagerly loaded, with controls when there are several', () => {
    const html = render([banner(1), banner(2)])
    expect(html).toContain('Banner 1')
    expect(html).toContain('Banner 2')
    expect(html).toContain('fetchPriority="high"')
    expect(html).toContain('Next slide')
    expect(html).toContain('Go to slide 2: Banner 2')
  })
})
