import type { Category } from '@soko/contract/catalog'
import { Link } from 'react-router'
import { Breadcrumb } from '../../components/site/breadcrumb.tsx'
import { type CategoryBranch, categoryThumbnail, categoryTree, productCount } from './category-tree.ts'

/** The first screenful of pictures loads at once; the rest as the shopper scrolls. */
const EAGER_GROUPS = 4

function CategoryImage({ category, size, eager }: { category: Category; size: number; eager: boolean }) {
  const thumbnail = categoryThumbnail(category.image.url)
  return (
    <img
      className={`category-index__image category-index__image--${size}`}
      src={thumbnail ?? category.image.url}
      alt=""
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}

function CategoryGroup({ branch, eager }: { branch: CategoryBranch; eager: boolean }) {
  const titleId = `category-${branch.id}`
  return (
    <li className="card card--raised category-index__group">
      <Link to={`/category/${branch.slug}`} className="category-index__main" prefetch="intent">
        <CategoryImage category={branch} size={64} eager={eager} />
        <span className="category-index__text">
          <span id={titleId} className="category-index__name">
            {branch.name}
          </span>{' '}
          <span className="category-index__count">{productCount(branch.product_count)}</span>
        </span>
      </Link>
      {branch.children.length > 0 && (
        <ul className="category-index__subs" aria-labelledby={titleId}>
          {branch.children.map((child) => (
            <li key={child.id}>
              <Link to={`/category/${child.slug}`} className="category-index__sub" prefetch="intent">
                <CategoryImage category={child} size={40} eager={false} />
                <span className="category-index__name">{child.name}</span>{' '}
                <span className="category-index__count">{productCount(child.product_count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * /product-category: every category, as the tree the catalogue keeps (top-level categories with their
 * subcategories), each with its picture and how many products it holds, linking to its category page.
 */
export function CategoryIndex({ categories }: { categories: Category[] }) {
  const tree = categoryTree(categories)
  return (
    <section className="category-index" aria-labelledby="category-index-title">
      <Breadcrumb trail={[]} current="Categories" />
      <h1 id="category-index-title">All Categories</h1>
      {tree.length === 0 ? (
        <div className="category-index__empty">
          <p>No categories yet.</p>
          <Link to="/products" className="button">
            View All Products
          </Link>
        </div>
      ) : (
        <ul className="category-index__groups">
          {tree.map((branch, index) => (
            <CategoryGroup key={branch.id} branch={branch} eager={index < EAGER_GROUPS} />
          ))}
        </ul>
      )}
    </section>
  )
}
