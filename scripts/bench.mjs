// `npm run bench`: speed and memory figures, printed as tables. Not a test: nothing here passes or fails.
import { benchStartup } from '../bench/startup.mjs'
import { isBuildCurrent, run } from './lib.mjs'

if (!isBuildCurrent()) {
  const code = await run(process.execPath, ['scripts/build.mjs'])
  if (code !== 0) process.exit(code)
}

function table(title, rows) {
  const width = Math.max(...rows.map(([name]) => name.length))
  console.log(`\n${title}`)
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`)
}

table('Start-up and weight', await benchStartup())
