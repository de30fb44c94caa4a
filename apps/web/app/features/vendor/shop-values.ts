import {
  ApplyBodySchema,
  BUSINESS_TYPES,
  type Shop,
  ShopUpdateBodySchema,
  VENDOR_MESSAGES,
} from '@soko/contract/vendor'
import { formatKenyanMobile, normaliseKenyanMobile } from '@soko/domain/phone'
import type { z } from 'zod'

// The shop form's values as typed (strings), and their checks with the API's own schemas.

export const SHOP_FIELDS = [
  'name',
  'type',
  'county',
  'town',
  'phone',
  'payoutPhone',
  'currentPassword',
  'description',
  'email',
] as const
export type ShopField = (typeof SHOP_FIELDS)[number]
export type ShopValues = Record<ShopField, string>
export type ShopErrors = Partial<Record<ShopField, string>>

export function emptyShop(): ShopValues {
  return {
    name: '',
    type: '',
    county: '',
    town: '',
    phone: '',
    payoutPhone: '',
    currentPassword: '',
    description: '',
    email: '',
  }
}

/** The profile form's values from the shop (phone numbers as Kenyans type them: 0712 345 678). */
export function shopValues(shop: Shop): ShopValues {
  return {
    name: shop.name,
    type: (BUSINESS_TYPES as readonly string[]).includes(shop.type) ? shop.type : '',
    county: shop.county,
    town: shop.town,
    phone: shop.phone ? formatKenyanMobile(shop.phone) : '',
    payoutPhone: shop.payoutPhone ? formatKenyanMobile(shop.payoutPhone) : '',
    currentPassword: '',
    description: shop.description,
    email: shop.email,
  }
}

/** The body a shop form sends: what was typed, as opening a shop (no email) or the whole profile. */
export type ShopBody = z.input<typeof ShopUpdateBodySchema>

export type ShopCheck = { ok: true; body: ShopBody } | { ok: false; errors: ShopErrors }

/** Whether the typed payout number is another than the saved one (`0722 000 111` is `+254722000111`). */
export function isPayoutChanged(typed: string, saved: string | null): boolean {
  return (normaliseKenyanMobile(typed) ?? typed.trim()) !== (saved ?? '')
}

/**
 * Checks the form with the API's schema: opening a shop (no email: the account's is used) or the whole profile,
 * whose payout number, when it is not `savedPayoutPhone` any more, needs the current password too. The body sent is
 * what was typed (the server normalises phone numbers and counties itself).
 */
export function checkShop(
  values: ShopValues,
  mode: 'apply' | 'profile',
  savedPayoutPhone: string | null = null,
): ShopCheck {
  const { email, currentPassword, ...rest } = values
  const needsPassword = mode === 'profile' && isPayoutChanged(values.payoutPhone, savedPayoutPhone)
  const body: ShopBody = mode === 'apply' ? rest : { ...rest, email, ...(needsPassword ? { currentPassword } : {}) }
  const result = (mode === 'apply' ? ApplyBodySchema : ShopUpdateBodySchema).safeParse(body)
  const isPasswordMissing = needsPassword && currentPassword === ''
  if (result.success && !isPasswordMissing) return { ok: true, body }
  const errors: ShopErrors = {}
  // The schema's message lists every type, which suits a wrong value; an empty one is simply missing.
  if (values.type === '') errors.type = 'Business type is required'
  if (isPasswordMissing) errors.currentPassword = VENDOR_MESSAGES.payoutPasswordRequired
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0]
    if (typeof field === 'string' && (SHOP_FIELDS as readonly string[]).includes(field)) {
      errors[field as ShopField] ??= issue.message
    }
  }
  return { ok: false, errors }
}

/** The first field with an error, in the form's order (where the cursor goes after a refused submit). */
export function firstShopError(errors: ShopErrors): ShopField | undefined {
  return SHOP_FIELDS.find((field) => errors[field])
}
