import { AUTH_MESSAGES } from '@soko/contract/auth'
import { type FormEvent, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { SubmitButton } from '../../components/ui/form-actions.tsx'
import { EmailField, FormMessage, PasswordField } from '../../components/ui/form-field.tsx'
import { ApiError, call } from '../../lib/api-client.ts'
import { getQueryClient } from '../../lib/query.ts'
import { AuthPage } from './auth-page.tsx'
import { REDIRECT_DELAY_MS, useDelayedRedirect } from './use-delayed-redirect.ts'

export const LOGIN_NETWORK_ERROR = 'An error occurred during login. Please try again.'

/** Section 8: the server's message, else 'Invalid email or password'; the network error when it cannot be asked. */
function loginFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_NETWORK_ERROR
  if (error.status === 0 || error.status >= 500) return LOGIN_NETWORK_ERROR
  return error.hasServerDetail ? error.detail : AUTH_MESSAGES.invalidCredentials
}

export interface LoginFormProps {
  next: string
  isGoogleAvailable: boolean
  /** A message from a Google sign-in that came back unfinished (/login?error=<code>). */
  initialError?: string | undefined
}

/**
 * Login (specification sections 2, 4, 5, 8): email and password, 'Signing in..' while submitting, then the
 * server's success message and, 1.5 s later, the page the shopper came from.
 */
export function LoginForm({ next, isGoogleAvailable, initialError }: LoginFormProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState(initialError ?? '')
  const [success, setSuccess] = useState('')
  const [isSubmitting, setSubmitting] = useState(false)
  const revalidator = useRevalidator()
  const redirectLater = useDelayedRedirect()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting || success) return
    setError('')
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.missingCredentials)
      return
    }
    setSubmitting(true)
    try {
      const result = await call('POST /api/auth/login/', { body: { email, password } })
      // Whatever the browser cached belonged to whoever was signed in before.
      getQueryClient().clear()
      setSuccess(result.message)
      // The nav bar and footer learn about the session now; the page changes after section 9's delay.
      void revalidator.revalidate()
      redirectLater(next, REDIRECT_DELAY_MS.signIn)
    } catch (caught) {
      setError(loginFailure(caught))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthPage
      title="Login"
      lead="Sign in to your Soko account."
      formLabel="Login"
      onSubmit={onSubmit}
      googleNext={isGoogleAvailable ? next : null}
      footer={
        <>
          Don't have an account? <Link to="/signup">Sign up</Link>
        </>
      }
    >
      <FormMessage kind="error">{error}</FormMessage>
      <FormMessage kind="success">{success}</FormMessage>
      <EmailField label="Email" name="email" value={email} onValueChange={setEmail} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <p className="auth__aside">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <SubmitButton
        variant="auth__submit"
        hasSpinner
        isBusy={isSubmitting}
        busyLabel="Signing in.."
        disabled={Boolean(success)}
      >
        Sign in
      </SubmitButton>
    </AuthPage>
  )
}
