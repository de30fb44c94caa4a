import { z } from 'zod'

/** A whole-number query parameter with messages a client developer can act on. */
export function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a whole number' : undefined) })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(max, `must be at most ${max}`)
}

/** `?page=&per_page=` for paginated lists (at most 50 a page). */
export const PageQuerySchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  per_page: wholeNumber(1, 50).default(20),
})
