import { usePortalShop } from '../features/vendor/portal-data.ts'
import { PortalRouteError } from '../features/vendor/portal-error.tsx'
import { portalTitle } from '../features/vendor/portal-shell.tsx'
import { ShopProfileScreen } from '../features/vendor/shop-profile-screen.tsx'

export function meta() {
  return [{ title: portalTitle('Shop profile') }, { name: 'robots', content: 'noindex' }]
}

// The shop itself comes with the portal's frame (its loader), which every save reloads.
export default function VendorPortalShop() {
  return <ShopProfileScreen shop={usePortalShop()} />
}

export const ErrorBoundary = PortalRouteError
