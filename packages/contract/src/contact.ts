import { z } from 'zod'

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

/** The first message for each field that failed, for showing under the form's fields. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<keyof ContactBody, string>> {
  const errors: Partial<Record<keyof ContactBody, string>> = {}
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof ContactBody | undefined
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}

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
