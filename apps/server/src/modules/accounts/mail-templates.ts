import type { MailMessage } from '../mail/mailer.ts'

// The accounts module's emails, in plain text (readable in every mail client, and on a feature phone).

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Soko password',
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your Soko account. Open this link to choose a new one:',
      '',
      link,
      '',
      'The link works once, for one hour. If you did not ask for it, ignore this email: your password stays as it is.',
      '',
      'Soko',
    ].join('\n'),
  }
}

export function passwordChangedEmail(to: string): MailMessage {
  return {
    to,
    subject: 'Your Soko password was changed',
    text: [
      'Hello,',
      '',
      'The password of your Soko account was just changed, and your other devices were signed out.',
      '',
      'If this was not you, reset your password now with "Forgot password" on the sign-in page, and contact us.',
      '',
      'Soko',
    ].join('\n'),
  }
}

export function emailChangedEmail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Soko email address was changed',
    text: [
      'Hello,',
      '',
      `The email address of your Soko account was changed to ${newEmail}. Mail about your account and orders now goes there.`,
      '',
      'If this was not you, contact us right away.',
      '',
      'Soko',
    ].join('\n'),
  }
}
