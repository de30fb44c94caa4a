import type { EndpointKey, EndpointSpec, EndpointTable, ResponseOf } from '@soko/contract/endpoint'
import { splitKey } from '@soko/contract/endpoint'
import { ERROR_STATUS, type ErrorCode } from '@soko/contract/errors'
import { ErrorSchema } from '@soko/contract/health'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify'
import { z } from 'zod'

type Out<S> = S extends z.ZodType ? z.output<S> : unknown

/** The request a handler of endpoint `S` receives: params, query, body and headers typed by its schemas. */
export type EndpointRequest<S extends EndpointSpec> = FastifyRequest<{
  Params: Out<S['params']>
  Querystring: Out<S['query']>
  Body: Out<S['body']>
  Headers: Out<S['headers']>
}>

/**
 * A handler answers the endpoint's success body, or the reply it has sent itself (another status, a redirect); the
 * handler of an endpoint without a body (a 204) answers nothing, and what it returns is not sent.
 */
export type EndpointHandler<S extends EndpointSpec> = (
  request: EndpointRequest<S>,
  reply: FastifyReply,
) => Promise<S['response'] extends z.ZodType ? ResponseOf<S> | FastifyReply : unknown>

/** What a route adds to its endpoint: hooks, a body limit, its own error handler, route config. */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'onRequest' | 'preValidation' | 'preHandler' | 'bodyLimit' | 'errorHandler' | 'config'
>

/** Codes every endpoint may answer, whatever its table says (the request's checks and the server itself). */
const ALWAYS: readonly ErrorCode[] = ['invalid_data', 'internal']

/** The response schemas by status: the success bodies, then each error status with its shape. */
function responses(spec: EndpointSpec): Record<number, z.ZodType> {
  const answers: Record<number, z.ZodType> = {}
  for (const [status, schema] of Object.entries(spec.alsoAnswers ?? {})) if (schema) answers[Number(status)] = schema
  // A file's answer is not JSON: no schema serialises it (the document says its content types instead).
  if (!spec.produces) {
    answers[spec.status ?? 200] = spec.response ?? z.null().describe(spec.status === 302 ? 'A redirect' : 'No content')
  }
  for (const code of [...ALWAYS, ...spec.errors]) {
    const status = ERROR_STATUS[code]
    answers[status] = spec.errorBodies?.[status] ?? ErrorSchema
  }
  return answers
}

/** The OpenAPI description: the endpoint's own words, then the error codes it answers. */
function describe(spec: EndpointSpec): string {
  const codes = [...new Set([...spec.errors, ...ALWAYS])].map((code) => `\`${code}\` (${ERROR_STATUS[code]})`)
  return [spec.description, `Error codes: ${codes.join(', ')}.`].filter(Boolean).join('\n\n')
}

/** The Fastify schema of an endpoint: what is validated, serialised and documented, all from its table entry. */
export function endpointSchema(spec: EndpointSpec): FastifySchema & Record<string, unknown> {
  return {
    summary: spec.summary,
    description: describe(spec),
    tags: [...spec.tags],
    ...(spec.hidden ? { hide: true } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.consumes ? { consumes: [...spec.consumes] } : {}),
    ...(spec.produces ? { produces: [...spec.produces] } : {}),
    response: responses(spec),
  }
}

/**
 * Registers the route of `table[key]`: its method and path come from the key, its validation, serialisation and
 * OpenAPI entry from the entry. `extras` are what only the server knows (hooks, body limits).
 */
export function serve<T extends EndpointTable, K extends keyof T & EndpointKey>(
  app: FastifyInstance,
  table: T,
  key: K,
  handler: EndpointHandler<T[K]>,
  extras: RouteExtras = {},
): void {
  // K is one of the table's own keys, so its entry is there (the index type cannot say so).
  const spec = table[key] as EndpointSpec
  const { method, path } = splitKey(key)
  // The handler's request is typed by the entry's schemas, which Fastify has checked by the time it runs.
  const typed = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  const status = spec.status ?? 200
  app.route({
    ...extras,
    method,
    url: path,
    schema: endpointSchema(spec),
    // The entry's success status is the answer's unless the handler says otherwise (a replay's 200, a redirect);
    // a handler of a 204 answers nothing.
    handler: async (request, reply) => {
      if (status !== 200) reply.status(status)
      const answer = await typed(request, reply)
      if (answer === reply || reply.sent) return reply
      return status === 204 ? reply.send() : answer
    },
  })
}
