// The production build: the web app (React Router + Vite), pre-compressed client assets, and the server bundle.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { buildHashFile, root, run, serverBundle, sourceHash } from './lib.mjs'
import { buildOfflineAssets } from './pwa.mjs'

const started = Date.now()
const hash = sourceHash()

const webCode = await run(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
  cwd: join(root, 'apps/web'),
  env: { ...process.env, NODE_ENV: 'production' },
})
if (webCode !== 0) process.exit(webCode)

// The app icons and the service worker (docs/decisions/0033-offline-and-install.md).
const offline = await buildOfflineAssets(join(root, 'apps/web/build/client'))

// Brotli at its best level once, here, instead of on every request.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/
let compressed = 0
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) precompress(path)
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size > 1024) {
      const content = readFileSync(path)
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
      compressed++
    }
  }
}
precompress(join(root, 'apps/web/build/client'))

// The server and the workspace packages it imports (TypeScript sources) become one ES module; npm packages stay
// in node_modules, so the server and the web build share one copy of React Router.
await build({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile: serverBundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'workspace-packages',
      setup(b) {
        // packages/<name>/src/<path>.ts, or a runnable workspace in apps/ (the payment simulators) and its index.
        b.onResolve({ filter: /^@soko\// }, (args) => {
          const [, pkg, ...rest] = args.path.split('/')
          const file = rest.length === 0 ? 'index' : rest.join('/')
          const inPackages = join(root, 'packages', pkg, 'src', `${file}.ts`)
          return { path: existsSync(inPackages) ? inPackages : join(root, 'apps', pkg, 'src', `${file}.ts`) }
        })
      },
    },
  ],
})

mkdirSync(join(root, 'apps/server/dist'), { recursive: true })
writeFileSync(buildHashFile, `${hash}\n`)
console.log(
  `Built web app (${compressed} assets pre-compressed, ${offline.precached} precached for offline use) and server in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
