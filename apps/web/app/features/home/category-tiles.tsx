import type { Category } from '@soko/contract/catalog'
import { Link } from 'react-router'
import { Skeleton } from '../../components/ui/skeleton.tsx'

/** Specification section 9: 8 category skeletons on the home page. */
export const CATEGORY_SKELETONS = 8

/** The 200 px rendition beside the 600 px one the API names, when the URL follows the media layout. */
function thumbnailOf(url: string): string | undefined {
  return url.endsWith('/medium.webp') ? url.replace(/\/medium\.webp$/, '/thumbnail.webp') : undefined
}

/** 'Shop by Category': the top-level categories with their pictures, each linking to its category page. */
export function CategoryTiles({ categories }: { categories: Category[] }) {
  const topLevel = categories.filter((category) => category.parent_id === null)
  if (topLevel.length === 0) return null
  return (
    <ul className="category-tiles">
      {topLevel.map((category) => {
        const thumbnail = thumbnailOf(category.image.url)
        return (
          <li key={category.id}>
            <Link to={`/category/${category.slug}`} className="category-tile" prefetch="intent">
              <img
                className="category-tile__image"
                src={thumbnail ?? category.image.url}
                srcSet={thumbnail ? `${thumbnail} 200w, ${category.image.url} 600w` : undefined}
                sizes="(min-width: 1000px) 110px, 22vw"
                alt=""
                width={200}
                height={200}
                loading="lazy"
                decoding="async"
              />
              <span className="category-tile__name">{category.name}</span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

export function CategoryTilesSkeleton() {
  return (
    <div className="category-tiles" role="status" aria-label="Loading categories">
      {Array.from({ length: CATEGORY_SKELETONS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div key={i} className="category-tile category-tile--skeleton" aria-hidden="true">
          <Skeleton className="category-tile__image" />
          <Skeleton className="skeleton--line" />
        </div>
      ))}
    </div>
  )
}
