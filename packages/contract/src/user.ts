import { COUNTY_NAMES, findCounty } from '@soko/domain/counties'
import {
  MPESA_NUMBER_INVALID,
  MPESA_NUMBER_REQUIRED,
  mpesaNumberProblem,
  normaliseKenyanMobile,
} from '@soko/domain/phone'
import { z } from 'zod'
import { EmailSchema } from './auth.ts'

// The signed-in customer's own data: profile, orders, addresses, payment methods, wishlist (specification
// section 3). Every call needs a signed-in user (401 otherwise) and only ever reads or changes the caller's own
// rows: another user's ids answer 404. Request bodies are strict: a field the endpoint does not accept (role,
// userId, isVerified ...) is a 400 naming it.

export const KENYAN_MOBILE_MESSAGE = 'Enter a Kenyan mobile number, e.g. 0712 345 678'

/** A Kenyan mobile number in any usual form, stored and answered as E.164 (+2547XXXXXXXX / +2541XXXXXXXX). */
export const KenyanMobileSchema = z
  .string({ error: () => KENYAN_MOBILE_MESSAGE })
  .max(40, KENYAN_MOBILE_MESSAGE)
  .transform((value, ctx) => {
    const phone = normaliseKenyanMobile(value)
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: KENYAN_MOBILE_MESSAGE })
      return z.NEVER
    }
    return phone
  })
  .describe('07XX XXX XXX, 01XX XXX XXX, +2547..., +2541... (spaces and hyphens allowed)')

/**
 * A number that can get an M-Pesa prompt: a Kenyan mobile number on a Safaricom line, as E.164. An Airtel or
 * Telkom number is refused with the line it is on ('M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel
 * line.').
 */
export const MpesaNumberSchema = z
  .string({ error: () => MPESA_NUMBER_REQUIRED })
  .max(40, MPESA_NUMBER_INVALID)
  .transform((value, ctx) => {
    const problem = mpesaNumberProblem(value)
    const phone = normaliseKenyanMobile(value)
    if (problem !== null || phone === null) {
      ctx.addIssue({ code: 'custom', message: problem ?? MPESA_NUMBER_INVALID })
      return z.NEVER
    }
    return phone
  })
  .describe('A Safaricom number: 07XX XXX XXX or 011X XXX XXX in any usual form (not Airtel or Telkom)')

export const required = (label: string, max = 120) =>
  z
    .string({ error: () => `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const optionalText = (label: string, max = 120) =>
  z
    .string({ error: () => `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)

// Settings

export const PreferencesSchema = z
  .strictObject({
    sms_order_updates: z
      .boolean({ error: () => 'sms_order_updates must be true or false' })
      .describe('Texts about your orders (placed, paid, shipped, at the pickup station, delivered, refunds)'),
  })
  .describe("The signed-in user's settings")
export type Preferences = z.infer<typeof PreferencesSchema>

// Profile

export const ProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable().describe('E.164, e.g. +254712345678; null when none is saved'),
})
export type Profile = z.infer<typeof ProfileSchema>

export const ProfileUpdateSchema = z
  .strictObject({
    firstName: required('First name', 80),
    lastName: required('Last name', 80),
    email: EmailSchema,
    phone: z
      .string({ error: () => KENYAN_MOBILE_MESSAGE })
      .max(40, KENYAN_MOBILE_MESSAGE)
      .nullable()
      .transform((value, ctx) => {
        if (value === null || value.trim() === '') return null
        const phone = normaliseKenyanMobile(value)
        if (phone === null) {
          ctx.addIssue({ code: 'custom', message: KENYAN_MOBILE_MESSAGE })
          return z.NEVER
        }
        return phone
      })
      .optional()
      .describe('A Kenyan mobile number; empty or null removes it; absent leaves it as it is'),
    currentPassword: z
      .string()
      .max(4096)
      .optional()
      .describe('Required to change the email address (fresh proof that the owner is at the keyboard)'),
  })
  .describe('The whole profile (first and last name and email are required)')
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>

export const PROFILE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your email address',
  emailTaken: 'An account with this email already exists.',
  setPasswordFirst: 'Set a password first (use "Forgot password") to change your email address.',
} as const

// Orders: the order shapes live with checkout (checkout.ts: OrderDetailSchema), which makes them.

// Addresses

export const MAX_ADDRESSES = 20
export const COUNTY_MESSAGE = "Choose one of Kenya's 47 counties"

export const CountySchema = z
  .string({ error: () => 'County is required' })
  .trim()
  .min(1, { message: 'County is required', abort: true })
  .transform((value, ctx) => {
    const county = findCounty(value)
    if (!county) {
      ctx.addIssue({ code: 'custom', message: COUNTY_MESSAGE })
      return z.NEVER
    }
    return county.name
  })
  .describe(`One of: ${COUNTY_NAMES.join(', ')} (other spellings such as "Nairobi City" are accepted)`)

