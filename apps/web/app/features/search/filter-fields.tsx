import type { SearchFacets } from '@soko/contract/search'
import { SORT_LABELS, SORT_OPTIONS, type SortBy } from '@soko/contract/search-options'
import { useId } from 'react'
import type { FilterOptions } from './search-data.ts'
import { priceRangeLabel, type SearchFilters } from './search-params.ts'

export interface FilterFieldsProps {
  draft: SearchFilters
  onChange: (change: Partial<SearchFilters>) => void
  options: FilterOptions
  facets: SearchFacets | null
  /** What the page's path fixes (the category of /category/{slug}): no select for it. */
  fixed: { category?: string; vendor?: string }
  /** The main selects, or the 'More Filters' ones (minimum rating, sort, checkboxes). */
  part: 'main' | 'more'
  isAutoApply?: boolean
  onAutoApplyChange?: (isOn: boolean) => void
}

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`)

/** Parents first, each followed by its subcategories (indented). */
function orderedCategories(categories: FilterOptions['categories']) {
  const parents = categories.filter((c) => c.parent_id === null)
  const children = (id: number) => categories.filter((c) => c.parent_id === id)
  const orphans = categories.filter((c) => c.parent_id !== null && !parents.some((p) => p.id === c.parent_id))
  return [
    ...parents.flatMap((parent) => [
      { ...parent, depth: 0 },
      ...children(parent.id).map((child) => ({ ...child, depth: 1 })),
    ]),
    ...orphans.map((c) => ({ ...c, depth: 0 })),
  ]
}

const rangeKey = (range: { min: number; max: number | null }) => `${range.min}-${range.max ?? ''}`

/** The chosen preset price band, if the draft's prices are exactly one. */
/** The orders of section 9 to sort by: the results header's 'Sort' and the filters' 'Sort by'. */
export function SortSelect({ id, value, onSort }: { id: string; value: SortBy; onSort: (sortBy: SortBy) => void }) {
  return (
    <select id={id} value={value} onChange={(event) => onSort(event.target.value as SortBy)}>
      {SORT_OPTIONS.map((option) => (
        <option key={option} value={option}>
          {SORT_LABELS[option]}
        </option>
      ))}
    </select>
  )
}

export function presetKey(draft: SearchFilters, ranges: FilterOptions['price_ranges']): string {
  const range = ranges.find((r) => r.min === (draft.priceMin ?? 0) && r.max === (draft.priceMax ?? null))
  return range && (draft.priceMin !== undefined || draft.priceMax !== undefined) ? rangeKey(range) : ''
}

/**
 * The search bar's filter controls (specification section 2), shared by the desktop bar and the phone's filter
 * sheet. Option labels carry the facet counts of the current results where the response has them.
 */
export function FilterFields({
  draft,
  onChange,
  options,
  facets,
  fixed,
  part,
  isAutoApply,
  onAutoApplyChange,
}: FilterFieldsProps) {
  const id = useId()
  if (part === 'more') {
    return (
      <>
        <div className="filter-field">
          <label htmlFor={`${id}-rating`}>Minimum rating</label>
          <select
            id={`${id}-rating`}
            value={draft.minRating ?? ''}
            onChange={(e) => onChange({ minRating: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">Any rating</option>
            {options.rating_options.map((option) => (
              <option key={option.min} value={option.min}>
                {withCount(option.label, facets?.ratings.find((r) => r.min === option.min)?.count)}
              </option>
            ))}
          </select>
        </div>
        {(draft.option !== undefined || (facets?.options.length ?? 0) > 0) && (
          <div className="filter-field">
            <label htmlFor={`${id}-option`}>Size, colour...</label>
            <select
              id={`${id}-option`}
              value={draft.option ?? ''}
              onChange={(e) => onChange({ option: e.target.value || undefined })}
            >
              <option value="">Any option</option>
              {draft.option !== undefined &&
                !facets?.options.some((o) => o.values.some((v) => `${o.name}:${v.value}` === draft.option)) && (
                  <option value={draft.option}>{draft.option.replace(':', ': ')}</option>
                )}
              {facets?.options.map((option) => (
                <optgroup key={option.name} label={option.name}>
                  {option.values.map((choice) => (
                    <option key={choice.value} value={`${option.name}:${choice.value}`}>
                      {withCount(choice.value, choice.count)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        )}
        <div className="filter-field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <SortSelect id={`${id}-sort`} value={draft.sortBy} onSort={(sortBy) => onChange({ sortBy })} />
        </div>
        <div className="filter-checks">
          <label className="filter-check">
            <input
              type="checkbox"
              checked={draft.verifiedOnly}
              onChange={(e) => onChange({ verifiedOnly: e.target.checked })}
            />
            Verified vendors
          </label>
          <label className="filter-check">
            <input
              type="checkbox"
              checked={draft.inStockOnly}
              onChange={(e) => onChange({ inStockOnly: e.target.checked })}
            />
            In stock only
          </label>
          {onAutoApplyChange && (
            <label className="filter-check">
              <input
                type="checkbox"
                checked={isAutoApply ?? false}
                onChange={(e) => onAutoApplyChange(e.target.checked)}
              />
              Auto-apply
            </label>
          )}
        </div>
      </>
    )
  }

  const preset = presetKey(draft, options.price_ranges)
  const categoryCount = (categoryId: number) =>
    facets ? (facets.categories.find((c) => c.id === categoryId)?.count ?? 0) : undefined
  const vendorCount = (vendorId: number) =>
    facets ? (facets.vendors.find((v) => v.id === vendorId)?.count ?? 0) : undefined
  return (
    <>
      {!fixed.category && (
        <div className="filter-field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select
            id={`${id}-category`}
            value={draft.category ?? ''}
            onChange={(e) => onChange({ category: e.target.value || undefined })}
          >
            <option value="">All Categories</option>
            {orderedCategories(options.categories).map((category) => (
              <option key={category.id} value={category.slug}>
                {`${category.depth > 0 ? '\u00a0\u00a0– ' : ''}${withCount(category.name, categoryCount(category.id))}`}
              </option>
            ))}
          </select>
        </div>
      )}
      {!fixed.vendor && (
        <div className="filter-field">
          <label htmlFor={`${id}-vendor`}>Vendor</label>
          <select
            id={`${id}-vendor`}
            value={draft.vendor ?? ''}
            onChange={(e) => onChange({ vendor: e.target.value || undefined })}
          >
            <option value="">All Vendors</option>
            {[...options.vendors]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((vendor) => (
                <option key={vendor.id} value={String(vendor.id)}>
                  {withCount(vendor.name, vendorCount(vendor.id))}
                </option>
              ))}
          </select>
        </div>
      )}
      <div className="filter-field">
        <label htmlFor={`${id}-price`}>Price range</label>
        <select
          id={`${id}-price`}
          value={preset}
          onChange={(e) => {
            const range = options.price_ranges.find((r) => rangeKey(r) === e.target.value)
            onChange(
              range
                ? { priceMin: range.min, priceMax: range.max ?? undefined }
                : { priceMin: undefined, priceMax: undefined },
            )
          }}
        >
          <option value="">Any price</option>
          {options.price_ranges.map((range) => (
            <option key={rangeKey(range)} value={rangeKey(range)}>
              {withCount(
                priceRangeLabel(range),
                facets?.price_ranges.find((r) => r.min === range.min && r.max === range.max)?.count,
              )}
            </option>
          ))}
        </select>
      </div>
      {/* Custom bounds, hidden once a preset range is chosen (specification section 2). */}
      {preset === '' && (
        <fieldset className="filter-price">
          <legend className="visually-hidden">Custom price (KSh)</legend>
          <div className="filter-field">
            <label htmlFor={`${id}-min`}>Min price</label>
            <input
              id={`${id}-min`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="KSh"
              value={draft.priceMin ?? ''}
              onChange={(e) =>
                onChange({ priceMin: e.target.value === '' ? undefined : Math.max(0, Number(e.target.value)) })
              }
            />
          </div>
          <div className="filter-field">
            <label htmlFor={`${id}-max`}>Max price</label>
            <input
              id={`${id}-max`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder="KSh"
              value={draft.priceMax ?? ''}
              onChange={(e) =>
                onChange({ priceMax: e.target.value === '' ? undefined : Math.max(0, Number(e.target.value)) })
              }
            />
          </div>
        </fieldset>
      )}
    </>
  )
}
