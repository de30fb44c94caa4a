import type { Address, Profile } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../lib/api-client.ts'
import type { CheckoutValues } from './checkout-form.ts'

// A signed-in shopper's profile and saved addresses, to fill the shipping step. The keys are the account's own
// (['account', ...]), so the cache is shared with the account pages and cleared with them on sign-in and logout.

const NO_ADDRESSES: Address[] = []

export function useSavedDetails(isSignedIn: boolean) {
  const profile = useQuery({
    queryKey: ['account', 'profile'],
    queryFn: () => call('GET /api/user/profile'),
    enabled: isSignedIn,
    staleTime: 60_000,
    retry: false,
  })
  const addresses = useQuery({
    queryKey: ['account', 'addresses'],
    queryFn: () => call('GET /api/user/addresses'),
    enabled: isSignedIn,
    staleTime: 60_000,
    retry: false,
  })
  return { profile: profile.data ?? null, addresses: addresses.data ?? NO_ADDRESSES }
}

/** The address to fill the shipping step with: the default one, else the first. */
export function preferredAddress(addresses: readonly Address[]): Address | undefined {
  return addresses.find((address) => address.isDefault) ?? addresses[0]
}

const phoneText = (e164: string | null) => (e164 ? formatKenyanMobile(e164) : '')

/** The profile's name, email and phone, only where the shopper has not typed anything yet. */
export function withProfile(values: CheckoutValues, profile: Profile): CheckoutValues {
  return {
    ...values,
    firstName: values.firstName || profile.firstName,
    lastName: values.lastName || profile.lastName,
    email: values.email || profile.email,
    phone: values.phone || phoneText(profile.phone),
  }
}

/** A saved address as the shipping step's fields (its second line joins the first: the order has one line). */
export function withAddress(values: CheckoutValues, address: Address): CheckoutValues {
  return {
    ...values,
    firstName: address.firstName || values.firstName,
    lastName: address.lastName || values.lastName,
    phone: phoneText(address.phone) || values.phone,
    address: [address.line1, address.line2].filter(Boolean).join(', '),
    city: address.city,
    county: address.county,
    postalCode: address.postalCode,
    country: 'Kenya',
  }
}

export function addressLabel(address: Address): string {
  return `${address.label}: ${address.line1}, ${address.city}`
}
