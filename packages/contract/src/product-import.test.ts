import { parseCsv } from '@soko/domain/csv'
import { describe, expect, it } from 'vitest'
import { type CategoryLookup, parseAmount, productsCsv, readImportFile } from './product-import.ts'

const lookup: CategoryLookup = (text) => {
  if (text === 'kikoi') return { id: 7 }
  if (text === 'fashion') return { error: 'Choose a category from the list (the most specific one)' }
  return { error: `No category "${text}"` }
}

const HEADER = 'sku,name,description,category,price,compare_at_price,stock,low_stock_threshold,status,image_urls'
const GOOD = 'K-1,Kikoi wrap,Cotton,kikoi,1200,1500,25,5,active,https://example.com/a.jpg|https://example.com/b.jpg'

function one(line: string) {
  const file = readImportFile(`${HEADER}\n${line}\n`, lookup)
  if (!file.ok) throw new Error(file.message)
  return file
}

describe('a line of the import', () => {
  it('reads a good line into the form’s product body', () => {
    const file = one(GOOD)
    expect(file.issues).toEqual([])
    expect(file.rows).toEqual([
      {
        line: 2,
        sku: 'K-1',
        body: {
          name: 'Kikoi wrap',
          description: 'Cotton',
          categoryId: 7,
          price: 1200,
          comparePrice: 1500,
          stockQty: 25,
          lowStockThreshold: 5,
          isActive: true,
        },
        imageUrls: ['https://example.com/a.jpg', 'https://example.com/b.jpg'],
        categoryText: 'kikoi',
        variant: null,
      },
    ])
  })

  it.each([
    [
      'no SKU (always a new product), draft, defaults',
      ',Wrap,,kikoi,"1,200.50",,3,,Draft,',
      {
        sku: null,
        isActive: false,
        price: 1200.5,
        lowStockThreshold: 5,
        comparePrice: null,
      },
    ],
    ['KES before the price', 'K-2,Wrap,,kikoi,KES 800,,3,,,', { price: 800 }],
  ])('%s', (_name, line, expected) => {
    const file = one(line)
    expect(file.issues).toEqual([])
    const row = file.rows[0]
    expect({ sku: row?.sku, ...row?.body }).toMatchObject(expected)
  })

  it.each([
    ['name missing', 'K-1,,,kikoi,1200,,25,,,', 'name', 'Product name is required'],
    [
      'name too long',
      `K-1,${'x'.repeat(201)},,kikoi,1200,,25,,,`,
      'name',
      'Product name must be at most 200 characters',
    ],
    ['category missing', 'K-1,Wrap,,,1200,,25,,,', 'category', 'Category is required'],
    ['category unknown', 'K-1,Wrap,,shoes,1200,,25,,,', 'category', 'No category "shoes"'],
    [
      'category not a leaf',
      'K-1,Wrap,,fashion,1200,,25,,,',
      'category',
      'Choose a category from the list (the most specific one)',
    ],
    ['price missing', 'K-1,Wrap,,kikoi,,,25,,,', 'price', 'Price is required'],
    [
      'price not a number',
      'K-1,Wrap,,kikoi,twelve,,25,,,',
      'price',
      'Price must be a number in KES, e.g. 1500 or 1,499.50',
    ],
    ['price zero', 'K-1,Wrap,,kikoi,0,,25,,,', 'price', 'Price must be more than 0'],
    ['price with three decimals', 'K-1,Wrap,,kikoi,10.555,,25,,,', 'price', 'Price can have at most two decimals'],
    [
      'compare-at not higher',
      'K-1,Wrap,,kikoi,1200,1000,25,,,',
      'compare_at_price',
      'Compare-at price must be higher than the price',
    ],
    ['stock missing', 'K-1,Wrap,,kikoi,1200,,,,,', 'stock', 'Stock is required'],
    ['stock with decimals', 'K-1,Wrap,,kikoi,1200,,2.5,,,', 'stock', 'Stock must be a whole number, e.g. 12'],
    ['stock negative', 'K-1,Wrap,,kikoi,1200,,-3,,,', 'stock', 'Stock must be a whole number, e.g. 12'],
    ['stock too high', 'K-1,Wrap,,kikoi,1200,,2000000,,,', 'stock', 'Stock must be at most 1,000,000'],
    [
      'threshold not a number',
      'K-1,Wrap,,kikoi,1200,,2,few,,',
      'low_stock_threshold',
      'Low-stock threshold must be a whole number, e.g. 12',
    ],
    ['status unknown', 'K-1,Wrap,,kikoi,1200,,2,,hidden,', 'status', 'Status must be active or draft'],
    [
      'SKU with a space',
      'K 1,Wrap,,kikoi,1200,,2,,,',
      'sku',
      'SKU may hold letters, digits and . _ / - only (no spaces), starting with a letter or digit',
    ],
    ['SKU too long', `${'K'.repeat(65)},Wrap,,kikoi,1200,,2,,,`, 'sku', 'SKU must be at most 64 characters'],
    [
      'an image URL that is not a web address',
      'K-1,Wrap,,kikoi,1200,,2,,,ftp://x/a.jpg',
      'image_urls',
      '"ftp://x/a.jpg" is not a web address (http:// or https://)',
    ],
    [
      'nine image URLs',
      `K-1,Wrap,,kikoi,1200,,2,,,${Array.from({ length: 9 }, (_, i) => `https://e.com/${i}.jpg`).join('|')}`,
      'image_urls',
      'A product can have at most 8 images',
    ],
    [
      'more values than columns',
      'K-1,Wrap,,kikoi,1200,,2,,,,extra',
      'line',
      'This line has 11 values but the header has 10 columns: put a value holding a comma in double quotes',
    ],
  ])('%s', (_name, line, field, message) => {
    const file = one(line)
    expect(file.rows).toEqual([])
    expect(file.issues).toContainEqual({ line: 2, field, message })
  })

  it('reports every problem of a line, one per column', () => {
    const file = one('K 1,,,shoes,abc,,x,,maybe,')
    expect(file.issues.map((issue) => issue.field).sort()).toEqual([
      'category',
      'name',
      'price',
      'sku',
      'status',
      'stock',
    ])
  })

  it('reads variants: lines sharing a handle, the first naming the options', () => {
    const text = [
      'sku,name,category,price,stock,handle,option1_name,option1_value,option2_name,option2_value',
      'S-1,Shirt (Sand M),kikoi,100,1,Kikoy-Shirt,Colour,Sand,Size,M',
      'S-2,Shirt (Sand L),kikoi,110,1,kikoy-shirt,,Sand,,L',
      'S-3,Shirt (sand m),kikoi,100,1,kikoy-shirt,,sand,,m',
      'S-4,Shirt,kikoi,100,1,kikoy-shirt,Colour,Blue,,',
      'S-5,Shirt,kikoi,100,1,kikoy-shirt,Fabric,Linen,Size,S',
      'S-6,Wrap,kikoi,100,1,,Size,M,,',
      'S-7,Wrap,kikoi,100,1,wrap!,Size,M,,',
      'S-8,Wrap,kikoi,100,1,wrap,Size,,Colour,Red',
      'S-9,Wrap,kikoi,100,1,other,,M,,',
      'S-10,Plain,kikoi,100,1,,,,,',
    ].join('\n')
    const file = readImportFile(text, lookup)
    if (!file.ok) throw new Error(file.message)
    expect(file.rows.map((row) => [row.line, row.variant])).toEqual([
      [2, { handle: 'kikoy-shirt', optionNames: ['Colour', 'Size'], optionValues: ['Sand', 'M'] }],
      [3, { handle: 'kikoy-shirt', optionNames: ['Colour', 'Size'], optionValues: ['Sand', 'L'] }],
      [11, null],
    ])
    expect(file.issues).toEqual([
      { line: 4, field: 'option1_value', message: 'This product already has a variant sand, m' },
      {
        line: 5,
        field: 'option1_name',
        message: 'The handle kikoy-shirt has the options Colour, Size (line 2): give a value for each, in that order',
      },
      {
        line: 6,
        field: 'option1_name',
        message: 'The handle kikoy-shirt has the options Colour, Size (line 2): give a value for each, in that order',
      },
      { line: 7, field: 'handle', message: 'Give a handle: the lines of one product’s variants share it' },
      {
        line: 8,
        field: 'handle',
        message: 'A handle is lowercase letters, digits, hyphens or underscores, e.g. kikoy-shirt',
      },
      { line: 9, field: 'option1_value', message: 'Give option1_value: options are filled in order' },
      {
        line: 10,
        field: 'option1_name',
        message: 'The first line of a handle names its options: fill in option1_name (and the others it uses)',
      },
    ])
  })
})

