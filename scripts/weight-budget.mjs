import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

export const BUDGET = {
  /**
   * First-load JavaScript per page, KB gzipped. The aim is 120 KB on a cheap phone over 3G; React, React Router
   * and TanStack Query alone weigh 120 KB (the `framework` chunk), so until the storefront's pages load without
   * TanStack Query this holds the line above today's pages (home 139, search 144, product 138), where the page
   * benchmark's limit was.
   */
  firstLoadJsKb: 150,
  /** The home page's HTML, KB gzipped. */
  homeHtmlKb: 25,
  /** Render-blocking `<link rel="stylesheet">` per page. */
  stylesheets: 1,
  /** A card image's smallest srcset candidate may be at most this wide. */
  cardImageMaxWidth: 400,
  /** Card images that may load eagerly: the first row on a wide screen. */
  eagerCardImages: 5,
}

const kb = (bytes) => bytes / 1024

/** The tags named `name` in the HTML, each as its lower-cased attributes (valueless attributes map to ''). */
export function tagsIn(html, name) {
  const tags = []
  for (const [tag] of html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))) {
    const attributes = new Map()
    const body = tag.slice(name.length + 1).replace(/\/?>$/, '')
    for (const m of body.matchAll(/([^\s=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '')
    }
    tags.push(attributes)
  }
  return tags
}

const ASSET_JS = /^\/assets\/[^?#"']+\.js$/

/**
 * The scripts the HTML loads up front: module preloads, `<script src>`, and the modules inline module scripts
 * import (React Router's route modules). Dynamic `import()` is not first load.
 */
export function entryScripts(html) {
  const files = new Set()
  for (const link of tagsIn(html, 'link')) {
    const rel = (link.get('rel') ?? '').split(/\s+/)
    const href = link.get('href') ?? ''
    if (rel.includes('modulepreload') && ASSET_JS.test(href)) files.add(href)
  }
  for (const script of tagsIn(html, 'script')) {
    const src = script.get('src') ?? ''
    if (ASSET_JS.test(src)) files.add(src)
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*\btype=["']?module\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, specifier] of body.matchAll(/\bimport\b[^"'()]*?["']([^"']+)["']/g)) {
      if (ASSET_JS.test(specifier)) files.add(specifier)
    }
  }
  return files
}

/** The files a built module imports statically (`import … from "./x.js"`, `import "./x.js"`), as /assets/ paths. */
export function staticImports(file, code) {
  const found = new Set()
  for (const [, specifier] of code.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+\bfrom\s*)?["']([^"']+\.js)["']/g,
  )) {
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      found.add(posix.join(posix.dirname(file), specifier))
    } else if (specifier.startsWith('/assets/')) found.add(specifier)
  }
  return found
}

/**
 * The page's first-load JavaScript: its entry scripts and everything they import statically, with the gzip -9
 * size of each. `read(path)` gives a built asset's content.
 */
export function firstLoadJs(html, read) {
  const seen = new Set()
  const queue = [...entryScripts(html)]
  let gzipBytes = 0
  while (queue.length > 0) {
    const file = queue.shift()
    if (seen.has(file)) continue
    seen.add(file)
    const code = read(file)
    gzipBytes += gzipSync(code, { level: 9 }).length
    for (const next of staticImports(file, code.toString('utf8'))) if (!seen.has(next)) queue.push(next)
  }
  return { files: seen.size, gzipBytes }
}

/** Stylesheet links that block rendering (not `media="print"`, not disabled, not preloads). */
export function blockingStylesheets(html) {
  return tagsIn(html, 'link')
    .filter((link) => (link.get('rel') ?? '').split(/\s+/).includes('stylesheet'))
    .filter((link) => !link.has('disabled') && (link.get('media') ?? 'all') !== 'print')
    .map((link) => link.get('href') ?? '')
}

/** The narrowest `NNNw` candidate of a srcset, or null when it has none. */
export function narrowestCandidate(srcset) {
  const widths = [...(srcset ?? '').matchAll(/\s(\d+)w\s*(?:,|$)/g)].map((m) => Number(m[1]))
  return widths.length > 0 ? Math.min(...widths) : null
}

