import { useLocation, useNavigate } from 'react-router'
import { loginUrl } from '../../lib/safe-next.ts'
import { useViewer } from '../../lib/viewer.ts'
import { useWishlist, useWishlistToggle } from '../../lib/wishlist.ts'
import './favourite.css'

export interface FavouriteButtonProps {
  productId: number
  productName: string
  className?: string
  size?: number
}

/**
 * The favourite (heart) toggle: adds the product to the shopper's wishlist or removes it. A visitor is sent to
 * sign in and comes back to this page.
 */
export function FavouriteButton({ productId, productName, className = 'favourite', size = 22 }: FavouriteButtonProps) {
  const viewer = useViewer()
  const wishlist = useWishlist()
  const toggle = useWishlistToggle()
  const navigate = useNavigate()
  const location = useLocation()
  const pending = toggle.isPending && toggle.variables?.productId === productId ? toggle.variables : undefined
  const isSaved = pending ? !pending.isSaved : (wishlist.data?.some((product) => product.id === productId) ?? false)

  const onClick = () => {
    if (!viewer) {
      navigate(loginUrl(`${location.pathname}${location.search}`))
      return
    }
    if (toggle.isPending || wishlist.isPending) return
    toggle.mutate({ productId, isSaved })
  }

  return (
    <button
      type="button"
      className={isSaved ? `${className} favourite--on` : className}
      aria-label={isSaved ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      aria-pressed={isSaved}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={isSaved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}
