import { describe, expect, it } from 'vitest'
import { refundText } from './refund-text.ts'

describe('refundText', () => {
  const refund = {
    id: 1,
    amount: 1500,
    method: 'mpesa' as const,
    destination: 'M-Pesa 0712 *** 678',
    sentAt: null,
  }

  it.each([
    ['sent', 'Refund of KSh 1,500 sent to M-Pesa 0712 *** 678'],
    ['approved', 'Refund of KSh 1,500 being sent to M-Pesa 0712 *** 678'],
    ['sending', 'Refund of KSh 1,500 being sent to M-Pesa 0712 *** 678'],
    ['failed', 'Refund of KSh 1,500 to M-Pesa 0712 *** 678 failed, we are on it'],
  ] as const)('%s: %s', (state, text) => {
    expect(refundText({ ...refund, state })).toBe(text)
  })

  it('names the card for a card refund', () => {
    expect(refundText({ ...refund, method: 'credit-card', destination: 'your card', state: 'sent' })).toBe(
      'Refund of KSh 1,500 sent to your card',
    )
  })
})
