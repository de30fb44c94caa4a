import './spinner.css'

/** A turning ring; `label` makes it a status announced to screen readers, with the label shown beside it. */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' }) {
  if (!label) return <span className={`spinner spinner--${size}`} aria-hidden="true" />
  return (
    <span className="spinner-status" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span>{label}</span>
    </span>
  )
}
