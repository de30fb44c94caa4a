import type { AdminCategory, AdminSubcategory, CategoryUpdateBody } from '@soko/contract/admin'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { ListEmpty, RowAction } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { percent } from '../../lib/format.ts'
import { CategoryForm, categoryValues, emptyCategory } from './category-form.tsx'
import { levelIds, moveWithin } from './category-tree.ts'

type Editing = { mode: 'new'; parentId: number | null } | { mode: 'edit'; category: AdminSubcategory } | null
type Move = { category: AdminSubcategory; delta: -1 | 1 }

/** `12.5%, its own`, `8%, from Electronics`, `10%, the marketplace default`. */
export function commissionSource(category: AdminSubcategory): string {
  const rate = percent(category.effective_commission_percent)
  if (category.commission_percent !== null) return `${rate}, its own`
  if (category.commission_inherited_from) return `${rate}, from ${category.commission_inherited_from.name}`
  return `${rate}, the marketplace default`
}

/** Puts focus back on the moved category's button in its new place (or on its other one at the end of a level). */
function refocus({ category, delta }: Move) {
  const same = document.querySelector<HTMLButtonElement>(`[data-move="${category.id}:${delta}"]`)
  const other = document.querySelector<HTMLButtonElement>(`[data-move="${category.id}:${-delta}"]`)
  ;(same && !same.disabled ? same : other)?.focus()
}

/**
 * The category tree (two levels) with the specification's category form made real: create, edit, reorder within a
 * level with up and down buttons (keyboard friendly: focus stays on the moved category), and delete, which the
 * server allows only for an empty category (its reason is shown otherwise).
 */
