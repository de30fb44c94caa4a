import { Link } from 'react-router'
import { PanelEmpty, PanelError, PanelLoading } from '../features/account/panel-states.tsx'
import { ProductCard, ProductGrid } from '../features/catalog/product-card.tsx'
import '../features/account/account.css'
import { useWishlist } from '../lib/wishlist.ts'

export function meta() {
  return [{ title: 'My Wishlist | Soko' }, { name: 'robots', content: 'noindex' }]
}

// The wishlist (DESIGN S4: server-backed): the saved products as cards; each card's heart removes it.
export default function AccountsWishlist() {
  const wishlist = useWishlist()
  return (
    <section className="account__main" aria-labelledby="wishlist-title">
      <h1 id="wishlist-title">My Wishlist</h1>
      {wishlist.isPending ? (
        <PanelLoading />
      ) : wishlist.isError ? (
        <PanelError message="Failed to fetch your wishlist" />
      ) : wishlist.data.length === 0 ? (
        <PanelEmpty>
          Your wishlist is empty. Tap the heart on a product to save it here.{' '}
          <Link to="/products">Browse products</Link>
        </PanelEmpty>
      ) : (
        <ProductGrid>
          {wishlist.data.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ProductGrid>
      )}
    </section>
  )
}
