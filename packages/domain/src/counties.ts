/** One of Kenya's 47 counties: its code in the Constitution's First Schedule (1-47), name and ISO 3166-2 code. */
export interface County {
  code: number
  name: string
  iso: string
}

/**
 * Kenya's 47 counties in the order of their official codes (001 Mombasa ... 047 Nairobi). Names are spelled as the
 * counties and IEBC commonly write them (the First Schedule's "Taita/Taveta", "Elgeyo/Marakwet" and "Nairobi City"
 * are accepted as other spellings by `findCounty`). The ISO 3166-2:KE codes use alphabetical numbering instead.
 */
export const KENYA_COUNTIES: readonly County[] = [
  { code: 1, name: 'Mombasa', iso: 'KE-28' },
  { code: 2, name: 'Kwale', iso: 'KE-19' },
  { code: 3, name: 'Kilifi', iso: 'KE-14' },
  { code: 4, name: 'Tana River', iso: 'KE-40' },
  { code: 5, name: 'Lamu', iso: 'KE-21' },
  { code: 6, name: 'Taita-Taveta', iso: 'KE-39' },
  { code: 7, name: 'Garissa', iso: 'KE-07' },
  { code: 8, name: 'Wajir', iso: 'KE-46' },
  { code: 9, name: 'Mandera', iso: 'KE-24' },
  { code: 10, name: 'Marsabit', iso: 'KE-25' },
  { code: 11, name: 'Isiolo', iso: 'KE-09' },
  { code: 12, name: 'Meru', iso: 'KE-26' },
  { code: 13, name: 'Tharaka-Nithi', iso: 'KE-41' },
  { code: 14, name: 'Embu', iso: 'KE-06' },
  { code: 15, name: 'Kitui', iso: 'KE-18' },
  { code: 16, name: 'Machakos', iso: 'KE-22' },
  { code: 17, name: 'Makueni', iso: 'KE-23' },
  { code: 18, name: 'Nyandarua', iso: 'KE-35' },
  { code: 19, name: 'Nyeri', iso: 'KE-36' },
  { code: 20, name: 'Kirinyaga', iso: 'KE-15' },
  { code: 21, name: "Murang'a", iso: 'KE-29' },
  { code: 22, name: 'Kiambu', iso: 'KE-13' },
  { code: 23, name: 'Turkana', iso: 'KE-43' },
  { code: 24, name: 'West Pokot', iso: 'KE-47' },
  { code: 25, name: 'Samburu', iso: 'KE-37' },
  { code: 26, name: 'Trans Nzoia', iso: 'KE-42' },
  { code: 27, name: 'Uasin Gishu', iso: 'KE-44' },
  { code: 28, name: 'Elgeyo-Marakwet', iso: 'KE-05' },
  { code: 29, name: 'Nandi', iso: 'KE-32' },
  { code: 30, name: 'Baringo', iso: 'KE-01' },
  { code: 31, name: 'Laikipia', iso: 'KE-20' },
  { code: 32, name: 'Nakuru', iso: 'KE-31' },
  { code: 33, name: 'Narok', iso: 'KE-33' },
  { code: 34, name: 'Kajiado', iso: 'KE-10' },
  { code: 35, name: 'Kericho', iso: 'KE-12' },
  { code: 36, name: 'Bomet', iso: 'KE-02' },
  { code: 37, name: 'Kakamega', iso: 'KE-11' },
  { code: 38, name: 'Vihiga', iso: 'KE-45' },
  { code: 39, name: 'Bungoma', iso: 'KE-03' },
  { code: 40, name: 'Busia', iso: 'KE-04' },
  { code: 41, name: 'Siaya', iso: 'KE-38' },
  { code: 42, name: 'Kisumu', iso: 'KE-17' },
  { code: 43, name: 'Homa Bay', iso: 'KE-08' },
  { code: 44, name: 'Migori', iso: 'KE-27' },
  { code: 45, name: 'Kisii', iso: 'KE-16' },
  { code: 46, name: 'Nyamira', iso: 'KE-34' },
  { code: 47, name: 'Nairobi', iso: 'KE-30' },
]

/** The 47 names, for a select list and for schemas. */
export const COUNTY_NAMES: readonly string[] = KENYA_COUNTIES.map((county) => county.name)

/** Spellings seen in official lists and addresses: "Taita/Taveta", "Murang’a", "Trans-Nzoia", "Nairobi City". */
const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/\bcity\b|\bcounty\b/g, '')
    .replace(/[^a-z]/g, '')

const byKey = new Map(KENYA_COUNTIES.map((county) => [key(county.name), county]))

/** The county a shopper typed, whatever its spelling or case ("nairobi city", "Taita/Taveta"), or null. */
export function findCounty(input: string): County | null {
  const k = key(input)
  return k.length === 0 ? null : (byKey.get(k) ?? null)
}