describe('a file', () => {
  it('counts lines after quoted line breaks and refuses a SKU given twice on its later line', () => {
    const text = `${HEADER}\nK-1,Wrap,"two\nlines",kikoi,1200,,2,,,\nK-2,Bag,,kikoi,0,,2,,,\nK-1,Again,,kikoi,100,,2,,,\n`
    const file = readImportFile(text, lookup)
    if (!file.ok) throw new Error(file.message)
    expect(file.totalRows).toBe(3)
    expect(file.rows.map((row) => row.line)).toEqual([2])
    expect(file.issues).toEqual([
      { line: 4, field: 'price', message: 'Price must be more than 0' },
      { line: 5, field: 'sku', message: 'SKU K-1 is already on line 2' },
    ])
  })

  it('takes its columns in any order and any case, the optional ones left out', () => {
    const file = readImportFile('Stock,Price,Category,Name\n3,100,kikoi,Wrap\n', lookup)
    if (!file.ok) throw new Error(file.message)
    expect(file.rows[0]?.body).toMatchObject({ name: 'Wrap', price: 100, stockQty: 3, categoryId: 7 })
  })

  it.each([
    ['empty', '', 'The file is empty: it needs a header line and at least one product.'],
    ['only a header', `${HEADER}\n`, 'The file has a header line but no products.'],
    ['an unknown column', 'name,colour\n', 'Line 1: unknown column "colour".'],
    ['a column twice', 'name,Name\n', 'Line 1: the column "name" is there twice.'],
    ['required columns missing', 'name,sku\nx,y\n', 'Line 1: the header needs the columns category, price, stock'],
    ['a quote never closed', `${HEADER}\n"K-1,Wrap\n`, 'Line 2: A quoted field is never closed'],
    ['binary', 'PK\u0003\u0004\u0000\u0000', 'This is not a CSV file'],
    ['too many lines', `name,category,price,stock\n${'x,kikoi,1,1\n'.repeat(5001)}`, 'more than 5,000 products'],
  ])('refuses a file that is %s', (_name, text, message) => {
    const file = readImportFile(text, lookup)
    expect(file.ok).toBe(false)
    if (!file.ok) expect(file.message).toContain(message)
  })
})

