// Product variants (docs/decisions/0026-product-variants.md): a product with options (Size, Colour...) is a family
// of variants, each a product of its own with one value per option. These are the family's rules: how a variant is
// named, which option values a vendor may give, and what a shopper's option picker offers from where they stand.

/** At most this many options per product (Size, Colour and one more). */
export const MAX_OPTIONS = 3
/** An option's name or value is at most this long: it is shown on a button. */
export const MAX_OPTION_TEXT = 40
/** At most this many variants per product. */
export const MAX_VARIANTS = 100

/** "Kikoy Shirt" with Sand and M: "Kikoy Shirt (Sand, M)", the name a cart line, an order and a receipt show. */
export function variantName(familyName: string, values: readonly string[]): string {
  return values.length === 0 ? familyName : `${familyName} (${values.join(', ')})`
}

/**
 * The family's name in a variant's name: without its values' brackets, whichever way they were written ("(Sand, M)"
 * or "(Sand) (M)", as a catalogue that sold copies per size named them). A name without them is the family's name.
 */
export function familyNameOf(name: string, values: readonly string[]): string {
  const trimmed = name.trim()
  if (values.length === 0) return trimmed
  for (const suffix of [` (${values.join(', ')})`, values.map((value) => ` (${value})`).join('')]) {
    if (trimmed.endsWith(suffix) && trimmed.length > suffix.length) return trimmed.slice(0, -suffix.length).trim()
  }
  return trimmed
}

const clean = (text: string) => text.trim().replace(/\s+/g, ' ')

/** Option names as a vendor typed them ("Size, Colour" or a list): trimmed, empty ones dropped. */
export function optionNamesFrom(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input
  return parts.map(clean).filter((part) => part !== '')
}

/** Why these option names cannot be a product's options, or null. */
export function optionNamesProblem(names: readonly string[]): string | null {
  if (names.length === 0) return 'Name at least one option, such as Size or Colour'
  if (names.length > MAX_OPTIONS) return `A product can have at most ${MAX_OPTIONS} options`
  if (names.some((name) => name.length > MAX_OPTION_TEXT)) {
    return `An option name can be at most ${MAX_OPTION_TEXT} characters`
  }
  const seen = new Set(names.map((name) => name.toLowerCase()))
  if (seen.size !== names.length) return 'Each option needs a different name'
  return null
}

/**
 * Why `values` cannot be a new variant's values in a family with `optionNames` whose variants already have `taken`,
 * or null. One value per option, none empty or too long, and not the values of a variant the family already has
 * (compared without regard to case: "m" and "M" are one size).
 */
export function optionValuesProblem(
  optionNames: readonly string[],
  values: readonly string[],
  taken: readonly (readonly string[])[],
): string | null {
  if (values.length !== optionNames.length || values.some((value) => clean(value) === '')) {
    return `Give a value for each option: ${optionNames.join(', ')}`
  }
  if (values.some((value) => clean(value).length > MAX_OPTION_TEXT)) {
    return `An option value can be at most ${MAX_OPTION_TEXT} characters`
  }
  const key = (list: readonly string[]) => list.map((value) => clean(value).toLowerCase()).join('\u001f')
  if (taken.some((other) => key(other) === key(values))) {
    return `This product already has a variant ${values.map(clean).join(', ')}`
  }
  if (taken.length >= MAX_VARIANTS) return `A product can have at most ${MAX_VARIANTS} variants`
  return null
}

/** A variant as the picker sees it. */
export interface PickerVariant {
  slug: string
  values: readonly string[]
  inStock: boolean
}

/** One value of one option on the picker: where choosing it leads, and how it is shown. */
export interface PickerValue {
  value: string
  /** The variant choosing it opens: the current values with this one swapped in, else the nearest in stock. */
  slug: string
  selected: boolean
  /**
   * `available`: the variant with the current other values and this one can be bought. `out_of_stock`: it exists
   * but is sold out. `other_combination`: no variant has this value with the current other values; choosing it
   * opens one that has it (and changes another option).
   */
  state: 'available' | 'out_of_stock' | 'other_combination'
}

export interface PickerOption {
  name: string
  values: PickerValue[]
}

/**
 * The option picker of a product page showing `current`: each option's values in the order they first appear among
 * the variants, each leading to a variant. Swapping one value keeps the others when such a variant exists; when
 * none does, the variant with that value that shares most of the current values (in stock first) is opened.
 */
export function variantPicker(
  optionNames: readonly string[],
  variants: readonly PickerVariant[],
  current: PickerVariant,
): PickerOption[] {
  return optionNames.map((name, index) => {
    const values: string[] = []
    for (const variant of variants) {
      const value = variant.values[index]
      if (value !== undefined && !values.includes(value)) values.push(value)
    }
    return {
      name,
      values: values.map((value): PickerValue => {
        const wanted = current.values.map((own, i) => (i === index ? value : own))
        const exact = variants.find((variant) => sameValues(variant.values, wanted))
        if (exact) {
          return {
            value,
            slug: exact.slug,
            selected: exact.slug === current.slug,
            state: exact.inStock ? 'available' : 'out_of_stock',
          }
        }
        const nearest = variants
          .filter((variant) => variant.values[index] === value)
          .map((variant) => ({ variant, shared: sharedValues(variant.values, wanted) }))
          .sort((a, b) => b.shared - a.shared || Number(b.variant.inStock) - Number(a.variant.inStock))[0]
        return { value, slug: nearest?.variant.slug ?? current.slug, selected: false, state: 'other_combination' }
      }),
    }
  })
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

function sharedValues(a: readonly string[], b: readonly string[]): number {
  return a.reduce((count, value, i) => count + (value === b[i] ? 1 : 0), 0)
}
