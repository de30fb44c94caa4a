/** The sizes every image is served in: thumbnail 200 px, medium 600 px, original 1200 px wide. */
export type ImageSize = 'thumbnail' | 'medium' | 'original'

/** Where each image is served; the id never changes its picture, so the URLs are cached as immutable. */
export const productImageUrl = (imageId: number, size: ImageSize): string =>
  `/media/product-images/${imageId}/${size}.webp`
export const categoryImageUrl = (categoryId: number, size: ImageSize): string =>
  `/media/categories/${categoryId}/${size}.webp`
export const bannerImageUrl = (bannerId: number, size: ImageSize): string => `/media/banners/${bannerId}/${size}.webp`

/** The URL of each size of one image. */
export const imageSizes = (url: (size: ImageSize) => string) => ({
  thumbnail: url('thumbnail'),
  medium: url('medium'),
  original: url('original'),
})
export const productImageSizes = (imageId: number) => imageSizes((size) => productImageUrl(imageId, size))
