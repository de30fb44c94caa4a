import { letter, type MailMessage } from '../mail/mailer.ts'

// The accounts module's emails, in plain text (readable in every mail client, and on a feature phone).

export function passwordResetEmail(to: string, link: string): MailMessage {
  return letter(to, 'Reset your Soko password', [
    'Someone (hopefully you) asked to reset the password of your Soko account. Open this link to choose a new one:',
    '',
    link,
    '',
    'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
  ])
}

export function passwordChangedEmail(to: string): MailMessage {
  return letter(to, 'Your Soko password was changed', [
    'The password of your Soko account was just changed, and your other devices were signed out.',
    '',
    'If this was not you, reset your password now with "Forgot password" on the sign-in page, and contact us.',
  ])
}

export function emailChangedEmail(to: string, newEmail: string): MailMessage {
  return letter(to, 'Your Soko email address was changed', [
    `The email address of your Soko account was changed to ${newEmail}. Mail about your account and orders now goes there.`,
    '',
    'If this was not you, contact us right away.',
  ])
}
