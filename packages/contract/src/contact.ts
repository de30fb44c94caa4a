import { z } from 'zod'
import { PageQuerySchema } from './common.ts'
import { endpoints } from './endpoint.ts'

/** Limits of the contact form, shared by the browser's form and the server. */
export const contactLimits = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const

/** A required text field: trimmed, not empty, at most `max` characters; every message names the field. */
function requiredText(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
}

/**
 * A message to the marketplace's support team (specification sections 2 and 5: name, email, subject and message,
 * all required). The message is plain text: it is stored as typed and never rendered as HTML.
 */
export const ContactBodySchema = z.object({
  name: requiredText('Name', contactLimits.name),
  email: requiredText('Email', contactLimits.email).pipe(z.email('Email is invalid')),
  subject: requiredText('Subject', contactLimits.subject),
  message: requiredText('Message', contactLimits.message).min(
    contactLimits.messageMin,
    `Message must be at least ${contactLimits.messageMin} characters`,
  ),
})
export type ContactBody = z.infer<typeof ContactBodySchema>

export const ContactSentSchema = z.object({ detail: z.string() })
export type ContactSent = z.infer<typeof ContactSentSchema>

/** A message as the support team reads it in the admin area. */
export const ContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string().describe('Plain text as sent: never render it as HTML'),
  created_at: z.string(),
  handled_at: z.string().nullable().describe('When a member of the team marked it handled'),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>

export const ContactMessagesPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  results: z.array(ContactMessageSchema),
})
export type ContactMessagesPage = z.infer<typeof ContactMessagesPageSchema>

const tags = ['contact']

export const contactEndpoints = endpoints({
  'POST /api/contact/': {
    summary: 'Send a message to the support team (limited per address: CONTACT_RATE_LIMIT per 10 minutes)',
    tags,
    body: ContactBodySchema,
    response: ContactSentSchema,
    status: 201,
    errors: ['rate_limited', 'payload_too_large', 'unsupported_media_type'],
  },
  'GET /api/admin/contact-messages/': {
    summary: 'Contact-form messages for the support team, newest first (superusers only)',
    tags,
    query: PageQuerySchema,
    response: ContactMessagesPageSchema,
    errors: ['unauthorized', 'forbidden'],
  },
})
