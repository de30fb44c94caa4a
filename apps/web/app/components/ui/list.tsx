import { type ReactNode, useId } from 'react'
import { Form, Link } from 'react-router'
import './form.css'
import './list.css'

// A console's lists: search and filters in the address, the count, the table, the pages, and the actions of a row.

export interface FilterSelect {
  name: string
  label: string
  /** [value, label] pairs; the first choice should be '' (everything). */
  options: ReadonlyArray<readonly [string, string]>
}

export interface ListFiltersProps {
  search: URLSearchParams
  /** The search box's label (and the form's name, unless `label` names it). */
  searchLabel: string
  label?: string
  placeholder?: string
  maxLength?: number
  selects?: FilterSelect[]
  /** The search box's label is for screen readers only (the placeholder says the same). */
  isLabelHidden?: boolean
}

/**
 * A list's search and filters: a plain GET form, so the choices live in the address (shareable, kept by back and
 * forward) and the list is loaded by the screen's loader. A new search starts again at page 1.
 */
export function ListFilters({
  search,
  searchLabel,
  label = searchLabel,
  placeholder,
  maxLength,
  selects = [],
  isLabelHidden,
}: ListFiltersProps) {
  const id = useId()
  return (
    <Form method="get" className="list-filters" role="search" aria-label={label} key={search.toString()}>
      <div className="field">
        <label htmlFor={`${id}-q`} className={isLabelHidden ? 'visually-hidden' : undefined}>
          {searchLabel}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={search.get('q') ?? ''}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      </div>
      {selects.map((select) => (
        <div className="field" key={select.name}>
          <label htmlFor={`${id}-${select.name}`}>{select.label}</label>
          <select id={`${id}-${select.name}`} name={select.name} defaultValue={search.get(select.name) ?? ''}>
            {select.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button">
        Search
      </button>
    </Form>
  )
}

/**
 * What a list says in place of its rows: that it has nothing to show, that it is still loading (`kind="loading"`,
 * read out politely), or that it failed to load (`kind="error"`, read out at once).
 */
export function ListEmpty({ children, kind = 'empty' }: { children: ReactNode; kind?: 'empty' | 'loading' | 'error' }) {
  if (kind === 'loading')
    return (
      <p className="list-empty" role="status">
        {children}
      </p>
    )
  if (kind === 'error')
    return (
      <p className="list-empty list-empty--error" role="alert">
        {children}
      </p>
    )
  return <p className="list-empty">{children}</p>
}

/** The count line of a list: '12 products', or what to say when there are none. */
export function ListCount({ count, noun, empty }: { count: number; noun: [string, string]; empty: string }) {
  if (count === 0) return <ListEmpty>{empty}</ListEmpty>
  return (
    <p className="list-count">
      {count.toLocaleString('en-KE')} {count === 1 ? noun[0] : noun[1]}
    </p>
  )
}

/** A wide table that scrolls sideways on a phone (focusable, so a keyboard can scroll it too). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}

/** A column of a table: its heading, right-aligned when it holds amounts. */
export type Column = string | { label: string; isNumeric: true }

/** A table's head row from its columns. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className="data-table__num">
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  )
}

/** A page of the same list (the other filters kept), for the pagination links. */
export function pageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search)
  if (page <= 1) next.delete('page')
  else next.set('page', String(page))
  const text = next.toString()
  return text ? `?${text}` : '?'
}

/** Previous/next links of a paginated list, with 'Page n of m'; nothing when there is one page. */
export function Pagination({
  page,
  totalPages,
  href,
  label,
}: {
  page: number
  totalPages: number
  href: (page: number) => string
  label: string
}) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  )
}

/** A row's action that opens its dialog: the visible word, and a name that says which row ('Disable a@b.ke'). */
export function RowAction({ label, name, onClick }: { label: string; name: string; onClick: () => void }) {
  return (
    <button type="button" className="button button--ghost" aria-label={name} onClick={onClick}>
      {label}
    </button>
  )
}

export interface ListScreenProps<T> {
  /** Names the screen's heading (`${id}-title`). */
  id: string
  title: string
  /** The table's and the pages' name, when not the title ('Shops' on the Vendors screen). */
  label?: string
  /** Under the title, before the filters. */
  intro?: ReactNode
  search: URLSearchParams
  filters: Omit<ListFiltersProps, 'search'>
  page: { count: number; page: number; total_pages: number; results: readonly T[] }
  noun: [string, string]
  empty: string
  columns: readonly Column[]
  /** A row of the table (a <tr>, its key set). */
  row: (item: T) => ReactNode
  /** The screen's dialogs, after the list. */
  dialogs?: ReactNode
}

/** A paginated list screen: title, search and filters, the count, the table of rows, the pages. */
export function ListScreen<T>({
  id,
  title,
  label = title,
  intro,
  search,
  filters,
  page,
  noun,
  empty,
  columns,
  row,
  dialogs,
}: ListScreenProps<T>) {
  return (
    <section aria-labelledby={`${id}-title`} className="list-screen">
      <h2 id={`${id}-title`}>{title}</h2>
      {intro}
      <ListFilters search={search} {...filters} />
      <ListCount count={page.count} noun={noun} empty={empty} />
      {page.results.length > 0 && (
        <TableScroll label={label}>
          <table className="data-table">
            <TableHead columns={columns} />
            <tbody>{page.results.map(row)}</tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page.page} totalPages={page.total_pages} href={(n) => pageHref(search, n)} label={label} />
      {dialogs}
    </section>
  )
}
