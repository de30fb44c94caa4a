import type { Shop } from '@soko/contract/vendor'
import { useRouteLoaderData } from 'react-router'

/** The portal frame's route id (routes.ts): its loader holds the shop every screen may show. */
export const PORTAL_ROUTE_ID = 'vendor-portal'

/** The signed-in vendor's shop, from the portal frame's loader. */
export function usePortalShop(): Shop {
  const data = useRouteLoaderData(PORTAL_ROUTE_ID) as { shop: Shop } | undefined
  if (!data) throw new Error('usePortalShop is used outside the vendor portal')
  return data.shop
}

/** A positive whole number from the address (`?page=3`), else the fallback. */
export function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value)
  return Number.isInteger(number) && number >= 1 && number <= 100_000 ? number : fallback
}
