import { z } from 'zod'

/** A whole-number query parameter with messages a client developer can act on. */
export function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a whole number' : undefined) })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(max, `must be at most ${max}`)
}
