import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sameSecret } from '../modules/accounts/tokens.ts'
import { toErrorAnswer } from './errors.ts'

// What every route Daraja calls back shares (STK results, B2C results of refunds and payouts, C2B): Daraja signs
// nothing, so each path ends in a secret; bodies are read as raw bytes (stored as received); a refused body answers
// in Daraja's own shape.

/** Callbacks are small JSON documents; anything bigger is not one. */
export const CALLBACK_BODY_LIMIT = 64 * 1024

/** What Daraja is answered once a callback is recorded, whatever became of it: its retries would help nobody. */
export const DARAJA_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const

/** Takes JSON bodies as raw bytes in this scope (a signature is over the exact bytes; the raw body is stored). */
export function rawJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
}

export function rawText(request: FastifyRequest): string {
  return Buffer.isBuffer(request.body) ? request.body.toString('utf8') : ''
}

/** A refused callback answers in Daraja's own shape, which its 400 schema names; other failures as the app does. */
export function darajaErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorAnswer(error)
  if (status !== 400) throw error
  return reply.status(400).send({ ResultCode: 1, ResultDesc: `Rejected: ${body.detail}` })
}

/**
 * Whether a callback came on a path without the right secret: then it is answered 404 here (and logged, naming
 * `what`), and the route does nothing more.
 */
export async function refusedPath(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  what: string,
): Promise<boolean> {
  const { secret: given } = request.params as { secret: string }
  if (sameSecret(given, secret)) return false
  request.log.warn({ ip: request.ip }, `${what} on a wrong path refused`)
  await reply.status(404).send({ detail: 'Not found.', code: 'not_found' })
  return true
}
