import { describe, expect, it } from 'vitest'
import {
  normaliseText,
  phraseQuery,
  type Synonym,
  segment,
  synonymIndex,
  synonymQueries,
  termsStartingWith,
} from './synonyms.ts'

const synonym = (term: string, termLexemes: (string | null)[], ...expansions: [string, (string | null)[]][]) =>
  ({ term, termLexemes, expansions: expansions.map(([text, lexemes]) => ({ text, lexemes })) }) satisfies Synonym

const INDEX = synonymIndex([
  synonym('unga', ['unga'], ['flour', ['flour']], ['maize meal', ['maiz', 'meal']]),
  synonym('unga wa ngano', ['unga', 'wa', 'ngano'], ['wheat flour', ['wheat', 'flour']]),
  synonym('mafuta', ['mafuta'], ['oil', ['oil']]),
  synonym('mafuta ya kupikia', ['mafuta', 'ya', 'kupikia'], ['cooking oil', ['cook', 'oil']]),
  synonym('sukari', ['sukari'], ['sugar', ['sugar']]),
  synonym('sufuria', ['sufuria'], ['sufuria', ['sufuria']], ['cooking pot', ['cook', 'pot']]),
  synonym('kikombe', ['kikomb'], ['cup of tea', ['cup', null, 'tea']]),
])

describe('segment', () => {
  it.each([
    ['one term', 'sukari', [['sukari', true]]],
    ['a plain word', 'samsung', [['samsung', false]]],
    [
      'the longest run first',
      'unga wa ngano 2kg',
      [
        ['unga wa ngano', true],
        ['2kg', false],
      ],
    ],
    [
      'a shorter term when the long one is not all there',
      'unga wa',
      [
        ['unga', true],
        ['wa', false],
      ],
    ],
    [
      'terms among plain words',
      'jogoo unga mafuta ya kupikia 5l',
      [
        ['jogoo', false],
        ['unga', true],
        ['mafuta ya kupikia', true],
        ['5l', false],
      ],
    ],
    ['nothing', '', []],
  ])('%s: %s', (_, text, expected) => {
    const words = text === '' ? [] : text.split(' ')
    const runs = segment(words, INDEX).map((run) => [words.slice(run.start, run.end).join(' '), run.synonym !== null])
    expect(runs).toEqual(expected)
  })
})

describe('phraseQuery', () => {
  it.each([
    [['sugar'], '', "'sugar'"],
    [['sugar'], 'A', "'sugar':A"],
    [['cook', 'oil'], 'B', "('cook':B <-> 'oil':B)"],
    [['cup', null, 'tea'], '', "('cup' <2> 'tea')"],
    [[null, 'tea'], '', "'tea'"],
    [[null], '', null],
    [["o'brien"], '', null],
  ] as const)('%j %s -> %s', (lexemes, weights, expected) => {
    expect(phraseQuery([...lexemes], weights)).toBe(expected)
  })
})

describe('synonymQueries', () => {
  it('matches the term or its meanings, and its meanings alone for the exact bonus', () => {
    const unga = INDEX.byTerm.get('unga')
    if (!unga) throw new Error('unga')
    expect(synonymQueries(unga)).toEqual({
      any: "('unga' | 'flour' | ('maiz' <-> 'meal'))",
      inName: "('unga':A | 'flour':A | ('maiz':A <-> 'meal':A))",
      inContext: "('unga':B | 'flour':B | ('maiz':B <-> 'meal':B))",
      meaning: "('flour' | ('maiz' <-> 'meal'))",
    })
  })

  it('lists a meaning that is the term itself once', () => {
    const sufuria = INDEX.byTerm.get('sufuria')
    if (!sufuria) throw new Error('sufuria')
    expect(synonymQueries(sufuria)?.any).toBe("('sufuria' | ('cook' <-> 'pot'))")
  })

  it('has nothing to match when no phrase has a stem', () => {
    expect(synonymQueries(synonym('the', [null], ['of', [null]]))).toBeNull()
  })
})

describe('termsStartingWith', () => {
  it.each([
    ['suka', ['sukari']],
    ['sukari', ['sukari']],
    ['unga', ['unga', 'unga wa ngano']],
    ['mafuta ya', ['mafuta ya kupikia']],
    ['su', []],
    ['xyz', []],
    ['', []],
  ])('%s', (typed, expected) => {
    expect(termsStartingWith(typed, INDEX, 2).map((s) => s.term)).toEqual(expected)
  })
})

describe('normaliseText', () => {
  it.each([
    ['  MAFUTA  ya Kupíkia! ', 'mafuta ya kupikia'],
    ["Ng'ombe", 'ng ombe'],
    ['Crème Brûlée, 2kg', 'creme brulee 2kg'],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(normaliseText(text)).toBe(expected)
  })
})