export const AddressSchema = z.object({
  id: z.number().int(),
  label: z.string().describe('Home, Work ...'),
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  county: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string().describe('E.164'),
  isDefault: z.boolean(),
})
export const AddressListSchema = z.array(AddressSchema).describe('The default address first, then newest first')
export type Address = z.infer<typeof AddressSchema>

export const AddressBodySchema = z
  .strictObject({
    label: optionalText('Label', 40).default('Home'),
    firstName: optionalText('First name', 80).default(''),
    lastName: optionalText('Last name', 80).default(''),
    line1: required('Address line 1', 200),
    line2: optionalText('Address line 2', 200).default(''),
    city: required('City', 80),
    county: CountySchema,
    postalCode: z
      .string({ error: () => 'Postal code must be 5 digits' })
      .trim()
      .regex(/^(\d{5})?$/, 'Postal code must be 5 digits')
      .default(''),
    country: z
      .string()
      .trim()
      .refine((country) => country.toLowerCase() === 'kenya', 'We deliver within Kenya only')
      .transform(() => 'Kenya')
      .default('Kenya'),
    phone: z
      .string({ error: () => 'Phone number is required' })
      .min(1, { message: 'Phone number is required', abort: true })
      .pipe(KenyanMobileSchema),
    isDefault: z.boolean().optional().describe('true makes it the default; the first address is always the default'),
  })
  .describe('A whole address (PUT replaces every field)')
export type AddressBody = z.infer<typeof AddressBodySchema>

// Payment methods

export const MAX_PAYMENT_METHODS = 10

export const PaymentMethodSchema = z.object({
  id: z.number().int(),
  type: z.enum(['M-PESA', 'card']),
  last4: z.string().describe("Card: its last four digits. M-Pesa: the masked number as text, e.g. '0712 *** 678'"),
  expiry: z.string().nullable().describe('Card: MM/YY; M-Pesa: null'),
  name: z.string().describe('Name on the card, or the M-Pesa account holder'),
  brand: z.string().describe('Card brand (Visa, Mastercard ...); empty for M-Pesa'),
  isDefault: z.boolean(),
})
export const PaymentMethodListSchema = z.array(PaymentMethodSchema).describe('The default first, then newest first')
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

export const CARD_DATA_MESSAGE =
  'Card numbers and security codes must never be sent to Soko: save the card with the payment provider and send its token.'

const MpesaBodySchema = z.strictObject({
  type: z.literal('M-PESA'),
  phone: MpesaNumberSchema,
  name: optionalText('Name', 80).optional().describe('Account holder; defaults to your name'),
  isDefault: z.boolean().optional(),
})

const CardBodySchema = z.strictObject({
  type: z.literal('card'),
  provider: z
    .string({ error: () => 'Provider is required' })
    .regex(/^[a-z0-9_-]{1,40}$/, 'Provider must be the payment provider’s name, e.g. test')
    .describe('The payment provider that holds the card'),
  token: z
    .string({ error: () => 'Token is required' })
    .min(8, 'Token must be the payment provider’s card token')
    .max(200, 'Token must be the payment provider’s card token')
    .regex(/^[A-Za-z0-9_\-:.]+$/, 'Token must be the payment provider’s card token')
    .describe("The provider's token for the card (never the card number)"),
  last4: z.string({ error: () => 'Last four digits are required' }).regex(/^\d{4}$/, 'Last four digits are required'),
  expiry: z
    .string({ error: () => 'Expiry must be MM/YY' })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry must be MM/YY')
    .describe('MM/YY'),
  name: required('Name on card', 80),
  brand: optionalText('Brand', 30).default(''),
  isDefault: z.boolean().optional(),
})

export const PaymentMethodBodySchema = z
  .discriminatedUnion('type', [MpesaBodySchema, CardBodySchema], {
    error: () => "Type must be 'M-PESA' or 'card'",
  })
  .describe(
    "{type: 'M-PESA', phone} or {type: 'card', provider, token, last4, expiry, name}. A card number or security code (any field named like number, pan, cvv, cvc) is refused with 400",
  )
export type PaymentMethodBody = z.infer<typeof PaymentMethodBodySchema>

// Wishlist

export const MAX_WISHLIST_ITEMS = 500

export const WishlistAddBodySchema = z.strictObject({
  productId: z
    .number({ error: () => 'Product id must be a whole number' })
    .int('Product id must be a whole number')
    .positive('Product id must be a whole number')
    .max(2 ** 31 - 1, 'Product id must be a whole number'),
})

export const IdParamsSchema = z.object({
  id: z.coerce
    .number({ error: () => 'must be an id' })
    .int('must be an id')
    .positive('must be an id')
    .max(2 ** 31 - 1),
})

export const ProductIdParamsSchema = z.object({
  productId: z.coerce
    .number({ error: () => 'must be a product id' })
    .int('must be a product id')
    .positive('must be a product id')
    .max(2 ** 31 - 1),
})
