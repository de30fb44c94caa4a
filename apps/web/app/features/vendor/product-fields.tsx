import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx'
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
  const path = values.slug || suggestSlug(values.name) || 'your-product'
  return (
    <>
      <TextField
        label="Product name"
        name="name"
        required
        maxLength={200}
        value={values.name}
        onValueChange={set('name')}
        error={errors.name}
      />
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
        name="description"
        rows={5}
        maxLength={5000}
        value={values.description}
        onValueChange={set('description')}
        error={errors.description}
        hint="Size, material, what is in the box, delivery notes."
      />
      <SelectField
        label="Category"
        name="categoryId"
        required
        value={values.categoryId}
        onValueChange={set('categoryId')}
        error={errors.categoryId}
      >
        <option value="">Choose a category</option>
        <CategoryOptions categories={categories} />
      </SelectField>
    </>
  )
}

/** How it sells: its price (and a struck-through one), its stock and when to warn, and whether it is on sale. */
export function ProductSaleFields({ form, errors, takenDown }: FieldsProps & { takenDown: string | null }) {
  const { values, set } = form
  return (
    <>
      <div className="vendor-form__row">
        <TextField
          label="Price (KSh)"
          name="price"
          inputMode="decimal"
          required
          value={values.price}
          onValueChange={set('price')}
          error={errors.price}
          hint="What the shopper pays."
        />
        <TextField
          label="Compare-at price (KSh)"
          name="comparePrice"
          inputMode="decimal"
          value={values.comparePrice}
          onValueChange={set('comparePrice')}
          error={errors.comparePrice}
          hint="Optional: the higher price shown struck through, to show a discount. Leave empty for none."
        />
      </div>
      <div className="vendor-form__row">
        <TextField
          label="Stock"
          name="stockQty"
          inputMode="numeric"
          required
          value={values.stockQty}
          onValueChange={set('stockQty')}
          error={errors.stockQty}
          hint="How many you can sell now."
        />
        <TextField
          label="Low-stock threshold"
          name="lowStockThreshold"
          inputMode="numeric"
          value={values.lowStockThreshold}
          onValueChange={set('lowStockThreshold')}
          error={errors.lowStockThreshold}
          hint="The dashboard warns you when stock falls to this number."
        />
      </div>
      <CheckboxField
        label="Active (on sale)"
        name="isActive"
        checked={values.isActive && !takenDown}
        disabled={takenDown !== null}
        onCheckedChange={form.setActive}
        hint="Untick to take it off sale: shoppers stop seeing it; past orders keep it."
        error={errors.isActive}
      />
    </>
  )
}
