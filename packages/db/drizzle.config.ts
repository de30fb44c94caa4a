import { defineConfig } from 'drizzle-kit'

// Only for generating migrations from the schema (`npm run db:generate`); the app applies them itself.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/*.ts',
  out: './packages/db/migrations',
})
