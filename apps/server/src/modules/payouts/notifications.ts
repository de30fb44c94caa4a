import { formatKes } from '@soko/domain/money'
import { letter, type MailMessage } from '../mail/mailer.ts'

// A shop's owner hears when a payout to the shop failed: how much, why in plain words, and that the money is
// waiting in the shop's available balance for the next payout.

export function payoutFailedEmail(
  to: string,
  payout: { shopName: string; amountCents: number; phone: string | null; reason: string; portalLink: string },
): MailMessage {
  const number = payout.phone ? ` to the number ending in …${payout.phone.slice(-4)}` : ''
  return letter(to, `A payout of ${formatKes(payout.amountCents)} to ${payout.shopName} did not go through`, [
    `Soko tried to send ${formatKes(payout.amountCents)} to your shop ${payout.shopName} by M-Pesa${number}, ` +
      'and M-Pesa did not complete it.',
    `Why: ${payout.reason}`,
    '',
    'No money left Soko for this payout: it is back in your available balance and will be sent with the next payout.',
    'If the reason is your payout number, change it on your shop profile. See your payouts here:',
    payout.portalLink,
  ])
}
