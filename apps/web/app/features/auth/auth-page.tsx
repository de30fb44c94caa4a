import type { FormEvent, ReactNode } from 'react'
import { GoogleSignIn } from './google-sign-in.tsx'
import './auth.css'

export interface AuthPageProps {
  title: string
  lead?: string
  /** The form's name for screen readers ('Login'). */
  formLabel: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /**
   * Where 'Continue with Google' comes back to; null offers no Google button (outside a demo, a server without
   * Google credentials offers none at all).
   */
  googleNext?: string | null
  /** The way to the neighbouring page: 'Don't have an account? Sign up'. */
  footer: ReactNode
  children: ReactNode
}

/** The frame of the sign-in pages: the title and lead, the form, Google as the other way in, the way elsewhere. */
export function AuthPage({ title, lead, formLabel, onSubmit, googleNext = null, footer, children }: AuthPageProps) {
  return (
    <div className="card card--raised auth">
      <h1 className="auth__title">{title}</h1>
      {lead && <p className="auth__lead">{lead}</p>}
      <form className="auth__form" noValidate onSubmit={onSubmit} aria-label={formLabel}>
        {children}
      </form>
      {googleNext !== null && (
        <>
          <p className="auth__divider">
            <span>or</span>
          </p>
          <GoogleSignIn next={googleNext} />
        </>
      )}
      <p className="auth__switch">{footer}</p>
    </div>
  )
}
