import type { AdminSynonym, AdminSynonyms, SynonymBody } from '@soko/contract/search'
import { useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { FormMessage, SelectField, TextField } from '../../components/ui/form-field.tsx'
import { ListEmpty, RowAction, TableHead, TableScroll } from '../../components/ui/list.tsx'
import { Tag } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { EditForm } from './edit-form.tsx'

type SynonymValues = { term: string; expansions: string; kind: SynonymBody['kind'] }

const emptySynonym = (): SynonymValues => ({ term: '', expansions: '', kind: 'kiswahili' })

const synonymValues = (synonym: AdminSynonym): SynonymValues => ({
  term: synonym.term,
  expansions: synonym.expansions.join(', '),
  kind: synonym.kind,
})

/** The meanings field is one line, comma-separated: "cooking oil, vegetable oil". */
const synonymBody = (values: SynonymValues): SynonymBody => ({
  term: values.term,
  expansions: values.expansions
    .split(',')
    .map((text) => text.trim())
    .filter((text) => text !== ''),
  kind: values.kind,
})

type Editing = { mode: 'new' } | { mode: 'edit'; synonym: AdminSynonym } | null

const COLUMNS = ['Word', 'Means', 'Kind', 'Actions'] as const

/**
 * /admin/search-synonyms: the Kiswahili and Sheng words search understands, with what they mean in the catalogue's
 * English (add, edit, remove). Search uses a change at once.
 */
export function SearchSynonymsScreen({ synonyms }: { synonyms: AdminSynonyms['synonyms'] }) {
  const [editing, setEditing] = useState<Editing>(null)
  const [values, setValues] = useState<SynonymValues>(emptySynonym())
  const [filter, setFilter] = useState('')
  const save = useAnnouncedWrite(
    ({ id, body }: { id: number | null; body: SynonymBody }) =>
      id
        ? call('PUT /api/admin/search/synonyms/:id/', { params: { id }, body })
        : call('POST /api/admin/search/synonyms/', { body }),
    (synonym, { id }) => `"${synonym.term}" ${id ? 'saved' : 'added'}.`,
  )
  const remove = useAnnouncedWrite(
    (synonym: AdminSynonym) => call('DELETE /api/admin/search/synonyms/:id/', { params: { id: synonym.id } }),
    (_, synonym) => `"${synonym.term}" removed.`,
  )
  const open = (next: Editing) => {
    save.reset()
    setValues(next?.mode === 'edit' ? synonymValues(next.synonym) : emptySynonym())
    setEditing(next)
  }
  const errors = fieldErrors(save.error)
  const wanted = filter.trim().toLowerCase()
  const shown = synonyms.filter(
    (synonym) =>
      wanted === '' || synonym.term.includes(wanted) || synonym.expansions.some((text) => text.includes(wanted)),
  )

  return (
    <section aria-labelledby="synonyms-title" className="admin-form">
      <h2 id="synonyms-title">Search synonyms</h2>
      <p className="admin__muted">
        Kiswahili and Sheng words shoppers search with, and what they mean in the product names' English. A search for a
        word finds the word and its meanings, and a product named with a meaning comes first.
      </p>
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => open({ mode: 'new' })}>
            New word
          </button>
        </p>
      ) : (
        <EditForm
          title={editing.mode === 'edit' ? `Edit "${editing.synonym.term}"` : 'New word'}
          submitLabel={editing.mode === 'edit' ? 'Save word' : 'Add word'}
          failure={save.isError ? failureText(save.error, 'Could not save the word. Please try again.') : ''}
          isSaving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={() =>
            save.mutate(
              { id: editing.mode === 'edit' ? editing.synonym.id : null, body: synonymBody(values) },
              { onSuccess: () => setEditing(null) },
            )
          }
        >
          <TextField
            label="Word"
            name="term"
            required
            hint="Up to 4 words, e.g. mafuta ya kupikia"
            value={values.term}
            onValueChange={(term) => setValues((current) => ({ ...current, term }))}
            error={errors.term}
          />
          <TextField
            label="Means"
            name="expansions"
            required
            hint="English words or phrases, separated by commas, the main one first: cooking oil, vegetable oil"
            value={values.expansions}
            onValueChange={(expansions) => setValues((current) => ({ ...current, expansions }))}
            error={errors.expansions}
          />
          <SelectField
            label="Kind"
            name="kind"
            value={values.kind}
            onValueChange={(kind) =>
              setValues((current) => ({ ...current, kind: kind === 'sheng' ? 'sheng' : 'kiswahili' }))
            }
            error={errors.kind}
          >
            <option value="kiswahili">Kiswahili</option>
            <option value="sheng">Sheng</option>
          </SelectField>
        </EditForm>
      )}
      <TextField label="Find a word" name="filter" type="search" value={filter} onValueChange={setFilter} />
      {shown.length === 0 ? (
        <ListEmpty>{synonyms.length === 0 ? 'No words yet.' : 'No word matches.'}</ListEmpty>
      ) : (
        <TableScroll label="Search synonyms">
          <table className="data-table">
            <TableHead columns={COLUMNS} />
            <tbody>
              {shown.map((synonym) => (
                <tr key={synonym.id}>
                  <th scope="row">{synonym.term}</th>
                  <td>{synonym.expansions.join(', ')}</td>
                  <td>
                    <Tag tone="neutral">{synonym.kind === 'sheng' ? 'Sheng' : 'Kiswahili'}</Tag>
                  </td>
                  <td>
                    <span className="admin__actions">
                      <RowAction
                        label="Edit"
                        name={`Edit ${synonym.term}`}
                        onClick={() => open({ mode: 'edit', synonym })}
                      />
                      <RowAction
                        label="Remove"
                        name={`Remove ${synonym.term}`}
                        onClick={() => remove.mutate(synonym)}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {remove.isError && (
        <FormMessage kind="error">{failureText(remove.error, 'Could not remove the word.')}</FormMessage>
      )}
    </section>
  )
}
