import { type Profile, ProfileUpdateSchema } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { FormMessage, TextField } from '../../components/ui/form-field.tsx'
import { api } from '../../lib/api-client.ts'
import { fieldErrors, serverReason } from '../../lib/write-errors.ts'
import { accountKeys, useAccountWrite, useProfile } from './account-data.ts'
import { PanelError, PanelLoading } from './panel-states.tsx'

type Field = 'firstName' | 'lastName' | 'email' | 'phone' | 'currentPassword'
type Values = Record<Field, string>
type Errors = Partial<Record<Field, string>>

export const PROFILE_LOAD_FAILED = 'Failed to fetch profile data'
export const PROFILE_UPDATE_FAILED = 'Failed to update profile'

const REQUIRED: Partial<Record<Field, string>> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
}

function toValues(profile: Profile): Values {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone ? formatKenyanMobile(profile.phone) : '',
    currentPassword: '',
  }
}

/** Section 5: first name, last name and email required; the phone a Kenyan mobile; the rest as the server checks. */
function validate(values: Values, isEmailChanged: boolean): Errors {
  const errors: Errors = {}
  const result = ProfileUpdateSchema.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
  })
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field
      errors[field] ??= REQUIRED[field] && !values[field].trim() ? REQUIRED[field] : issue.message
    }
  }
  if (isEmailChanged && !values.currentPassword) {
    errors.currentPassword = 'Enter your current password to change your email address'
  }
  return errors
}

/**
 * Profile (specification section 2): name, email and phone, and an edit mode. Changing the email address asks for
 * the current password (the server requires it: whoever holds the email holds the account).
 */
export function ProfilePanel({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const profile = useProfile()
  const [values, setValues] = useState<Values | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState('')
  const [saved, setSaved] = useState('')
  const save = useAccountWrite(accountKeys.profile, (body: Record<string, string | null>) =>
    api<Profile>('/api/user/profile', { method: 'PUT', body }),
  )
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  if (profile.isPending) return <PanelLoading />
  if (profile.isError) return <PanelError message={PROFILE_LOAD_FAILED} />
  const data = profile.data
  if (!data) return <p className="account__empty">No user data found</p>

  const isEmailChanged = values !== null && values.email.trim().toLowerCase() !== data.email.toLowerCase()

  const startEditing = () => {
    setValues(toValues(data))
    setErrors({})
    setFailure('')
    setSaved('')
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!values || save.isPending) return
    setFailure('')
    const found = validate(values, isEmailChanged)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body: Record<string, string | null> = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone.trim() === '' ? null : values.phone,
    }
    if (isEmailChanged) body.currentPassword = values.currentPassword
    save.mutate(body, {
      onSuccess: () => {
        setValues(null)
        setSaved('Your profile has been updated.')
      },
      onError: (error) => {
        const serverErrors = fieldErrors(error) as Errors
        setErrors(serverErrors)
        const detail = serverReason(error) ?? ''
        const isShown = detail !== '' && Object.values(serverErrors).includes(detail)
        setFailure(detail && !isShown ? `${PROFILE_UPDATE_FAILED}: ${detail}` : PROFILE_UPDATE_FAILED)
      },
    })
  }

  const set = (field: Field) => (value: string) =>
    setValues((current) => (current ? { ...current, [field]: value } : current))

  return (
    <section className="account__panel" aria-labelledby="profile-title">
      <div className="account__panel-header">
        <Heading id="profile-title">Profile</Heading>
        {values === null && (
          <button type="button" className="button button--ghost" onClick={startEditing}>
            Edit Profile
          </button>
        )}
      </div>
      {saved && <FormMessage kind="success">{saved}</FormMessage>}
      {values === null ? (
        <dl className="account__details">
          <div>
            <dt>Name</dt>
            <dd>{`${data.firstName} ${data.lastName}`.trim() || 'Not set'}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{data.email}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{data.phone ? formatKenyanMobile(data.phone) : 'Not set'}</dd>
          </div>
        </dl>
      ) : (
        <form className="account__form" noValidate onSubmit={onSubmit} aria-label="Edit profile">
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          <div className="account__row">
            <TextField
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onValueChange={set('firstName')}
              error={errors.firstName}
            />
            <TextField
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onValueChange={set('lastName')}
              error={errors.lastName}
            />
          </div>
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={values.email}
            onValueChange={set('email')}
            error={errors.email}
          />
          {isEmailChanged && (
            <TextField
              label="Current Password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onValueChange={set('currentPassword')}
              error={errors.currentPassword}
              hint="Changing your email address needs your current password."
            />
          )}
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="07xx xxx xxx"
            value={values.phone}
            onValueChange={set('phone')}
            error={errors.phone}
          />
          <div className="account__actions">
            <button type="submit" className="button" disabled={save.isPending} aria-busy={save.isPending}>
              Save Changes
            </button>
            <button type="button" className="button button--ghost" onClick={() => setValues(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <p>
        <Link to="/accounts/changepassword" className="account__link">
          Change your password
        </Link>
      </p>
    </section>
  )
}
