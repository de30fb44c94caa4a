import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/**
 * The OpenAPI 3 document, generated from the same Zod schemas the routes validate and serialise with: served at
 * /api/openapi.json, browsable at /api/docs. Register before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Soko marketplace API',
        description: 'The JSON API of Soko, a multi-vendor marketplace for Kenya. Amounts are in KES.',
        version: '0.1.0',
      },
      tags: [
        { name: 'catalogue', description: 'Home, categories, products, vendors' },
        { name: 'media', description: 'Product, category and banner images' },
        { name: 'health', description: 'Liveness and readiness' },
        { name: 'site', description: "The marketplace's delivery, payment, return and selling rules" },
        {
          name: 'auth',
          description:
            'Sign-up, sign-in (session cookie for browsers, bearer tokens for other clients), sessions, passwords, Google',
        },
        { name: 'user', description: "The signed-in customer's own profile, orders, addresses, payments, wishlist" },
        { name: 'dev', description: 'Development and test helpers (absent in production)' },
      ],
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: false })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
