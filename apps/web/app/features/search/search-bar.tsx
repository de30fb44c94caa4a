import type { SearchFacets } from '@soko/contract/search'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { FilterFields } from './filter-fields.tsx'
import type { FilterOptions } from './search-data.ts'
import { countActiveFilters, EMPTY_FILTERS, hasActiveFilters, pageQuery, type SearchFilters } from './search-params.ts'
import { SuggestionCombobox } from './suggestion-combobox.tsx'

/** Specification section 9: auto-apply waits 500 ms after the last change. */
export const AUTO_APPLY_MS = 500

export interface SearchBarProps {
  /** The filters in the URL. */
  filters: SearchFilters
  options: FilterOptions
  facets: SearchFacets | null
  fixed?: { category?: string; vendor?: string }
  /** Shows these filters (page 1). */
  onApply: (filters: SearchFilters) => void
}

const sameQuery = (a: SearchFilters, b: SearchFilters) => pageQuery(a) === pageQuery(b)

/**
 * The search bar of specification section 2: text with suggestions, category, vendor and price selects, custom
 * prices, and 'More Filters' (rating, sort, verified vendors, in stock, auto-apply). On screens narrower than
 * 769 px the filters fold into a 'Filters' button that opens them in a sheet (a modal dialog).
 */
export function SearchBar({ filters, options, facets, fixed = {}, onApply }: SearchBarProps) {
  const id = useId()
  const [draft, setDraft] = useState(filters)
  const [isMoreOpen, setMoreOpen] = useState(false)
  const [isSheetOpen, setSheetOpen] = useState(false)
  const [isAutoApply, setAutoApply] = useState(false)
  const urlKey = pageQuery(filters, { cacheFirst: true })
  const latest = useRef({ filters, onApply })
  latest.current = { filters, onApply }

  // The URL changed (a link, back, a page number): the bar shows what the page shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlKey stands for filters
  useEffect(() => setDraft(filters), [urlKey])

  const change = (update: Partial<SearchFilters>) => setDraft((current) => ({ ...current, ...update, page: 1 }))
  // Text searches ask for fast mode (section 9: the cache answers when it holds at least 6 matches, and 'Search with
  // Full API' asks the server). Filter-only searches always ask the server: with fast mode, section 9 would answer
  // any filter from the few products this browser happens to hold, which hides most of a category from shoppers.
  const apply = (next: SearchFilters) => onApply({ ...next, page: 1, cacheFirst: next.q.trim() !== '' })

  // Auto-apply: filters (not the text, which waits for Search) apply 500 ms after the last change.
  const filterKey = pageQuery({ ...draft, q: '' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the draft's filters
  useEffect(() => {
    if (!isAutoApply) return
    const timer = setTimeout(() => {
      const next = { ...latest.current.filters, ...draft, q: latest.current.filters.q, page: 1 }
      if (!sameQuery(next, latest.current.filters)) latest.current.onApply({ ...next, cacheFirst: false })
    }, AUTO_APPLY_MS)
    return () => clearTimeout(timer)
  }, [filterKey, isAutoApply])

  // What the path fixes (a category page's category) is not a filter the shopper chose.
  const own = (f: SearchFilters) => ({
    ...f,
    category: fixed.category ? undefined : f.category,
    vendor: fixed.vendor ? undefined : f.vendor,
  })
  const hasFilters = hasActiveFilters(own(draft)) || hasActiveFilters(own(filters))
  const canSubmit = draft.q.trim() !== '' || hasActiveFilters(own(draft))
  const activeCount = countActiveFilters(own(filters))

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // An empty search is allowed when it clears filters that the page shows.
    if (!canSubmit && !hasActiveFilters(own(filters))) return
    setSheetOpen(false)
    apply(draft)
  }

  const clear = () => {
    const cleared = { ...EMPTY_FILTERS, ...fixed, q: draft.q }
    setDraft(cleared)
    setSheetOpen(false)
    apply(cleared)
  }

  const fieldProps = { draft, onChange: change, options, facets, fixed }
  // The same two buttons under the bar's filters (once some are chosen) and at the foot of the phone's sheet.
  const applyOrClear = (
    <>
      <button type="submit" className="button">
        Apply
      </button>
      <button type="button" className="button button--ghost" onClick={clear}>
        Clear
      </button>
    </>
  )

  return (
    <search className="card search-panel">
      <form method="get" action="/search" onSubmit={onSubmit}>
        <div className="search-panel__row">
          <SuggestionCombobox
            text={draft.q}
            onTextChange={(q) => setDraft((current) => ({ ...current, q }))}
            onChoose={(q) => {
              setDraft((current) => ({ ...current, q }))
              apply({ ...draft, q })
            }}
          />
          <button type="submit" className="button search-panel__submit" disabled={!canSubmit}>
            Search
          </button>
        </div>
        <button
          type="button"
          className="button button--ghost search-panel__sheet-toggle"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          Filters{activeCount > 0 ? ` (${activeCount})` : ''}
        </button>

        <div className="search-panel__filters">
          <div className="search-panel__main">
            <FilterFields {...fieldProps} part="main" />
          </div>
          <div id={`${id}-more`} className="search-panel__more" hidden={!isMoreOpen}>
            {isMoreOpen && (
              <FilterFields {...fieldProps} part="more" isAutoApply={isAutoApply} onAutoApplyChange={setAutoApply} />
            )}
          </div>
          <div className="search-panel__more-row">
            <button
              type="button"
              className="search-panel__more-toggle"
              aria-expanded={isMoreOpen}
              aria-controls={`${id}-more`}
              onClick={() => setMoreOpen((open) => !open)}
            >
              {isMoreOpen ? 'Less Filters' : 'More Filters'}
            </button>
            {hasFilters && <div className="search-panel__actions">{applyOrClear}</div>}
          </div>
        </div>

        <FilterSheet isOpen={isSheetOpen} onClose={() => setSheetOpen(false)} footer={applyOrClear}>
          <FilterFields {...fieldProps} part="main" />
          <FilterFields {...fieldProps} part="more" isAutoApply={isAutoApply} onAutoApplyChange={setAutoApply} />
        </FilterSheet>
      </form>
    </search>
  )
}

/**
 * The phone's filter sheet: a native modal dialog, so focus moves into it and stays there, Escape closes it and
 * focus returns to the 'Filters' button. Its fields exist only while it is open.
 */
function FilterSheet({
  isOpen,
  onClose,
  footer,
  children,
}: {
  isOpen: boolean
  onClose: () => void
  footer: ReactNode
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (isOpen && !dialog.open) dialog.showModal()
    if (!isOpen && dialog.open) dialog.close()
  }, [isOpen])
  return (
    <dialog ref={ref} className="filter-sheet" aria-labelledby={titleId} onClose={onClose}>
      {isOpen && (
        <>
          <div className="filter-sheet__header">
            <h2 id={titleId}>Filters</h2>
            <button type="button" className="filter-sheet__close" aria-label="Close filters" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className="filter-sheet__body">{children}</div>
          <div className="filter-sheet__actions">{footer}</div>
        </>
      )}
    </dialog>
  )
}