/** What is wrong with the product card images of a page, one line per kind of fault (empty when nothing). */
export function cardImageFaults(html, budget = BUDGET) {
  const cards = tagsIn(html, 'img').filter((img) =>
    (img.get('class') ?? '').split(/\s+/).includes('product-card__image'),
  )
  const faults = []
  const unsized = cards.filter((img) => {
    const narrowest = narrowestCandidate(img.get('srcset'))
    return !img.get('sizes') || narrowest === null || narrowest > budget.cardImageMaxWidth
  })
  if (unsized.length > 0) {
    faults.push(`${unsized.length} card image(s) without srcset/sizes offering ≤ ${budget.cardImageMaxWidth}w`)
  }
  const eager = cards.slice(budget.eagerCardImages).filter((img) => img.get('loading') !== 'lazy')
  if (eager.length > 0) faults.push(`${eager.length} card image(s) below the first row not loading="lazy"`)
  return { count: cards.length, faults }
}

/** The checks of one page: each a row with its measured value, its limit and whether it passes. */
export function checkPage(page, html, read, budget = BUDGET) {
  const rows = []
  const js = firstLoadJs(html, read)
  rows.push({
    page: page.name,
    check: 'first-load JS (gzip)',
    value: `${kb(js.gzipBytes).toFixed(1)} KB, ${js.files} files`,
    limit: `< ${budget.firstLoadJsKb} KB`,
    ok: kb(js.gzipBytes) < budget.firstLoadJsKb,
  })
  if (page.name === 'home') {
    const htmlGz = gzipSync(html, { level: 9 }).length
    rows.push({
      page: page.name,
      check: 'HTML (gzip)',
      value: `${kb(htmlGz).toFixed(1)} KB`,
      limit: `< ${budget.homeHtmlKb} KB`,
      ok: kb(htmlGz) < budget.homeHtmlKb,
    })
  }
  const sheets = blockingStylesheets(html)
  rows.push({
    page: page.name,
    check: 'blocking stylesheets',
    value: String(sheets.length),
    limit: `≤ ${budget.stylesheets}`,
    ok: sheets.length <= budget.stylesheets,
  })
  const images = cardImageFaults(html, budget)
  rows.push({
    page: page.name,
    check: 'card images',
    value: images.faults.length > 0 ? images.faults.join('; ') : `${images.count} fine`,
    limit: `srcset ≤ ${budget.cardImageMaxWidth}w, lazy after ${budget.eagerCardImages}`,
    ok: images.faults.length === 0,
  })
  return rows
}

/** The rows as a plain-text table, over-budget rows marked. */
export function formatTable(rows) {
  const cells = [
    ['', 'page', 'check', 'measured', 'budget'],
    ...rows.map((r) => [r.ok ? '✓' : '✗', r.page, r.check, r.value, r.limit]),
  ]
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  return cells
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

async function main() {
  const { isBuildCurrent, root, run, serverBundle, startBuiltServer } = await import('./lib.mjs')
  if (!existsSync(serverBundle) || !isBuildCurrent()) {
    const code = await run(process.execPath, ['scripts/build.mjs'])
    if (code !== 0) return code
  }
  const clientDir = join(root, 'apps/web/build/client')
  const read = (path) => readFileSync(join(clientDir, path))

  const { base, stop } = await startBuiltServer('weight')
  try {
    const home = await fetch(`${base}/api/marketplace/home/`)
    if (!home.ok) throw new Error(`GET /api/marketplace/home/ answered ${home.status}`)
    const slug = (await home.json()).trending_products?.[0]?.slug
    if (!slug) throw new Error('the home API lists no trending product')
    const pages = [
      { name: 'home', path: '/' },
      { name: 'search', path: '/search?q=sufuria' },
      { name: 'product', path: `/product/${encodeURIComponent(slug)}` },
    ]
    const rows = []
    for (const page of pages) {
      const response = await fetch(`${base}${page.path}`)
      if (!response.ok) throw new Error(`GET ${page.path} answered ${response.status}`)
      rows.push(...checkPage(page, await response.text(), read))
    }
    console.log(formatTable(rows))
    const over = rows.filter((r) => !r.ok)
    if (over.length > 0) {
      console.error(`\n${over.length} check(s) over budget. See the README, "Performance", for what each one means.`)
      return 1
    }
    console.log('\nEvery page is within its weight budget.')
    return 0
  } finally {
    await stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    },
  )
}
