import { MAX_IMAGE_BYTES } from '@soko/contract/vendor'
import { describe, expect, it } from 'vitest'
import { addedSummary, fileSize, movedIds, photoProblem, uploadSummary } from './photo-values.ts'

const images = [{ id: 7 }, { id: 8 }, { id: 9 }]

describe('product photos', () => {
  it.each([
    ['to the front (made primary)', 9, 0, [9, 7, 8]],
    ['one earlier', 8, 0, [8, 7, 9]],
    ['one later', 7, 1, [8, 7, 9]],
    ['past the end (kept last)', 7, 10, [8, 9, 7]],
    ['before the start (kept first)', 8, -1, [8, 7, 9]],
  ])('moves an image %s', (_, id, to, order) => {
    expect(movedIds(images, id, to)).toEqual(order)
  })

  it('refuses a file the server would refuse, in its words', () => {
    expect(photoProblem({ name: 'big.jpg', size: MAX_IMAGE_BYTES + 1 })).toBe(
      '"big.jpg" is larger than 10 MB: send a smaller photo.',
    )
    expect(photoProblem({ name: 'empty.jpg', size: 0 })).toBe('"empty.jpg" is empty.')
    expect(photoProblem({ name: 'fine.jpg', size: 1024 })).toBeNull()
  })

  it('says a size as a phone user reads it', () => {
    expect(fileSize(2.4 * 1024 * 1024)).toBe('2.4 MB')
    expect(fileSize(640 * 1024)).toBe('640 KB')
    expect(fileSize(10)).toBe('1 KB')
  })

  it.each([
    [1, 0, '1 photo uploaded.'],
    [2, 1, '2 photos uploaded. 1 photo could not be uploaded: see why below.'],
    [0, 3, '3 photos could not be uploaded: see why below.'],
    [0, 0, ''],
  ])('sums up %s uploaded and %s failed', (done, failed, text) => {
    expect(uploadSummary(done, failed)).toBe(text)
  })

  it('announces a new product with the photos it starts uploading', () => {
    expect(addedSummary(0)).toBe('Product added. Add photos so shoppers can see it.')
    expect(addedSummary(1)).toBe('Product added. Uploading 1 photo...')
    expect(addedSummary(2)).toBe('Product added. Uploading 2 photos...')
  })
})
