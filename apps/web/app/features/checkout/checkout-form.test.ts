import { describe, expect, it } from 'vitest'
import {
  emptyValues,
  firstStepWithErrors,
  orderBody,
  stepErrors,
  stepOfField,
  validate,
  validateMpesaNumber,
} from './checkout-form.ts'

const items = [{ productId: 7, quantity: 2, price: 1200 }]

const filled = () => ({
  ...emptyValues(),
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  email: 'wanjiku@example.co.ke',
  phone: '0712 345 678',
  address: '12 Moi Avenue',
  city: 'Nairobi',
  county: 'Nairobi',
  mpesaNumber: '0712 345 678',
})

describe('checkout form', () => {
  it('asks for the shipping fields a delivery needs, in the contract words', () => {
    const errors = stepErrors(validate(orderBody(emptyValues(), items, true)), 'shipping')
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      address: 'Address is required',
      city: 'City is required',
      county: 'County is required',
      phone: 'Phone number is required',
    })
    expect(errors.email).toBeTruthy()
    // Payment and terms wait for their own steps.
    expect(errors).not.toHaveProperty('mpesaNumber')
    expect(errors).not.toHaveProperty('acceptTerms')
  })

  it('accepts a complete form, and wants the terms only on the review step', () => {
    const errors = validate(orderBody(filled(), items, false, 2892))
    expect(errors).toEqual({ acceptTerms: 'Please accept the terms and privacy policy to place your order' })
    expect(validate(orderBody(filled(), items, true, 2892))).toEqual({})
  })

  it('needs an M-Pesa number only for M-Pesa', () => {
    const mpesa = stepErrors(validate(orderBody({ ...filled(), mpesaNumber: '' }, items, true)), 'payment')
    expect(mpesa).toEqual({ mpesaNumber: 'M-Pesa number is required' })
    const card = orderBody({ ...filled(), paymentMethod: 'credit-card', mpesaNumber: '' }, items, true)
    expect(card).not.toHaveProperty('mpesaNumber')
    expect(validate(card)).toEqual({})
    expect(validateMpesaNumber('')).toBe('M-Pesa number is required')
    expect(validateMpesaNumber('12345')).toBe('Enter a Safaricom number, e.g. 0712 345 678')
    expect(validateMpesaNumber('+254 712 345 678')).toBe('')
  })

  it('refuses an Airtel or Telkom number for M-Pesa at its field, on the payment step', () => {
    const airtel = validate(orderBody({ ...filled(), mpesaNumber: '0733 123 456' }, items, true))
    expect(airtel).toEqual({ mpesaNumber: 'M-Pesa needs a Safaricom number. 0733 123 456 is an Airtel line.' })
    expect(firstStepWithErrors(airtel)).toBe('payment')
    expect(validateMpesaNumber('0772123456')).toBe('M-Pesa needs a Safaricom number. 0772 123 456 is a Telkom line.')
    expect(validateMpesaNumber('0110 123 456')).toBe('')
  })

  it('sends and checks the billing address only when it differs from the shipping one', () => {
    expect(orderBody(filled(), items, true)).not.toHaveProperty('billingAddress')
    const separate = { ...filled(), sameAsShipping: false }
    expect(stepErrors(validate(orderBody(separate, items, true)), 'shipping')).toEqual({
      billingAddress: 'Billing address is required',
      billingCity: 'Billing city is required',
      billingCounty: "Choose one of Kenya's 47 counties",
    })
  })

  it('places each field on its step, and finds the earliest step with a problem', () => {
    expect(stepOfField('postalCode')).toBe('shipping')
    expect(stepOfField('billingCounty')).toBe('shipping')
    expect(stepOfField('mpesaNumber')).toBe('payment')
    expect(stepOfField('acceptTerms')).toBe('review')
    expect(stepOfField('items')).toBe('review')
    expect(firstStepWithErrors({ acceptTerms: 'x', mpesaNumber: 'y' })).toBe('payment')
    expect(firstStepWithErrors({ acceptTerms: 'x', city: 'y' })).toBe('shipping')
    expect(firstStepWithErrors({})).toBeNull()
  })
})