export function CategoriesScreen({
  tree,
  defaultCommissionPercent,
}: {
  tree: AdminCategory[]
  /** COMMISSION_PERCENT: what a category is charged when neither it nor its parent has a rate of its own. */
  defaultCommissionPercent: number
}) {
  const [editing, setEditing] = useState<Editing>(null)
  const [moveFailure, setMoveFailure] = useState('')
  // Moving a row re-renders the tree in its new order, which takes focus from the button that was pressed.
  const moved = useRef<Move | null>(null)
  useEffect(() => {
    if (tree && moved.current) {
      refocus(moved.current)
      moved.current = null
    }
  }, [tree])

  const save = useAnnouncedWrite(
    ({ id, body }: { id: number | null; body: CategoryUpdateBody & { name: string } }) =>
      id
        ? call('PUT /api/admin/categories/:id/', { params: { id }, body })
        : call('POST /api/admin/categories/', { body }),
    (category, { id }) => `Category ${category.name} ${id ? 'saved' : 'created'}.`,
  )
  const remove = useAnnouncedWrite(
    (category: AdminSubcategory) => call('DELETE /api/admin/categories/:id/', { params: { id: category.id } }),
    (_result, category) => `Category ${category.name} deleted.`,
  )
  const deleting = useDialog<AdminSubcategory>(remove)
  const move = useAnnouncedWrite(
    async ({ category, delta }: Move) => {
      // The order is sent for the whole level as the server has it now (another admin may have added one).
      const fresh = await call('GET /api/admin/categories/')
      const ids = moveWithin(levelIds(fresh, category.parent_id), category.id, delta)
      if (!ids) return fresh
      return call('PUT /api/admin/categories/order/', { body: { parent_id: category.parent_id, ids } })
    },
    (_tree, { category, delta }) => `${category.name} moved ${delta < 0 ? 'up' : 'down'}.`,
  )

  const open = (next: Editing) => {
    save.reset()
    setEditing(next)
  }

  const onMove = (category: AdminSubcategory, delta: -1 | 1) => {
    if (move.isPending) return
    setMoveFailure('')
    moved.current = { category, delta }
    move.mutate(
      { category, delta },
      {
        onError: (error) => {
          moved.current = null
          setMoveFailure(failureText(error, 'Could not change the order. Please try again.'))
        },
      },
    )
  }

  const row = (category: AdminSubcategory, index: number, siblings: number) => (
    <div className="admin-tree__row">
      <span className="admin-tree__name">
        <strong>{category.name}</strong>
        <span className="data-table__sub">
          /category/{category.slug} · {category.product_count} {category.product_count === 1 ? 'product' : 'products'}
        </span>
        <span className="data-table__sub">Commission {commissionSource(category)}</span>
      </span>
      <span className="admin__actions admin-tree__actions">
        {category.is_active ? <Tag tone="good">Active</Tag> : <Tag>Inactive</Tag>}
        <button
          type="button"
          className="button button--ghost"
          data-move={`${category.id}:-1`}
          aria-label={`Move ${category.name} up`}
          disabled={index === 0}
          aria-busy={move.isPending && move.variables?.category.id === category.id && move.variables.delta === -1}
          onClick={() => onMove(category, -1)}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-move={`${category.id}:1`}
          aria-label={`Move ${category.name} down`}
          disabled={index === siblings - 1}
          aria-busy={move.isPending && move.variables?.category.id === category.id && move.variables.delta === 1}
          onClick={() => onMove(category, 1)}
        >
          ↓ Down
        </button>
        <RowAction label="Edit" name={`Edit ${category.name}`} onClick={() => open({ mode: 'edit', category })} />
        {category.parent_id === null && (
          <RowAction
            label="Add subcategory"
            name={`Add a subcategory to ${category.name}`}
            onClick={() => open({ mode: 'new', parentId: category.id })}
          />
        )}
        <RowAction label="Delete" name={`Delete ${category.name}`} onClick={() => deleting.show(category)} />
      </span>
    </div>
  )

  return (
    <section aria-labelledby="categories-title" className="admin-form">
      <h2 id="categories-title">Categories</h2>
      <p className="admin__muted">
        The order here is the storefront's order: the home page's 'Shop by Category' and the search filters.{' '}
        <Link to="/">See the storefront</Link>
      </p>
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => open({ mode: 'new', parentId: null })}>
            New category
          </button>
        </p>
      ) : (
        <CategoryForm
          key={editing.mode === 'edit' ? editing.category.id : `new-${editing.parentId}`}
          title={editing.mode === 'edit' ? `Edit ${editing.category.name}` : 'New category'}
          initial={editing.mode === 'edit' ? categoryValues(editing.category) : emptyCategory(editing.parentId)}
          parents={tree}
          editingId={editing.mode === 'edit' ? editing.category.id : null}
          defaultCommissionPercent={defaultCommissionPercent}
          isSaving={save.isPending}
          failure={save.isError ? failureText(save.error, 'Could not save the category. Please try again.') : ''}
          serverErrors={fieldErrors(save.error)}
          onSave={(body) =>
            save.mutate(
              { id: editing.mode === 'edit' ? editing.category.id : null, body },
              { onSuccess: () => setEditing(null) },
            )
          }
          onCancel={() => setEditing(null)}
        />
      )}
      <FormMessage kind="error">{moveFailure}</FormMessage>
      {tree.length === 0 ? (
        <ListEmpty>No categories yet.</ListEmpty>
      ) : (
        <ul className="admin-tree" aria-label="Category tree">
          {tree.map((category, index) => (
            <li key={category.id}>
              {row(category, index, tree.length)}
              {category.children.length > 0 && (
                <ul aria-label={`Subcategories of ${category.name}`}>
                  {category.children.map((child, childIndex) => (
                    <li key={child.id}>{row(child, childIndex, category.children.length)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {deleting.open && (
        <ConfirmDialog
          title={`Delete ${deleting.open.name}`}
          description="Only an empty category can be deleted: no products and no subcategories."
          confirmLabel="Delete category"
          busyLabel="Deleting..."
          danger
          {...writeState(remove, 'Could not delete the category.')}
          onConfirm={() => deleting.open && remove.mutate(deleting.open, { onSuccess: deleting.close })}
          onClose={deleting.close}
        />
      )}
    </section>
  )
}
