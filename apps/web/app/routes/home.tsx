import { useState } from 'react'
import { Form } from 'react-router'
import type { Route } from './+types/home'

export function meta(_args: Route.MetaArgs) {
  return [
    { title: "Soko | Kenya's marketplace: shop from trusted local vendors" },
    {
      name: 'description',
      content:
        'Shop phones, fashion, home goods and groceries from hundreds of Kenyan vendors. Pay with M-Pesa or card, delivered across all 47 counties.',
    },
  ]
}

export default function Home() {
  const [query, setQuery] = useState('')
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Karibu Soko</h1>
      <p className="hero__lead">
        Kenya's marketplace: thousands of products from trusted local vendors, paid with M-Pesa or card.
      </p>
      <Form method="get" action="/search" role="search" className="search-bar">
        <label htmlFor="home-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="home-search"
          type="search"
          name="q"
          placeholder="Search for phones, kitenge, sufuria..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={query.trim() === ''}>
          Search
        </button>
      </Form>
    </section>
  )
}
