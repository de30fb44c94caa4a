import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  BUDGET,
  blockingStylesheets,
  cardImageFaults,
  checkPage,
  entryScripts,
  firstLoadJs,
  formatTable,
  narrowestCandidate,
  staticImports,
  tagsIn,
} from './weight-budget.mjs'

const card = (attrs) => `<img class="product-card__image" ${attrs}/>`
const goodCard = (loading = 'lazy') =>
  card(`src="/t.webp" srcSet="/t.webp 200w, /m.webp 600w" sizes="220px" loading="${loading}"`)

describe('weight budget', () => {
  it('reads attributes, quoted or not, valueless ones included', () => {
    const [tag] = tagsIn(`<link rel=modulepreload href="/assets/a.js" async data-x='y'/>`, 'link')
    expect(Object.fromEntries(tag)).toEqual({ rel: 'modulepreload', href: '/assets/a.js', async: '', 'data-x': 'y' })
  })

  it('finds the scripts a page loads up front: preloads, script src and inline module imports', () => {
    const html = [
      '<link rel="modulepreload" href="/assets/entry.js"/>',
      '<link rel="stylesheet" href="/assets/style.css"/>',
      '<script src="/assets/legacy.js"></script>',
      '<script type="module">import * as route0 from "/assets/root.js"; import("/assets/later.js")</script>',
    ].join('')
    expect([...entryScripts(html)].sort()).toEqual(['/assets/entry.js', '/assets/legacy.js', '/assets/root.js'])
  })

  it('follows static imports but not dynamic ones', () => {
    const code = 'import{a}from"./b.js";import"./c.js";export{d}from"./d.js";const e=()=>import("./e.js")'
    expect([...staticImports('/assets/a.js', code)].sort()).toEqual(['/assets/b.js', '/assets/c.js', '/assets/d.js'])
  })

  it('sums each file once, gzipped', () => {
    const files = {
      '/assets/entry.js': 'import"./shared.js";import"./other.js";',
      '/assets/other.js': 'import"./shared.js";',
      '/assets/shared.js': 'x'.repeat(5000),
    }
    const js = firstLoadJs('<link rel="modulepreload" href="/assets/entry.js">', (f) => Buffer.from(files[f]))
    expect(js.files).toBe(3)
    expect(js.gzipBytes).toBeGreaterThan(0)
    expect(js.gzipBytes).toBeLessThan(5000)
  })

  it('counts render-blocking stylesheets only', () => {
    const html =
      '<link rel="stylesheet" href="/a.css"><link rel="stylesheet" media="print" href="/p.css">' +
      '<link rel="preload" as="style" href="/b.css"><style>.x{}</style>'
    expect(blockingStylesheets(html)).toEqual(['/a.css'])
  })

  it('takes the narrowest srcset candidate', () => {
    expect(narrowestCandidate('/m.webp 600w, /t.webp 200w')).toBe(200)
    expect(narrowestCandidate('/a.webp 1x, /b.webp 2x')).toBeNull()
    expect(narrowestCandidate(undefined)).toBeNull()
  })

  it('wants card images responsive, and lazy after the first row', () => {
    const firstRow = Array.from({ length: BUDGET.eagerCardImages }, () => goodCard('eager')).join('')
    expect(cardImageFaults(firstRow + goodCard()).faults).toEqual([])
    expect(cardImageFaults(firstRow + goodCard('eager')).faults).toEqual([
      '1 card image(s) below the first row not loading="lazy"',
    ])
    expect(cardImageFaults(card('src="/o.webp" srcSet="/m.webp 600w, /o.webp 1200w" sizes="220px"')).faults).toEqual([
      '1 card image(s) without srcset/sizes offering ≤ 400w',
    ])
    // Other pictures (a banner) are not cards.
    expect(cardImageFaults('<img class="hero-slide__image" src="/big.webp">').count).toBe(0)
  })

  it('fails a page over budget and prints a table', () => {
    // Random bytes do not compress: 200 KB of them are over any budget.
    const big = randomBytes(200_000)
    const html =
      '<link rel="modulepreload" href="/assets/big.js"><link rel="stylesheet" href="/a.css"><link rel="stylesheet" href="/b.css">'
    const rows = checkPage({ name: 'home' }, html, () => big)
    expect(rows.map((r) => [r.check, r.ok])).toEqual([
      ['first-load JS (gzip)', false],
      ['HTML (gzip)', true],
      ['blocking stylesheets', false],
      ['card images', true],
    ])
    const table = formatTable(rows)
    expect(table.split('\n')[0]).toMatch(/page\s+check\s+measured\s+budget/)
    expect(table).toContain('✗  home')
  })
})
