import { Link } from 'react-router'
import './breadcrumb.css'

export interface Crumb {
  to: string
  label: string
}

/** 'Home › Products › Phones': links to the pages above this one (after Home), then this page's name. */
export function Breadcrumb({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {[{ to: '/', label: 'Home' }, ...trail].map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  )
}
