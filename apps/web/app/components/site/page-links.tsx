import { Link } from 'react-router'
import './page-links.css'

/** Up to `size` page numbers around the current page, shifted to stay within 1..total. */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total <= 0) return []
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), total - size + 1))
  const end = Math.min(total, start + size - 1)
  return Array.from({ length: end - start + 1 }, (_, i) => start + i)
}

export interface PageLinksProps {
  page: number
  totalPages: number
  href: (page: number) => string
  /** What the pages are, for screen readers ('Pagination', 'Review pages'). */
  label: string
}

/**
 * Previous, up to 5 page numbers around the current page, Next: links, so each page has its own URL (search
 * results, a product's reviews). Nothing when there is one page.
 */
export function PageLinks({ page, totalPages, href, label }: PageLinksProps) {
  if (totalPages <= 1) return null
  return (
    <nav className="page-links" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="page-links__step" rel="prev">
          ‹ Previous
        </Link>
      ) : (
        <span className="page-links__step" aria-disabled="true">
          ‹ Previous
        </span>
      )}
      <ul className="page-links__pages">
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              className={n === page ? 'page-links__page page-links__page--current' : 'page-links__page'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {page < totalPages ? (
        <Link to={href(page + 1)} className="page-links__step" rel="next">
          Next ›
        </Link>
      ) : (
        <span className="page-links__step" aria-disabled="true">
          Next ›
        </span>
      )}
    </nav>
  )
}
