import { describe, expect, it } from 'vitest'
import { SLUG_MAX, slugFromName } from './slug.ts'

describe('slugFromName', () => {
  it.each([
    ['Mama Mboga Fresh', 'mama-mboga-fresh'],
    ["Mama Mboga's Fresh & Green", 'mama-mbogas-fresh-and-green'],
    ["Nice & Lovely A9+ (Men's)", 'nice-and-lovely-a9-plus-mens'],
    ['Sufuria & Cookware', 'sufuria-and-cookware'],
    ['Sufuria&Cookware', 'sufuria-and-cookware'],
    ['Tom’s Duka', 'toms-duka'],
    ['  Café  Bidhaa!! ', 'cafe-bidhaa'],
    ['Jua Kali -- Crafts', 'jua-kali-crafts'],
    ['Samsung Galaxy A15 (128GB)', 'samsung-galaxy-a15-128gb'],
    ['***', ''],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug)
  })

  it(`keeps at most ${SLUG_MAX} characters and never ends on a hyphen`, () => {
    const slug = slugFromName(`${'a'.repeat(79)} b c`)
    expect(slug).toBe('a'.repeat(79))
    expect(slugFromName('word '.repeat(40)).length).toBeLessThanOrEqual(SLUG_MAX)
    expect(slugFromName('word '.repeat(40))).not.toMatch(/-$/)
  })
})
