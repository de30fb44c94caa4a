import { redirect } from 'react-router'

// The specification links to /marketplace without a screen of its own: the marketplace is the whole catalogue.
export function loader() {
  return redirect('/products', 301)
}

export default function MarketplaceRedirect() {
  return null
}
