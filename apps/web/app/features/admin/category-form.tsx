import {
  type AdminCategory,
  type AdminSubcategory,
  CategoryBodySchema,
  type CategoryUpdateBody,
} from '@soko/contract/admin'
import { slugFromName } from '@soko/domain/slug'
import { useState } from 'react'
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx'
import { issueErrors } from '../../lib/form-errors.ts'
import { percent } from '../../lib/format.ts'
import { EditForm, type EditFormFrame } from './edit-form.tsx'

export interface CategoryValues {
  name: string
  slug: string
  description: string
  parentId: string
  imageUrl: string
  imageAlt: string
  isActive: boolean
  /** Its own commission rate in percent as typed; blank: it inherits. */
  commission: string
}

export function emptyCategory(parentId: number | null = null): CategoryValues {
  return {
    name: '',
    slug: '',
    description: '',
    parentId: parentId === null ? '' : String(parentId),
    imageUrl: '',
    imageAlt: '',
    isActive: true,
    commission: '',
  }
}

export function categoryValues(category: AdminSubcategory): CategoryValues {
  return {
    name: category.name,
    slug: category.slug,
    description: category.description,
    parentId: category.parent_id === null ? '' : String(category.parent_id),
    imageUrl: category.image_url ?? '',
    imageAlt: category.image_alt,
    isActive: category.is_active,
    commission: category.commission_percent === null ? '' : String(category.commission_percent),
  }
}

/** The rate typed, for the API: blank is none of its own (null), anything else a number the schema then checks. */
function commissionPercent(typed: string): number | null {
  const trimmed = typed.trim().replace(/\s*%$/, '')
  return trimmed === '' ? null : Number(trimmed)
}

/**
 * What a category without a rate of its own is charged, and from where: its parent's rate when the parent has one
 * (or inherits one), else the marketplace default. `parent` is the chosen parent, if any.
 */
export function inheritedRate(parent: AdminCategory | undefined, defaultPercent: number): string {
  if (parent && parent.commission_percent !== null) {
    return `inherits ${percent(parent.commission_percent)} from ${parent.name}`
  }
  return `inherits ${percent(defaultPercent)} from the marketplace`
}

/** The API body of the form's values (an empty slug is made from the name, an empty image URL is none). */
export function categoryBody(values: CategoryValues): CategoryUpdateBody & { name: string } {
  return {
    name: values.name,
    slug: values.slug.trim() || slugFromName(values.name) || undefined,
    description: values.description,
    parent_id: values.parentId ? Number(values.parentId) : null,
    image_url: values.imageUrl.trim() || null,
    image_alt: values.imageAlt,
    is_active: values.isActive,
    commission_percent: commissionPercent(values.commission),
  }
}

type Errors = Partial<Record<string, string>>

export interface CategoryFormProps extends EditFormFrame {
  initial: CategoryValues
  /** The top-level categories a category may sit under (the tree has two levels). */
  parents: AdminCategory[]
  /** The category being edited: it cannot be its own parent, and keeps its slug unless it is changed. */
  editingId: number | null
  /** The marketplace's commission (COMMISSION_PERCENT), which a category inherits when neither it nor its parent has one. */
  defaultCommissionPercent: number
  serverErrors: Errors
  onSave: (body: CategoryUpdateBody & { name: string }) => void
}

/**
 * The specification's category form, made real (DESIGN S4): name, slug (made from the name until it is edited),
 * description, parent, image URL and its alt text, active. Checked with the API's own schema before sending.
 */
export function CategoryForm(props: CategoryFormProps) {
  const { initial, parents, editingId, defaultCommissionPercent, serverErrors, onSave, ...frame } = props
  const [values, setValues] = useState(initial)
  const [isSlugEdited, setSlugEdited] = useState(editingId !== null)
  const [errors, setErrors] = useState<Errors>({})
  const shown: Errors = { ...errors, ...serverErrors }
  const set = (change: Partial<CategoryValues>) => setValues((current) => ({ ...current, ...change }))
  const parent = parents.find((each) => String(each.id) === values.parentId)

  const save = () => {
    const body = categoryBody(values)
    const result = CategoryBodySchema.safeParse(body)
    const found: Errors = result.success ? {} : issueErrors(result.error.issues)
    setErrors(found)
    if (Object.keys(found).length === 0) onSave(body)
  }

  return (
    <EditForm {...frame} submitLabel="Save category" onSave={save}>
      <div className="form-row">
        <TextField
          label="Name"
          name="name"
          required
          maxLength={100}
          value={values.name}
          onValueChange={(name) => set(isSlugEdited ? { name } : { name, slug: slugFromName(name) })}
          error={shown.name}
        />
        <TextField
          label="Slug"
          name="slug"
          value={values.slug}
          onValueChange={(slug) => {
            setSlugEdited(true)
            set({ slug })
          }}
          error={shown.slug}
          hint="The category's address: /category/slug. Made from the name unless you change it."
        />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        value={values.description}
        onValueChange={(description) => set({ description })}
        error={shown.description}
        maxLength={2000}
      />
      <SelectField
        label="Parent"
        name="parent_id"
        value={values.parentId}
        onValueChange={(parentId) => set({ parentId })}
        error={shown.parent_id}
      >
        <option value="">None (a top-level category)</option>
        {parents
          .filter((parent) => parent.id !== editingId)
          .map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.name}
            </option>
          ))}
      </SelectField>
      <div className="form-row">
        <TextField
          label="Image URL"
          name="image_url"
          value={values.imageUrl}
          onValueChange={(imageUrl) => set({ imageUrl })}
          error={shown.image_url}
          hint="An https:// address or a path on this site. Empty: a generated picture."
        />
        <TextField
          label="Image alt text"
          name="image_alt"
          maxLength={200}
          value={values.imageAlt}
          onValueChange={(imageAlt) => set({ imageAlt })}
          error={shown.image_alt}
          hint="What the picture shows, for those who cannot see it"
        />
      </div>
      <TextField
        label="Commission (%)"
        name="commission_percent"
        inputMode="decimal"
        value={values.commission}
        onValueChange={(commission) => set({ commission })}
        error={shown.commission_percent}
        hint={`Soko's commission on this category's sales, 0 to 100 with up to 2 decimals. Blank: it ${inheritedRate(parent, defaultCommissionPercent)}. Orders already placed keep the rate they were placed at.`}
      />
      <CheckboxField
        label="Active (shown on the storefront)"
        name="is_active"
        checked={values.isActive}
        onCheckedChange={(isActive) => set({ isActive })}
      />
    </EditForm>
  )
}
