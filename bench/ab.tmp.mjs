// One-off: search latency at 100,000 products on PostgreSQL, the build before variants and after, in one run.
import { benchSearch } from './search.mjs'

const which = process.argv[2]
const { startBenchServer } = await import(`/work/${which}/bench/server.mjs`)
const server = await startBenchServer({ engine: 'postgres', products: 100_000, port: which === 'main' ? 3971 : 3972 })
try {
  console.log(which, 'seeded in', server.startSeconds.toFixed(1), 's')
  const rows = await benchSearch({ baseUrl: server.base })
  for (const row of rows) console.log(which, row.join(' | '))
} finally {
  await server.stop()
}
