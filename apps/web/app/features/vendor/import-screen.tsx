import type { ImportIssue, ImportPreview, ProductImport } from '@soko/contract/product-import'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { TableHead, TableScroll } from '../../components/ui/list.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText } from '../../lib/form-errors.ts'
import { formatKes } from '../../lib/format.ts'
import { failuresCsv, sendCsvFile } from './import-csv.ts'

const ISSUE_COLUMNS = ['Line', 'Column', 'Problem'] as const
const ROW_COLUMNS = ['Line', 'SKU', 'Name', 'Category', { label: 'Price', isNumeric: true }, 'Stock', 'Will'] as const

interface Category {
  slug: string
  name: string
  parent: string | null
}

function IssueTable({ issues, label }: { issues: readonly ImportIssue[]; label: string }) {
  return (
    <TableScroll label={label}>
      <table className="data-table">
        <TableHead columns={ISSUE_COLUMNS} />
        <tbody>
          {issues.map((issue, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several issues of one column
            <tr key={`${issue.line}:${issue.field}:${n}`}>
              <th scope="row">{issue.line}</th>
              <td>{issue.field}</td>
              <td>{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}

/**
 * Products in and out as CSV: the template and the export to download, a file chosen and previewed (every error by
 * line, nothing saved), then imported in the background with a progress bar, and what was not imported listed.
 */
export function ImportScreen({ categories }: { categories: readonly Category[] }) {
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [progress, setProgress] = useState<ProductImport | null>(null)
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null)
  const [error, setError] = useState('')
  const summaryRef = useRef<HTMLHeadingElement>(null)

  // Follows a running import until it is done.
  const importId = progress?.state === 'done' ? null : (progress?.id ?? null)
  useEffect(() => {
    if (importId === null) return
    let stopped = false
    const timer = setInterval(() => {
      call('GET /api/vendor/products/import/:id/', { params: { id: importId } })
        .then((next) => {
          if (!stopped) setProgress(next)
        })
        .catch((failure: unknown) => {
          if (!stopped) setError(failureText(failure, 'The import’s progress could not be loaded.'))
        })
    }, 1000)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [importId])

  useEffect(() => {
    if (progress?.state === 'done') summaryRef.current?.focus()
  }, [progress?.state])

  async function check(chosen: File) {
    setBusy('preview')
    setError('')
    setPreview(null)
    setProgress(null)
    try {
      setPreview(await sendCsvFile('POST /api/vendor/products/import/preview/', chosen))
    } catch (failure) {
      setError(failureText(failure, 'The file could not be checked.'))
    } finally {
      setBusy(null)
    }
  }

  async function start() {
    if (!file) return
    setBusy('import')
    setError('')
    try {
      setProgress(await sendCsvFile('POST /api/vendor/products/import/', file))
    } catch (failure) {
      setError(failureText(failure, 'The import could not be started.'))
    } finally {
      setBusy(null)
    }
  }

  const failuresHref =
    progress && progress.failures.length > 0
      ? `data:text/csv;charset=utf-8,${encodeURIComponent(failuresCsv(progress.failures))}`
      : null

  return (
    <section className="vendor-screen vendor-import" aria-labelledby="import-title">
      <div className="vendor-screen__header">
        <h1 id="import-title">Import and export products</h1>
        <Link to="/vendor-portal/products">Back to products</Link>
      </div>

      <section className="card vendor-card" aria-labelledby="import-files-title">
        <h2 id="import-files-title">Spreadsheet files</h2>
        <p className="vendor-muted">
          One product a line. A line whose SKU is already one of your products updates it; any other line adds a
          product. Save your spreadsheet as CSV (UTF-8).
        </p>
        <p className="vendor-screen__tools">
          <a className="button button--ghost" href="/api/vendor/products/import/template.csv" download>
            Download the template
          </a>
          <a className="button button--ghost" href="/api/vendor/products/export.csv" download>
            Export your products
          </a>
        </p>
        <details>
          <summary>Category slugs to use in the category column</summary>
          <ul className="vendor-import__categories">
            {categories.map((category) => (
              <li key={category.slug}>
                <code>{category.slug}</code> {category.parent ? `${category.parent} › ` : ''}
                {category.name}
              </li>
            ))}
          </ul>
        </details>
      </section>

      <section className="card vendor-card" aria-labelledby="import-upload-title">
        <h2 id="import-upload-title">Import a file</h2>
        <label htmlFor={fileId}>CSV file</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy !== null}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0] ?? null
            setFile(chosen)
            if (chosen) void check(chosen)
          }}
        />
        <p className="vendor-muted" aria-live="polite">
          {busy === 'preview' ? 'Checking the file…' : busy === 'import' ? 'Starting the import…' : ''}
        </p>
        <FormMessage kind="error">{error}</FormMessage>

        {preview && !progress && (
          <div className="vendor-import__preview">
            <h3>Preview: nothing is saved yet</h3>
            <p aria-live="polite">
              {preview.totalRows} line{preview.totalRows === 1 ? '' : 's'}: {preview.validRows} ready to import (
              {preview.toCreate} new, {preview.toUpdate} updated), {preview.failedRows} with errors (skipped).
            </p>
            <p className="vendor-muted">{preview.imageNote}</p>
            {preview.errors.length > 0 && (
              <>
                <h4>Errors</h4>
                <IssueTable issues={preview.errors} label="Errors in the file" />
              </>
            )}
            {preview.rows.length > 0 && (
              <>
                <h4>
                  {preview.rows.length < preview.validRows
                    ? `The first ${preview.rows.length} products`
                    : 'Products to import'}
                </h4>
                <TableScroll label="Products to import">
                  <table className="data-table">
                    <TableHead columns={ROW_COLUMNS} />
                    <tbody>
                      {preview.rows.map((row) => (
                        <tr key={row.line}>
                          <th scope="row">{row.line}</th>
                          <td>{row.sku ?? ''}</td>
                          <td>{row.name}</td>
                          <td>{row.category}</td>
                          <td className="data-table__num">{formatKes(row.price)}</td>
                          <td>{row.stockQty}</td>
                          <td>{row.action === 'update' ? 'Update' : 'Add'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              </>
            )}
            <p>
              <button
                type="button"
                className="button"
                disabled={busy !== null || preview.validRows === 0}
                onClick={() => void start()}
              >
                Import {preview.validRows} product{preview.validRows === 1 ? '' : 's'}
              </button>
            </p>
          </div>
        )}

        {progress && (
          <div className="vendor-import__progress">
            <label htmlFor={`${fileId}-progress`}>
              {progress.state === 'done' ? 'Import finished' : 'Importing…'} {progress.rowsDone} of {progress.totalRows}{' '}
              lines
            </label>
            <progress id={`${fileId}-progress`} max={progress.totalRows} value={progress.rowsDone} />
            {progress.state === 'done' && (
              <>
                <h3 ref={summaryRef} tabIndex={-1}>
                  {progress.created} added, {progress.updated} updated, {progress.failed} not imported
                </h3>
                {progress.failures.length > 0 && (
                  <>
                    <IssueTable issues={progress.failures} label="Lines not imported" />
                    {failuresHref && (
                      <a href={failuresHref} download="soko-import-errors.csv">
                        Download the lines not imported
                      </a>
                    )}
                  </>
                )}
                {progress.imageFailures.length > 0 && (
                  <>
                    <h4>
                      {progress.imageFailures.length === 1
                        ? '1 image was not added'
                        : `${progress.imageFailures.length} images were not added`}{' '}
                      (the products were imported without them)
                    </h4>
                    <IssueTable issues={progress.imageFailures} label="Images not added" />
                  </>
                )}
                <p>
                  <Link to="/vendor-portal/products">See your products</Link>
                </p>
              </>
            )}
          </div>
        )}
      </section>
    </section>
  )
}
