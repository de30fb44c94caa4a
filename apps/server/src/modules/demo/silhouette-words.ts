// Which object a demo picture shows, from the words of its title (English and Swahili product names).

export type Silhouette =
  | 'phone'
  | 'laptop'
  | 'tv'
  | 'shirt'
  | 'dress'
  | 'fabric'
  | 'shoe'
  | 'pot'
  | 'sack'
  | 'bottle'
  | 'book'
  | 'ball'
  | 'plant'
  | 'baby'
  | 'box'

const KEYWORDS: Record<Exclude<Silhouette, 'box'>, readonly string[]> = {
  phone: [
    'phone',
    'smartphone',
    'iphone',
    'simu',
    'mobile',
    'tablet',
    'ipad',
    'tecno',
    'infinix',
    'itel',
    'samsung',
    'galaxy',
    'redmi',
    'xiaomi',
    'oppo',
    'nokia',
    'pixel',
  ],
  laptop: [
    'laptop',
    'computer',
    'macbook',
    'chromebook',
    'pc',
    'desktop',
    'electronic',
    'electronics',
    'speaker',
    'radio',
    'headphone',
    'earphone',
    'microphone',
    'router',
    'printer',
    'keyboard',
    'charger',
    'gadget',
  ],
  tv: ['tv', 'television', 'monitor', 'screen', 'smart-tv', 'projector', 'decoder'],
  shirt: ['shirt', 'tshirt', 't-shirt', 'tee', 'blouse', 'jacket', 'hoodie', 'sweater', 'polo', 'nguo', 'clothing'],
  dress: ['dress', 'kitenge', 'chitenge', 'ankara', 'skirt', 'gown', 'fashion', 'maxi'],
  fabric: [
    'kikoy',
    'kanga',
    'khanga',
    'leso',
    'fabric',
    'cloth',
    'textile',
    'shuka',
    'scarf',
    'wrap',
    'sarong',
    'towel',
  ],
  shoe: ['shoe', 'sneaker', 'trainer', 'boot', 'sandal', 'akala', 'viatu', 'footwear', 'heel', 'loafer', 'slipper'],
  pot: [
    'pot',
    'sufuria',
    'jiko',
    'cooker',
    'pan',
    'cookware',
    'kitchen',
    'kettle',
    'stove',
    'saucepan',
    'wok',
    'teapot',
  ],
  sack: [
    'bag',
    'sack',
    'flour',
    'unga',
    'rice',
    'mchele',
    'maize',
    'mahindi',
    'sugar',
    'sukari',
    'beans',
    'maharagwe',
    'grain',
    'grocery',
    'groceries',
    'food',
    'wheat',
    'ngano',
    'kiondo',
    'charcoal',
    'makaa',
  ],
  bottle: [
    'bottle',
    'oil',
    'mafuta',
    'lotion',
    'shampoo',
    'perfume',
    'cream',
    'juice',
    'water',
    'soap',
    'sanitiser',
    'sanitizer',
    'beauty',
    'cosmetic',
    'cosmetics',
    'health',
    'drink',
    'beverage',
    'sauce',
    'honey',
  ],
  book: ['book', 'kitabu', 'vitabu', 'novel', 'textbook', 'notebook', 'dictionary', 'stationery', 'magazine', 'bible'],
  ball: [
    'ball',
    'football',
    'mpira',
    'sport',
    'sports',
    'soccer',
    'basketball',
    'volleyball',
    'rugby',
    'netball',
    'gym',
  ],
  plant: [
    'plant',
    'seed',
    'mbegu',
    'fertiliser',
    'fertilizer',
    'mbolea',
    'seedling',
    'garden',
    'farm',
    'farming',
    'agriculture',
    'agri',
    'agrovet',
    'herb',
    'tree',
    'flower',
  ],
  baby: ['baby', 'mtoto', 'toddler', 'infant', 'diaper', 'nappy', 'pram', 'stroller', 'kid', 'kids', 'toy', 'watoto'],
}

const KEYWORD_INDEX: ReadonlyMap<string, Silhouette> = new Map(
  Object.entries(KEYWORDS).flatMap(([silhouette, words]) => words.map((word) => [word, silhouette as Silhouette])),
)

/** Compound words like "smartphone", "headphones" or "tablecloth" are recognised by their ending. */
const SUFFIXES: readonly (readonly [string, Silhouette])[] = [
  ['phone', 'phone'],
  ['phones', 'laptop'],
  ['shirt', 'shirt'],
  ['dress', 'dress'],
  ['cloth', 'fabric'],
  ['shoe', 'shoe'],
  ['shoes', 'shoe'],
  ['book', 'book'],
  ['ball', 'ball'],
  ['bag', 'sack'],
  ['bottle', 'bottle'],
]

function matchWord(word: string): Silhouette | undefined {
  const candidates = [word]
  if (word.endsWith('es')) candidates.push(word.slice(0, -2))
  if (word.endsWith('s')) candidates.push(word.slice(0, -1))
  for (const candidate of candidates) {
    const found = KEYWORD_INDEX.get(candidate)
    if (found !== undefined) return found
  }
  for (const [suffix, silhouette] of SUFFIXES) {
    if (word.length > suffix.length && word.endsWith(suffix)) return silhouette
  }
  return undefined
}

/** Swahili associative particles ("unga wa ngano", "jiko la makaa"): the noun before them is the head. */
const SWAHILI_OF = new Set(['wa', 'ya', 'la', 'cha', 'vya', 'za', 'kwa'])

/**
 * Picks the silhouette drawn for a title. English names put the noun that says what the thing is last ("rice cooker"
 * is a pot, "baby lotion" a bottle), so words are read from the end; Swahili names put it first ("jiko la makaa" is a
 * stove), so with an associative particle the words before it are read first.
 */
export function pickSilhouette(title: string): Silhouette {
  const words = title.toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g) ?? []
  const particle = words.findIndex((word, index) => index > 0 && SWAHILI_OF.has(word))
  const ordered = particle === -1 ? words : [...words.slice(particle + 1), ...words.slice(0, particle)]
  for (let i = ordered.length - 1; i >= 0; i--) {
    const word = ordered[i]
    if (word === undefined) continue
    const found = matchWord(word) ?? (word.includes('-') ? matchHyphenated(word) : undefined)
    if (found !== undefined) return found
  }
  return 'box'
}

function matchHyphenated(word: string): Silhouette | undefined {
  const parts = word.split('-')
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]
    const found = part === undefined || part === '' ? undefined : matchWord(part)
    if (found !== undefined) return found
  }
  return undefined
}
