// `npm run dev`: the server restarts when its code changes; the web app is compiled by Vite on request (HMR).
import { join } from 'node:path'
import { envFileArgs, root, run } from './lib.mjs'

const env = { ...process.env, NODE_ENV: 'development' }
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
const code = await run(
  process.execPath,
  [tsx, 'watch', '--clear-screen=false', '--exclude', 'apps/web/**', ...envFileArgs(), 'apps/server/src/main.ts'],
  { env },
)
process.exit(code)
