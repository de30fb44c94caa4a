// Kenyan words in searches (docs/decisions/0030-search-synonyms.md): which runs of a text's words are terms of the
// synonyms table, and the tsquery texts of a term and its English meanings. Pure: the service loads the table and
// caches it.

/** The most words a term may have (the admin form refuses longer ones). */
export const TERM_WORDS_MAX = 4

/** A phrase as the document's index knows it: the English stem of each word in order, null for a stop word. */
export type Lexemes = (string | null)[]

export interface Synonym {
  /** Normalised (as soko_search_text): lower-case ASCII words separated by single spaces. */
  term: string
  termLexemes: Lexemes
  /** The English words and phrases the term means, normalised, with their stems. */
  expansions: { text: string; lexemes: Lexemes }[]
}

/** The synonyms by term, and their terms in order for prefix look-ups (suggestions). */
export interface SynonymIndex {
  byTerm: Map<string, Synonym>
  terms: string[]
}

export function synonymIndex(synonyms: Synonym[]): SynonymIndex {
  const byTerm = new Map(synonyms.map((synonym) => [synonym.term, synonym]))
  return { byTerm, terms: [...byTerm.keys()].sort() }
}

/** A run of a text's words: words[start] up to (not including) words[end], a synonym's term or one plain word. */
export interface Segment {
  start: number
  end: number
  synonym: Synonym | null
}

/**
 * The text's words cut into runs, left to right, each the longest run of words (up to TERM_WORDS_MAX) that is a
 * term, else one plain word: 'mafuta ya kupikia 5l' is the term 'mafuta ya kupikia' and the word '5l'.
 */
export function segment(words: string[], index: SynonymIndex): Segment[] {
  const segments: Segment[] = []
  let start = 0
  while (start < words.length) {
    let found: Segment | null = null
    for (let end = Math.min(words.length, start + TERM_WORDS_MAX); end > start && found === null; end--) {
      const synonym = index.byTerm.get(words.slice(start, end).join(' '))
      if (synonym !== undefined) found = { start, end, synonym }
    }
    const next = found ?? { start, end: start + 1, synonym: null }
    segments.push(next)
    start = next.end
  }
  return segments
}

/**
 * A phrase as a tsquery text, each stem restricted to `weights` ('' for anywhere): 'cooking oil' is
 * `'cook':A <-> 'oil':A`, and a stop word in it leaves a gap ('cup of tea': `'cup' <2> 'tea'`). Null when it has no
 * stem the index could hold (only stop words, or a stem that is not a plain lexeme).
 */
export function phraseQuery(lexemes: Lexemes, weights: string): string | null {
  const parts: string[] = []
  let gap = 1
  for (const lexeme of lexemes) {
    if (lexeme === null) {
      if (parts.length > 0) gap++
      continue
    }
    if (!/^[a-z0-9]+$/.test(lexeme)) return null
    const operand = `'${lexeme}'${weights === '' ? '' : `:${weights}`}`
    parts.push(parts.length === 0 ? operand : `<${gap === 1 ? '-' : gap}> ${operand}`)
    gap = 1
  }
  if (parts.length === 0) return null
  return parts.length === 1 ? (parts[0] ?? null) : `(${parts.join(' ')})`
}

/**
 * A term's word query texts: the term itself or any of its meanings (`any`, and restricted to the name `A` or the
 * context `B`), and its meanings alone (`meaning`), which score one more: a Kiswahili word written in a name is more
 * often a brand or a variety ("Unga Farm Care" feeds, "Watermelon Sukari" seeds) than what the shopper meant.
 */
export function synonymQueries(
  synonym: Synonym,
): { any: string; inName: string; inContext: string; meaning: string | null } | null {
  const phrases = [synonym.termLexemes, ...synonym.expansions.map((expansion) => expansion.lexemes)]
  const render = (weights: string) => {
    const texts = [...new Set(phrases.flatMap((lexemes) => phraseQuery(lexemes, weights) ?? []))]
    return texts.length === 0 ? null : `(${texts.join(' | ')})`
  }
  const any = render('')
  const inName = render('A')
  const inContext = render('B')
  if (any === null || inName === null || inContext === null) return null
  const meanings = [...new Set(synonym.expansions.flatMap((expansion) => phraseQuery(expansion.lexemes, '') ?? []))]
  return { any, inName, inContext, meaning: meanings.length === 0 ? null : `(${meanings.join(' | ')})` }
}

/**
 * Synonyms whose term begins with the typed text (normalised), for suggestions: the term itself first, then the
 * shortest. Only for 3 characters or more unless the text is a whole term ('ch' would be chai, chaja, chumvi...).
 */
export function termsStartingWith(typed: string, index: SynonymIndex, limit: number): Synonym[] {
  if (typed === '') return []
  const exact = index.byTerm.get(typed)
  if (typed.length < 3) return exact ? [exact] : []
  const found: Synonym[] = []
  for (const term of index.terms) {
    if (term.startsWith(typed) && term !== typed) {
      const synonym = index.byTerm.get(term)
      if (synonym) found.push(synonym)
    }
  }
  found.sort((x, y) => x.term.length - y.term.length || (x.term < y.term ? -1 : 1))
  return [...(exact ? [exact] : []), ...found].slice(0, limit)
}

/**
 * Text normalised as soko_search_text does it in the database (unaccented, lower-cased, words of ASCII letters and
 * digits separated by single spaces), for matching typed text against terms.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}
