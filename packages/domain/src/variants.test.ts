import { describe, expect, it } from 'vitest'
import {
  familyNameOf,
  optionNamesFrom,
  optionNamesProblem,
  optionValuesProblem,
  type PickerVariant,
  variantName,
  variantPicker,
} from './variants.ts'

describe('variantName and familyNameOf', () => {
  it.each([
    ['Kikoy Shirt', ['Sand', 'M'], 'Kikoy Shirt (Sand, M)'],
    ['Bata Boots', ['42'], 'Bata Boots (42)'],
    ['Plain Mug', [], 'Plain Mug'],
  ])('%s with %j is %s', (family, values, name) => {
    expect(variantName(family, values)).toBe(name)
    expect(familyNameOf(name, values)).toBe(family)
  })

  it.each([
    ['Kikoy Shirt (Sand) (M)', ['Sand', 'M'], 'Kikoy Shirt'],
    ['Kikoy Shirt (Sand, M)', ['Sand', 'M'], 'Kikoy Shirt'],
    ['Kikoy Shirt', ['Sand', 'M'], 'Kikoy Shirt'],
    ['  Kikoy Shirt (Sand)  ', ['Sand'], 'Kikoy Shirt'],
    ['(Sand)', ['Sand'], '(Sand)'],
    ['Kikoy Shirt (Blue)', ['Sand'], 'Kikoy Shirt (Blue)'],
  ])('the family of %s with %j is %s', (name, values, family) => {
    expect(familyNameOf(name, values)).toBe(family)
  })
})

describe('option names', () => {
  it.each([
    ['Size', ['Size'], null],
    [' Colour ,  Size ', ['Colour', 'Size'], null],
    ['', [], 'Name at least one option, such as Size or Colour'],
    ['Size, , Colour', ['Size', 'Colour'], null],
    ['A, B, C, D', ['A', 'B', 'C', 'D'], 'A product can have at most 3 options'],
    ['Size, size', ['Size', 'size'], 'Each option needs a different name'],
    ['x'.repeat(41), ['x'.repeat(41)], 'An option name can be at most 40 characters'],
  ])('%j reads as %j: %s', (input, names, problem) => {
    expect(optionNamesFrom(input)).toEqual(names)
    expect(optionNamesProblem(names)).toBe(problem)
  })
})

describe('optionValuesProblem', () => {
  const names = ['Colour', 'Size']
  const taken = [
    ['Sand', 'M'],
    ['Sand', 'L'],
  ]
  it.each([
    [['Blue', 'M'], null],
    [['Sand', 'XL'], null],
    [['Sand'], 'Give a value for each option: Colour, Size'],
    [['Sand', ' '], 'Give a value for each option: Colour, Size'],
    [['Sand', 'M', 'x'], 'Give a value for each option: Colour, Size'],
    [['sand', ' m '], 'This product already has a variant sand, m'],
    [['Sand', 'y'.repeat(41)], 'An option value can be at most 40 characters'],
  ])('%j: %s', (values, problem) => {
    expect(optionValuesProblem(names, values, taken)).toBe(problem)
  })

  it('stops at 100 variants', () => {
    const many = Array.from({ length: 100 }, (_, i) => ['c', String(i)])
    expect(optionValuesProblem(names, ['new', 'one'], many)).toBe('A product can have at most 100 variants')
  })
})

describe('variantPicker', () => {
  // Sand in M and L, Blue in M only (sold out); no Blue L.
  const sandM: PickerVariant = { slug: 'shirt-sand-m', values: ['Sand', 'M'], inStock: true }
  const sandL: PickerVariant = { slug: 'shirt-sand-l', values: ['Sand', 'L'], inStock: true }
  const blueM: PickerVariant = { slug: 'shirt-blue-m', values: ['Blue', 'M'], inStock: false }
  const variants = [sandM, sandL, blueM]

  it('from Sand M: the current values selected, the others swapped in where they exist', () => {
    expect(variantPicker(['Colour', 'Size'], variants, sandM)).toEqual([
      {
        name: 'Colour',
        values: [
          { value: 'Sand', slug: 'shirt-sand-m', selected: true, state: 'available' },
          { value: 'Blue', slug: 'shirt-blue-m', selected: false, state: 'out_of_stock' },
        ],
      },
      {
        name: 'Size',
        values: [
          { value: 'M', slug: 'shirt-sand-m', selected: true, state: 'available' },
          { value: 'L', slug: 'shirt-sand-l', selected: false, state: 'available' },
        ],
      },
    ])
  })

  it('from Sand L: Blue exists only in M, so choosing it opens Blue M', () => {
    const [colour] = variantPicker(['Colour', 'Size'], variants, sandL)
    expect(colour?.values[1]).toEqual({
      value: 'Blue',
      slug: 'shirt-blue-m',
      selected: false,
      state: 'other_combination',
    })
  })

  it('from Blue M: L exists only in Sand, so choosing it opens Sand L', () => {
    const [colour, size] = variantPicker(['Colour', 'Size'], variants, blueM)
    expect(colour?.values.map((v) => [v.value, v.selected, v.state])).toEqual([
      ['Sand', false, 'available'],
      ['Blue', true, 'out_of_stock'],
    ])
    expect(size?.values[1]).toEqual({ value: 'L', slug: 'shirt-sand-l', selected: false, state: 'other_combination' })
  })

  it('prefers a variant in stock among equally near ones', () => {
    const a: PickerVariant = { slug: 'a', values: ['Red', 'S', 'Cotton'], inStock: true }
    const b: PickerVariant = { slug: 'b', values: ['Green', 'M', 'Linen'], inStock: false }
    const c: PickerVariant = { slug: 'c', values: ['Green', 'L', 'Silk'], inStock: true }
    const [colour] = variantPicker(['Colour', 'Size', 'Fabric'], [a, b, c], a)
    expect(colour?.values[1]).toEqual({ value: 'Green', slug: 'c', selected: false, state: 'other_combination' })
  })

  it('one option: each value is its own variant', () => {
    const small: PickerVariant = { slug: 'boots-41', values: ['41'], inStock: true }
    const big: PickerVariant = { slug: 'boots-42', values: ['42'], inStock: false }
    expect(variantPicker(['Size'], [small, big], small)).toEqual([
      {
        name: 'Size',
        values: [
          { value: '41', slug: 'boots-41', selected: true, state: 'available' },
          { value: '42', slug: 'boots-42', selected: false, state: 'out_of_stock' },
        ],
      },
    ])
  })
})
