import type { OrderDetail, OrderStatus } from '@soko/contract/checkout'
import { describe, expect, it } from 'vitest'
import { filterOrders } from './orders-panel.tsx'

const order = (id: number, status: OrderStatus) => ({ id, status }) as OrderDetail

describe('filterOrders', () => {
  const orders = (['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const).map(
    (status, index) => order(index + 1, status),
  )
  const ids = (filter: Parameters<typeof filterOrders>[1]) => filterOrders(orders, filter).map((o) => o.id)

  it('shows every order for All Orders, and what is not yet shipped for Pending', () => {
    expect(ids('All Orders')).toEqual([1, 2, 3, 4, 5, 6])
    expect(ids('Pending')).toEqual([1, 2, 3])
    expect(ids('Shipped')).toEqual([4])
    expect(ids('Delivered')).toEqual([5])
  })
})
