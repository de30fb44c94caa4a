// Page quality figures (`npm run bench:web`): Lighthouse scores (its default config: mobile emulation, simulated
// throttling) and each page's first-load JavaScript, gzipped, against a running production server.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { root } from '../scripts/lib.mjs'
import { BUDGET, firstLoadJs as measureFirstLoadJs } from '../scripts/weight-budget.mjs'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
/** Scores below these are reported with the audits that cost points; best-practices has no target. */
export const TARGETS = { performance: 90, accessibility: 95, seo: 95 }
export const HOME_JS_BUDGET_KB = BUDGET.firstLoadJsKb

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// The machine may have no internet: nothing in Chromium may phone home.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The pages measured: home, a search, and the first trending product of the home API. */
export async function benchPages(base) {
  const response = await fetch(`${base}/api/marketplace/home/`)
  if (!response.ok) throw new Error(`GET /api/marketplace/home/ answered ${response.status}`)
  const slug = (await response.json()).trending_products?.[0]?.slug
  if (!slug) throw new Error('the home API lists no trending product')
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: '/search?q=sufuria' },
    { name: 'product', path: `/product/${encodeURIComponent(slug)}` },
  ]
}

/** A page's first-load JavaScript, counted as the weight budget counts it (scripts/weight-budget.mjs). */
export async function firstLoadJs(base, path) {
  const html = await (await fetch(`${base}${path}`)).text()
  return measureFirstLoadJs(html, (file) => readFileSync(join(root, 'apps/web/build/client', file)))
}

/** A failed audit as a line of the report: its score, title and Lighthouse's own short figure. */
function describeAudit(audit) {
  const score = audit.score === null ? '' : `${Math.round(audit.score * 100)}`.padStart(3)
  return `${score}  ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`
}

/** The audits that cost a category points, heaviest first. */
function failedAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .map((ref) => ({ ...lhr.audits[ref.id], weight: ref.weight }))
    .filter((audit) => audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual')
    .filter((audit) => audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.weight * (1 - b.score) - a.weight * (1 - a.score) || a.score - b.score)
}

/**
 * Runs Lighthouse on each page in one headless Chromium; returns the scores and the failed audits. With
 * `reportDir`, also writes each page's full report there (`<page>.report.html` and `.json`).
 */
export async function benchWeb(base, pages, { reportDir } = {}) {
  if (reportDir) mkdirSync(reportDir, { recursive: true })
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' })
  const results = []
  try {
    for (const page of pages) {
      const js = await firstLoadJs(base, page.path)
      const runnerResult = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      })
      if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${page.path}`)
      const { lhr } = runnerResult
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`)
      if (reportDir) {
        writeFileSync(join(reportDir, `${page.name}.report.html`), runnerResult.report[0])
        writeFileSync(join(reportDir, `${page.name}.report.json`), runnerResult.report[1])
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [
          id,
          lhr.categories[id].score === null ? null : Math.round(lhr.categories[id].score * 100),
        ]),
      )
      const metrics = {
        fcp: lhr.audits['first-contentful-paint'].displayValue,
        lcp: lhr.audits['largest-contentful-paint'].displayValue,
        tbt: lhr.audits['total-blocking-time'].displayValue,
        cls: lhr.audits['cumulative-layout-shift'].displayValue,
      }
      const failed = Object.fromEntries(CATEGORIES.map((id) => [id, failedAudits(lhr, id)]))
      results.push({ ...page, scores, metrics, js, failed })
    }
  } finally {
    chrome.kill()
  }
  return results
}

/** The results as table rows (a header first) and, for each page, the lines explaining the scores under target. */
export function report(results) {
  const mark = (value, target) =>
    value === null ? 'n/a' : target !== undefined && value < target ? `${value} !` : value
  const rows = [['page', 'path', 'perf', 'a11y', 'best-pr.', 'SEO', 'first-load JS (gzip -9)', 'FCP / LCP / TBT / CLS']]
  for (const r of results) {
    const kb = r.js.gzipBytes / 1024
    const overBudget = r.name === 'home' && kb >= HOME_JS_BUDGET_KB ? ' !' : ''
    rows.push([
      r.name,
      r.path.length > 40 ? `${r.path.slice(0, 39)}…` : r.path,
      mark(r.scores.performance, TARGETS.performance),
      mark(r.scores.accessibility, TARGETS.accessibility),
      mark(r.scores['best-practices']),
      mark(r.scores.seo, TARGETS.seo),
      `${kb.toFixed(1)} KB (${r.js.files} files)${overBudget}`,
      `${r.metrics.fcp} / ${r.metrics.lcp} / ${r.metrics.tbt} / ${r.metrics.cls}`,
    ])
  }
  const notes = []
  for (const r of results) {
    for (const id of CATEGORIES) {
      if (r.failed[id].length === 0) continue
      const below = TARGETS[id] !== undefined && r.scores[id] < TARGETS[id]
      notes.push(`${r.name}, ${id} ${r.scores[id]}${below ? ` (target ${TARGETS[id]})` : ''}: failed audits`)
      for (const audit of r.failed[id].slice(0, 10)) notes.push(`  ${describeAudit(audit)}`)
    }
  }
  return { rows, notes }
}
