import { benchPages, benchWeb, report } from '../bench/web.mjs'
import { isBuildCurrent, run, startBuiltServer } from './lib.mjs'

if (!isBuildCurrent()) {
  const code = await run(process.execPath, ['scripts/build.mjs'])
  if (code !== 0) process.exit(code)
}

function table(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  console.log(`\n${title}`)
  for (const row of rows) console.log(`  ${row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')}`)
}

const { base, stop } = await startBuiltServer('bench-web')

try {
  const pages = await benchPages(base)
  // One request each first, so that no page is measured on a cold server cache.
  for (const page of pages) await (await fetch(`${base}${page.path}`)).arrayBuffer()

  const { rows, notes } = report(await benchWeb(base, pages, { reportDir: process.env.BENCH_WEB_REPORTS }))
  table('Lighthouse 12, mobile preset (simulated throttling); ! = under target', rows)
  if (notes.length > 0) {
    console.log('\nWhat costs points')
    for (const line of notes) console.log(`  ${line}`)
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await stop()
}
