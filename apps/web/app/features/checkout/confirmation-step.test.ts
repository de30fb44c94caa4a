import type { OrderDetail, PaymentState } from '@soko/contract/checkout'
import { describe, expect, it } from 'vitest'
import { confirmationHeading, myOrders } from './confirmation-step.tsx'

const order = (status: OrderDetail['status']) => ({ status }) as OrderDetail
const payment = (status: PaymentState['status'], method: PaymentState['method'] = 'mpesa') =>
  ({ status, method }) as PaymentState

describe('confirmationHeading', () => {
  it('says what the shopper should know first', () => {
    expect(confirmationHeading(order('pending_payment'), payment('pending'))).toBe('Check your phone')
    expect(confirmationHeading(order('pending_payment'), payment('pending', 'credit-card'))).toBe(
      'Complete your card payment',
    )
    expect(confirmationHeading(order('pending_payment'), payment('pending', 'mpesa-paybill'))).toBe(
      'Pay by M-Pesa Paybill',
    )
    expect(confirmationHeading(order('pending_payment'), payment('cancelled'))).toBe('Payment not completed')
    // Paid as soon as the payment says so, before the order is fetched again.
    expect(confirmationHeading(order('pending_payment'), payment('paid'))).toBe('Order Confirmed!')
    expect(confirmationHeading(order('shipped'), undefined)).toBe('Order Confirmed!')
    expect(confirmationHeading(order('cancelled'), payment('cancelled'))).toBe('Order Cancelled')
  })
})

describe('myOrders', () => {
  it("opens a guest's own order with its token, and the account's orders when signed in", () => {
    expect(myOrders(false, 'SK-7KQ2M9', 'a+b/c')).toBe('/orders/SK-7KQ2M9?token=a%2Bb%2Fc')
    expect(myOrders(true, 'SK-7KQ2M9', 'a+b/c')).toBe('/accounts/orders')
    // Another tab placed it: the look-up page.
    expect(myOrders(false, 'SK-7KQ2M9', null)).toBe('/orders')
  })
})
