// `npm start`: the marketplace in production mode, built first when the sources changed since the last build.
import { envFileArgs, isBuildCurrent, run, serverBundle } from './lib.mjs'

if (!isBuildCurrent()) {
  console.log('Building Soko (first start, or the sources changed)...')
  const code = await run(process.execPath, ['scripts/build.mjs'])
  if (code !== 0) process.exit(code)
}
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' }
const code = await run(process.execPath, [...envFileArgs(), '--enable-source-maps', serverBundle], { env })
process.exit(code)
