import { type AdminBanner, type AdminCategory, BannerBodySchema, type BannerUpdateBody } from '@soko/contract/admin'
import { useState } from 'react'
import { CheckboxField, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { fromNairobiInput, toNairobiInput } from '../../lib/nairobi-time.ts'
import { EditForm, type EditFormFrame } from './edit-form.tsx'

const TEXT_FIELDS = [
  'title',
  'subtitle',
  'linkUrl',
  'linkText',
  'imageUrl',
  'stat1',
  'stat1Label',
  'stat2',
  'stat2Label',
  'startsAt',
  'endsAt',
  'categoryId',
] as const
export type BannerValues = Record<(typeof TEXT_FIELDS)[number], string> & { isActive: boolean }

export function emptyBanner(): BannerValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >
  return { ...values, isActive: true }
}

export function bannerValues(banner: AdminBanner): BannerValues {
  return {
    title: banner.title,
    subtitle: banner.subtitle,
    linkUrl: banner.link_url,
    linkText: banner.link_text,
    imageUrl: banner.image_url ?? '',
    stat1: banner.stat1,
    stat1Label: banner.stat1_label,
    stat2: banner.stat2,
    stat2Label: banner.stat2_label,
    startsAt: toNairobiInput(banner.starts_at),
    endsAt: toNairobiInput(banner.ends_at),
    categoryId: banner.category ? String(banner.category.id) : '',
    isActive: banner.is_active,
  }
}

/** The API body of the form (an empty link is left out: the API keeps none; an empty image is a generated one). */
export function bannerBody(values: BannerValues): BannerUpdateBody & { title: string } {
  return {
    title: values.title,
    subtitle: values.subtitle,
    ...(values.linkUrl.trim() ? { link_url: values.linkUrl.trim() } : {}),
    link_text: values.linkText,
    image_url: values.imageUrl.trim() || null,
    category_id: values.categoryId ? Number(values.categoryId) : null,
    stat1: values.stat1,
    stat1_label: values.stat1Label,
    stat2: values.stat2,
    stat2_label: values.stat2Label,
    is_active: values.isActive,
    starts_at: fromNairobiInput(values.startsAt),
    ends_at: fromNairobiInput(values.endsAt),
  }
}

/** API field → form field, for showing the server's messages where they belong. */
const API_FIELDS: Record<string, (typeof TEXT_FIELDS)[number]> = {
  title: 'title',
  subtitle: 'subtitle',
  link_url: 'linkUrl',
  link_text: 'linkText',
  image_url: 'imageUrl',
  stat1: 'stat1',
  stat1_label: 'stat1Label',
  stat2: 'stat2',
  stat2_label: 'stat2Label',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
  category_id: 'categoryId',
}

type Errors = Partial<Record<(typeof TEXT_FIELDS)[number], string>>

export function bannerErrors(apiErrors: Record<string, string>): Errors {
  const errors: Errors = {}
  for (const [field, message] of Object.entries(apiErrors)) {
    const mine = API_FIELDS[field]
    if (mine) errors[mine] ??= message
  }
  return errors
}

export interface BannerFormProps extends EditFormFrame {
  initial: BannerValues
  categories: AdminCategory[]
  serverErrors: Record<string, string>
  onSave: (body: BannerUpdateBody & { title: string }) => void
}

/**
 * A home-page banner (specification section 3): title, subtitle, link and its text, image, category, the two
 * stats, active, and a schedule typed in Nairobi time. Checked with the API's own schema before sending.
 */
export function BannerForm({ initial, categories, serverErrors, onSave, ...frame }: BannerFormProps) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const shown: Errors = { ...errors, ...bannerErrors(serverErrors) }

  const text = (field: (typeof TEXT_FIELDS)[number], label: string, extra: { hint?: string; max?: number } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      maxLength={extra.max}
      onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      error={shown[field]}
      hint={extra.hint}
    />
  )
  const when = (field: 'startsAt' | 'endsAt', label: string, hint: string) => (
    <TextField
      label={label}
      name={field}
      type="datetime-local"
      value={values[field]}
      onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      error={shown[field]}
      hint={hint}
    />
  )

  const save = () => {
    const body = bannerBody(values)
    const result = BannerBodySchema.safeParse(body)
    const found: Errors = {}
    if (!result.success) {
      for (const issue of result.error.issues) {
        const mine = API_FIELDS[String(issue.path[0])]
        if (mine) found[mine] ??= issue.message
      }
    }
    setErrors(found)
    if (Object.keys(found).length === 0) onSave(body)
  }

  return (
    <EditForm {...frame} submitLabel="Save banner" onSave={save}>
      <div className="form-row">
        {text('title', 'Title', { max: 120 })}
        {text('subtitle', 'Subtitle', { max: 300 })}
      </div>
      <div className="form-row">
        {text('linkUrl', 'Link URL', { hint: 'A path on this site (/category/fashion) or an https:// address' })}
        {text('linkText', 'Link text', { hint: 'The button, e.g. Shop now', max: 60 })}
      </div>
      <div className="form-row">
        {text('imageUrl', 'Image URL', { hint: 'Empty: a generated picture' })}
        <SelectField
          label="Category"
          name="categoryId"
          value={values.categoryId}
          onValueChange={(categoryId) => setValues((current) => ({ ...current, categoryId }))}
        >
          <option value="">None</option>
          {categories.flatMap((parent) => [
            <option key={parent.id} value={parent.id}>
              {parent.name}
            </option>,
            ...parent.children.map((child) => (
              <option key={child.id} value={child.id}>
                {`${parent.name} › ${child.name}`}
              </option>
            )),
          ])}
        </SelectField>
      </div>
      <div className="form-row">
        {text('stat1', 'Stat 1', { hint: 'e.g. 2,000+', max: 40 })}
        {text('stat1Label', 'Stat 1 label', { hint: 'e.g. Products', max: 60 })}
      </div>
      <div className="form-row">
        {text('stat2', 'Stat 2', { max: 40 })}
        {text('stat2Label', 'Stat 2 label', { max: 60 })}
      </div>
      <div className="form-row">
        {when('startsAt', 'Starts (Nairobi time)', 'Empty: at once')}
        {when('endsAt', 'Ends (Nairobi time)', 'Empty: until switched off')}
      </div>
      <CheckboxField
        label="Active (shown on the home page while scheduled)"
        name="isActive"
        checked={values.isActive}
        onCheckedChange={(isActive) => setValues((current) => ({ ...current, isActive }))}
      />
    </EditForm>
  )
}
