import { bindFields, CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx'
import { type CategoryChoice, groupCategories, type ProductErrors, suggestSlug } from './product-values.ts'
import type { useProductForm } from './use-product-form.ts'

interface FieldsProps {
  form: ReturnType<typeof useProductForm>
  errors: ProductErrors
}

/** The leaf categories, grouped under their parents (a top-level category without children stands alone). */
function CategoryOptions({ categories }: { categories: CategoryChoice[] }) {
  return groupCategories(categories).map((group) => {
    const options = group.options.map((option) => (
      <option key={option.id} value={String(option.id)}>
        {option.name}
      </option>
    ))
    return group.label === null ? (
      options
    ) : (
      <optgroup key={group.label} label={group.label}>
        {options}
      </optgroup>
    )
  })
}

/** What the product is: its name, its address (slug), its description and its category. */
export function ProductDetailsFields({ form, errors, categories }: FieldsProps & { categories: CategoryChoice[] }) {
  const { values, set } = form
  const field = bindFields(values, errors, set)
  const path = values.slug || suggestSlug(values.name) || 'your-product'
  return (
    <>
      <TextField label="Product name" {...field('name')} required maxLength={200} />
      <TextField
        label="Slug"
        name="slug"
        maxLength={120}
        autoCapitalize="none"
        spellCheck={false}
        value={values.slug}
        onValueChange={form.setSlug}
        error={errors.slug}
        hint={`The product's web address: /product/${path}. Made from the name; lowercase letters, digits and hyphens.`}
      />
      <TextAreaField
        label="Description"
        {...field('description')}
        rows={5}
        maxLength={5000}
        hint="Size, material, what is in the box, delivery notes."
      />
      <SelectField label="Category" {...field('categoryId')} required>
        <option value="">Choose a category</option>
        <CategoryOptions categories={categories} />
      </SelectField>
    </>
  )
}

/** How it sells: its price (and a struck-through one), its stock and when to warn, and whether it is on sale. */
export function ProductSaleFields({ form, errors, takenDown }: FieldsProps & { takenDown: string | null }) {
  const field = bindFields(form.values, errors, form.set)
  return (
    <>
      <div className="form-row">
        <TextField label="Price (KSh)" {...field('price')} inputMode="decimal" required hint="What the shopper pays." />
        <TextField
          label="Compare-at price (KSh)"
          {...field('comparePrice')}
          inputMode="decimal"
          hint="Optional: the higher price shown struck through, to show a discount. Leave empty for none."
        />
      </div>
      <div className="form-row">
        <TextField
          label="Stock"
          {...field('stockQty')}
          inputMode="numeric"
          required
          hint="How many you can sell now."
        />
        <TextField
          label="Low-stock threshold"
          {...field('lowStockThreshold')}
          inputMode="numeric"
          hint="The dashboard warns you when stock falls to this number."
        />
      </div>
      <TextField
        label="SKU"
        {...field('sku')}
        maxLength={64}
        autoCapitalize="characters"
        spellCheck={false}
        hint="Optional: your own code for it (a CSV import matches lines to products by it)."
      />
      <CheckboxField
        label="Active (on sale)"
        name="isActive"
        checked={form.values.isActive && !takenDown}
        disabled={takenDown !== null}
        onCheckedChange={form.setActive}
        hint="Untick to take it off sale: shoppers stop seeing it; past orders keep it."
        error={errors.isActive}
      />
    </>
  )
}
