import { describe, expect, it } from 'vitest'
import { redactUrl } from './observability.ts'

describe('redactUrl', () => {
  it.each([
    ['/api/payments/lnm/cb/AbC123_-secret', '/api/payments/lnm/cb/[redacted]'],
    ['/api/payments/lnm/cb/AbC123?x=1', '/api/payments/lnm/cb/[redacted]?x=1'],
    ['/reset-password/MTIz/tok-en_123', '/reset-password/MTIz/[redacted]'],
    ['/api/sms/delivery-reports/s3cr3t_-value', '/api/sms/delivery-reports/[redacted]'],
    ['/api/payments/c2b/check/s3cr3t', '/api/payments/c2b/check/[redacted]'],
    ['/api/payments/c2b/done/s3cr3t', '/api/payments/c2b/done/[redacted]'],
    ['/api/payments/b2c/refund-result/s3cr3t', '/api/payments/b2c/refund-result/[redacted]'],
    ['/api/payments/b2c/refund-timeout/s3cr3t?x=1', '/api/payments/b2c/refund-timeout/[redacted]?x=1'],
    ['/api/payouts/b2c/result/s3cr3t', '/api/payouts/b2c/result/[redacted]'],
    ['/api/payouts/b2c/status/s3cr3t', '/api/payouts/b2c/status/[redacted]'],
    ['/api/auth/google/callback?code=abc&state=def', '/api/auth/google/callback?code=[redacted]&state=[redacted]'],
    ['/x?Token=abc&page=2', '/x?Token=[redacted]&page=2'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    [
      '/x?access_token=a&refresh_token=b&signature=c',
      '/x?access_token=[redacted]&refresh_token=[redacted]&signature=[redacted]',
    ],
    ['/api/marketplace/search/?q=code&page=2', '/api/marketplace/search/?q=code&page=2'],
    ['/product/kikoy-shirt', '/product/kikoy-shirt'],
    ['/x?%E0%A4%A=1', '/x?%E0%A4%A=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged)
  })
})
