import { AdminOrdersQuerySchema, AdminProductsQuerySchema } from '@soko/contract/admin'
import { describe, expect, it } from 'vitest'
import { queryString } from '../../lib/api-client.ts'
import { listQuery } from './list-query.ts'

describe('listQuery', () => {
  it('keeps what the API accepts', () => {
    const query = listQuery(AdminProductsQuerySchema, new URLSearchParams('q=kikoy&status=inactive&page=2'))
    expect(query).toEqual({ q: 'kikoy', status: 'inactive', page: 2, per_page: 20 })
    expect(queryString(query)).toBe('?page=2&per_page=20&q=kikoy&status=inactive')
  })

  it('drops what the API would refuse instead of failing the page', () => {
    expect(listQuery(AdminOrdersQuerySchema, new URLSearchParams('status=lost&page=0&q=SK-1'))).toEqual({
      q: 'SK-1',
      page: 1,
      per_page: 20,
    })
    expect(listQuery(AdminOrdersQuerySchema, new URLSearchParams('q=&status='))).toEqual({ page: 1, per_page: 20 })
  })
})
