import { type Profile, type ProfileUpdate, ProfileUpdateSchema } from '@soko/contract/user'
import { formatKenyanMobile } from '@soko/domain/phone'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Facts } from '../../components/ui/facts.tsx'
import { FormActions } from '../../components/ui/form-actions.tsx'
import {
  bindFields,
  EmailField,
  FormMessage,
  PasswordField,
  PhoneField,
  TextField,
} from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { fieldErrors, serverReason } from '../../lib/form-errors.ts'
import { accountKeys, useAccountWrite, useProfile } from './account-data.ts'
import { PanelEmpty, PanelError, PanelLoading } from './panel-states.tsx'

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

interface ProfileFormProps {
  values: Values
  errors: Errors
  set: (field: Field) => (value: string) => void
  failure: string
  isEmailChanged: boolean
  isSaving: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
}

/** The profile's edit mode; the current password is asked for only once the email address is changed. */
function ProfileForm({ values, errors, set, failure, isEmailChanged, isSaving, onSubmit, onCancel }: ProfileFormProps) {
  const field = bindFields(values, errors, set)
  return (
    <form className="account__form" noValidate onSubmit={onSubmit} aria-label="Edit profile">
      <FormMessage kind="error">{failure}</FormMessage>
      <div className="form-row">
        <TextField label="First Name" {...field('firstName')} autoComplete="given-name" required />
        <TextField label="Last Name" {...field('lastName')} autoComplete="family-name" required />
      </div>
      <EmailField label="Email" {...field('email')} required />
      {isEmailChanged && (
        <PasswordField
          label="Current Password"
          {...field('currentPassword')}
          autoComplete="current-password"
          hint="Changing your email address needs your current password."
        />
      )}
      <PhoneField label="Phone" {...field('phone')} />
      <FormActions className="account__actions" submitLabel="Save Changes" isBusy={isSaving} onCancel={onCancel} />
    </form>
  )
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
  const save = useAccountWrite(accountKeys.profile, (body: ProfileUpdate) => call('PUT /api/user/profile', { body }))
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  if (profile.isPending) return <PanelLoading />
  if (profile.isError) return <PanelError message={PROFILE_LOAD_FAILED} />
  const data = profile.data
  if (!data) return <PanelEmpty>No user data found</PanelEmpty>

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
    const body: ProfileUpdate = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone.trim() === '' ? null : values.phone,
      ...(isEmailChanged ? { currentPassword: values.currentPassword } : {}),
    }
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
    <section className="card account__panel" aria-labelledby="profile-title">
      <div className="account__panel-header">
        <Heading id="profile-title">Profile</Heading>
        {values === null && (
          <button type="button" className="button button--ghost" onClick={startEditing}>
            Edit Profile
          </button>
        )}
      </div>
      <FormMessage kind="success">{saved}</FormMessage>
      {values === null ? (
        <Facts
          className="account__details"
          facts={[
            ['Name', `${data.firstName} ${data.lastName}`.trim() || 'Not set'],
            ['Email', data.email],
            ['Phone', data.phone ? formatKenyanMobile(data.phone) : 'Not set'],
          ]}
        />
      ) : (
        <ProfileForm
          values={values}
          errors={errors}
          set={set}
          failure={failure}
          isEmailChanged={isEmailChanged}
          isSaving={save.isPending}
          onSubmit={onSubmit}
          onCancel={() => setValues(null)}
        />
      )}
      <p>
        <Link to="/accounts/changepassword" className="account__link">
          Change your password
        </Link>
      </p>
    </section>
  )
}
