/** The longest slug made from a name (the columns hold more; a name can run to 200 characters). */
export const SLUG_MAX = 80

/**
 * The slug a name makes, for shops, products and categories alike: lowercase a-z, 0-9 and single hyphens, accents
 * dropped, apostrophes left out, `&` read as "and" and `+` as "plus", at most 80 characters; '' when nothing is
 * left. "Mama Mboga's Fresh & Green" → "mama-mbogas-fresh-and-green".
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
}
