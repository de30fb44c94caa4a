import type { OrderDetail, PaymentState } from '@soko/contract/checkout'
import { describe, expect, it } from 'vitest'
import { confirmationHeading } from './confirmation-step.tsx'

const order = (status: OrderDetail['status']) => ({ status }) as OrderDetail
const payment = (status: PaymentState['status'], method: PaymentState['method'] = 'mpesa') =>
  ({ status, method }) as PaymentState

describe('confirmationHeading', () => {
  it('says what the shopper should know first', () => {
    expect(confirmationHeading(order('pending_payment'), payment('pending'))).toBe('Check your phone')
    expect(confirmationHeading(order('pending_payment'), payment('pending', 'credit-card'))).toBe(
      'Complete your card payment',
    )
    expect(confirmationHeading(order('pending_payment'), payment('cancelled'))).toBe('Payment not completed')
    // Paid as soon as the payment says so, before the order is fetched again.
    expect(confirmationHeading(order('pending_payment'), payment('paid'))).toBe('Order Confirmed!')
    expect(confirmationHeading(order('shipped'), undefined)).toBe('Order Confirmed!')
    expect(confirmationHeading(order('cancelled'), payment('cancelled'))).toBe('Order Cancelled')
  })
})
