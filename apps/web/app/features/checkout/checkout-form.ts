import { type CheckoutItem, type CheckoutPaymentMethod, PlaceOrderBodySchema } from '@soko/contract/checkout'
import type { DeliveryChoice } from '@soko/contract/delivery'
import { mpesaNumberProblem } from '@soko/domain/phone'
import { issueErrors } from '../../lib/form-errors.ts'

// The checkout form of section 3 without its card fields (card details are typed on the payment provider's page
// only) and without the terms checkbox, which is asked afresh each time: both are never stored.

export const STEPS = ['shipping', 'payment', 'review', 'confirmation'] as const
export type Step = (typeof STEPS)[number]

export const STEP_LABELS: Record<Step, string> = {
  shipping: 'Shipping',
  payment: 'Payment',
  review: 'Review',
  confirmation: 'Confirmation',
}

export interface CheckoutValues {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  city: string
  county: string
  postalCode: string
  country: string
  /** Home delivery to the address's county, or collection at a pickup station (`stationId`). */
  deliveryMethod: 'home' | 'pickup'
  stationId: string
  sameAsShipping: boolean
  billingAddress: string
  billingCity: string
  billingCounty: string
  billingPostalCode: string
  billingCountry: string
  paymentMethod: CheckoutPaymentMethod
  mpesaNumber: string
  notes: string
  saveAddress: boolean
}

export type Field = keyof CheckoutValues | 'acceptTerms' | 'items' | 'delivery'
export type FieldErrors = Partial<Record<Field, string>>

export function emptyValues(): CheckoutValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    county: '',
    postalCode: '',
    country: 'Kenya',
    deliveryMethod: 'home',
    stationId: '',
    sameAsShipping: true,
    billingAddress: '',
    billingCity: '',
    billingCounty: '',
    billingPostalCode: '',
    billingCountry: 'Kenya',
    paymentMethod: 'mpesa',
    mpesaNumber: '',
    notes: '',
    saveAddress: false,
  }
}

const SHIPPING_FIELDS: readonly Field[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'county',
  'postalCode',
  'country',
  'deliveryMethod',
  'stationId',
  'delivery',
  'sameAsShipping',
  'billingAddress',
  'billingCity',
  'billingCounty',
  'billingPostalCode',
  'billingCountry',
  'notes',
  'saveAddress',
]
const PAYMENT_FIELDS: readonly Field[] = ['paymentMethod', 'mpesaNumber']

/** The step whose form holds a field (a server message is shown there); anything else belongs to the review. */
export function stepOfField(field: string): Exclude<Step, 'confirmation'> {
  if (SHIPPING_FIELDS.includes(field as Field)) return 'shipping'
  if (PAYMENT_FIELDS.includes(field as Field)) return 'payment'
  return 'review'
}

/**
 * How the shopper wants the order delivered, as the contract takes it: a pickup station (none chosen yet: refused
 * by the schema, "Choose a pickup station"), or home delivery to the address's county. The server prices it.
 */
export function deliveryChoice(values: CheckoutValues): DeliveryChoice | { method: 'pickup' } {
  if (values.deliveryMethod === 'pickup') {
    const stationId = Number(values.stationId)
    return Number.isInteger(stationId) && stationId > 0 ? { method: 'pickup', stationId } : { method: 'pickup' }
  }
  return values.county ? { method: 'home', county: values.county } : { method: 'home' }
}

/** What the quote is asked to price: the choice, once it is complete (until then, home delivery). */
export function quoteDelivery(values: CheckoutValues): DeliveryChoice | undefined {
  const choice = deliveryChoice(values)
  if (choice.method === 'pickup') return 'stationId' in choice ? choice : undefined
  return choice.county ? choice : undefined
}

/** The body Place Order sends: what the shopper typed, the cart's lines and the total they were shown. */
export function orderBody(
  values: CheckoutValues,
  items: readonly CheckoutItem[],
  acceptTerms: boolean,
  expectedTotal?: number,
): Record<string, unknown> {
  const billing = values.sameAsShipping
    ? {}
    : {
        billingAddress: values.billingAddress,
        billingCity: values.billingCity,
        billingCounty: values.billingCounty,
        billingPostalCode: values.billingPostalCode,
        billingCountry: values.billingCountry,
      }
  return {
    items,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    address: values.address,
    city: values.city,
    county: values.county,
    postalCode: values.postalCode,
    country: values.country,
    delivery: deliveryChoice(values),
    sameAsShipping: values.sameAsShipping,
    ...billing,
    paymentMethod: values.paymentMethod,
    ...(values.paymentMethod === 'mpesa' ? { mpesaNumber: values.mpesaNumber } : {}),
    notes: values.notes,
    // The contract wants `true` or nothing: an unticked box is left out, and answered with the terms message.
    ...(acceptTerms ? { acceptTerms: true } : {}),
    saveAddress: values.saveAddress,
    ...(expectedTotal === undefined ? {} : { expectedTotal }),
  }
}

/** The first message for each field, from the shared schema (the one the server validates with). */
export function validate(body: Record<string, unknown>): FieldErrors {
  const result = PlaceOrderBodySchema.safeParse(body)
  return result.success ? {} : (issueErrors(result.error.issues, 'items') as FieldErrors)
}

/** The errors a step shows when the shopper tries to leave it: only that step's own fields. */
export function stepErrors(errors: FieldErrors, step: Step): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => stepOfField(field) === step)) as FieldErrors
}

/** The earliest step holding one of these errors, or null when there are none. */
export function firstStepWithErrors(errors: FieldErrors): Exclude<Step, 'confirmation'> | null {
  const steps = Object.keys(errors).map(stepOfField)
  for (const step of ['shipping', 'payment', 'review'] as const) if (steps.includes(step)) return step
  return null
}

/** The M-Pesa number's problem in the contract's words (an Airtel or Telkom line too), or '' when it can get a prompt. */
export function validateMpesaNumber(value: string): string {
  return mpesaNumberProblem(value) ?? ''
}
