import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { site } from '../../lib/site.ts'
import './pages.css'

/** A static page's title and description for the document head (unique per page, for search results). */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} | ${site.name}` }, { name: 'description', content: description }]
}

export interface StaticPageProps {
  title: string
  /** One or two sentences under the title. */
  lead: ReactNode
  children: ReactNode
}

/** The frame of an information page: a heading with a lead, then readable sections. */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  return (
    <article className="static-page" aria-labelledby="static-page-title">
      <header className="static-page__header">
        <h1 id="static-page-title">{title}</h1>
        <p className="static-page__lead">{lead}</p>
      </header>
      <div className="static-page__body">{children}</div>
    </article>
  )
}

/** A titled part of a static page. */
export function PageSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card static-page__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

/** How to reach Soko: the same details as the footer (app/lib/site.ts). */
export function ContactDetails() {
  return (
    <address className="static-page__contact">
      <span>
        Email: <a href={`mailto:${site.email}`}>{site.email}</a>
      </span>
      <span>
        Phone: <a href={site.phoneHref}>{site.phone}</a>
      </span>
      <span>Office: {site.address}</span>
      <span>Hours: {site.hours}</span>
    </address>
  )
}

/** A closing call to action: questions go to the contact page. */
export function StillNeedHelp() {
  return (
    <aside className="static-page__help" aria-label="More help">
      <p>Still have a question? We reply within one working day.</p>
      <Link to="/contact" className="button">
        Contact Us
      </Link>
    </aside>
  )
}