describe('the export', () => {
  it('is read back by the import as the same products, formulas and line breaks included', () => {
    const product = {
      sku: 'K-1',
      name: '=cmd|calc',
      description: 'two\nlines, "quoted"',
      categorySlug: 'kikoi',
      price: 1199.5,
      comparePrice: 1500,
      stockQty: 4,
      lowStockThreshold: 2,
      isActive: false,
      imageUrls: ['https://example.com/a.jpg'],
      variant: { handle: 'family-3', optionNames: ['Size'], optionValues: ['M'] },
    }
    const text = productsCsv([product])
    const parsed = parseCsv(text)
    expect(parsed.ok && parsed.records[1]?.fields[1]).toBe("'=cmd|calc")
    const file = readImportFile(text, lookup)
    if (!file.ok) throw new Error(file.message)
    expect(file.issues).toEqual([])
    expect(file.rows[0]).toMatchObject({
      sku: 'K-1',
      imageUrls: ['https://example.com/a.jpg'],
      variant: { handle: 'family-3', optionNames: ['Size'], optionValues: ['M'] },
      body: {
        name: '=cmd|calc',
        description: 'two\nlines, "quoted"',
        price: 1199.5,
        comparePrice: 1500,
        stockQty: 4,
        lowStockThreshold: 2,
        isActive: false,
      },
    })
  })
})

describe('parseAmount', () => {
  it.each([
    ['1500', 1500],
    ['1,500', 1500],
    ['1,499.50', 1499.5],
    ['KES 99', 99],
    ['Ksh.99', 99],
    [' 12 ', 12],
    ['1,50', null],
    ['-5', null],
    ['1e3', null],
    ['', null],
  ])('%j is %j', (text, expected) => {
    expect(parseAmount(text)).toBe(expected)
  })
})
