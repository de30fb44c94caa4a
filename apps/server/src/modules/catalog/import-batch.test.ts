import { describe, expect, it } from 'vitest'
import { imageBatch } from './product-import.ts'

describe("an import batch is cut at 16 images (they are fetched before the batch's transaction)", () => {
  const lines = (...counts: number[]) => counts.map((n, line) => ({ line, imageUrls: Array<string>(n).fill('u') }))
  it.each([
    [[0, 0, 0], 3],
    [[8, 8, 1], 2],
    [[8, 8], 2],
    [[8, 7, 1, 0], 4],
    [[8, 7, 2], 2],
    [[8, 8, 0, 0], 4],
    [[16, 1], 1],
    [[0, 16, 0, 1], 3],
    [[], 0],
  ])('image counts %j: %i lines', (counts, taken) => {
    expect(imageBatch(lines(...counts))).toHaveLength(taken)
  })
})
