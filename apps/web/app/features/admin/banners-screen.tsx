import type { AdminBanner, AdminCategory, BannerUpdateBody } from '@soko/contract/admin'
import { useState } from 'react'
import { useAnnouncedWrite } from '../../components/ui/announcer.tsx'
import { ConfirmDialog, useDialog, writeState } from '../../components/ui/dialog.tsx'
import { ListEmpty, RowAction } from '../../components/ui/list.tsx'
import { Tag, type Tone } from '../../components/ui/tag.tsx'
import { call } from '../../lib/api-client.ts'
import { failureText, fieldErrors } from '../../lib/form-errors.ts'
import { formatMoment } from '../../lib/nairobi-time.ts'
import { BannerForm, bannerValues, emptyBanner } from './banner-form.tsx'

type Editing = { mode: 'new' } | { mode: 'edit'; banner: AdminBanner } | null

const STATES: Record<AdminBanner['state'], { label: string; tone: Tone }> = {
  live: { label: 'Live', tone: 'good' },
  scheduled: { label: 'Scheduled', tone: 'warn' },
  ended: { label: 'Ended', tone: 'bad' },
  off: { label: 'Off', tone: 'neutral' },
}

function schedule(banner: AdminBanner): string {
  const from = banner.starts_at ? `from ${formatMoment(banner.starts_at)}` : 'from now'
  const until = banner.ends_at ? `until ${formatMoment(banner.ends_at)}` : 'until switched off'
  return `${from} ${until} (Nairobi time)`
}

/** The home page's hero banners: what each does now (live, scheduled, ended, off), create, edit and delete. */
export function BannersScreen({ banners, categories }: { banners: AdminBanner[]; categories: AdminCategory[] }) {
  const [editing, setEditing] = useState<Editing>(null)
  const save = useAnnouncedWrite(
    ({ id, body }: { id: number | null; body: BannerUpdateBody & { title: string } }) =>
      id ? call('PUT /api/admin/banners/:id/', { params: { id }, body }) : call('POST /api/admin/banners/', { body }),
    (banner, { id }) => `Banner ${banner.title} ${id ? 'saved' : 'created'}.`,
  )
  const remove = useAnnouncedWrite(
    (banner: AdminBanner) => call('DELETE /api/admin/banners/:id/', { params: { id: banner.id } }),
    (_result, banner) => `Banner ${banner.title} deleted.`,
  )
  const deleting = useDialog<AdminBanner>(remove)
  const open = (next: Editing) => {
    save.reset()
    setEditing(next)
  }

  return (
    <section aria-labelledby="banners-title" className="admin-form">
      <h2 id="banners-title">Banners</h2>
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => open({ mode: 'new' })}>
            New banner
          </button>
        </p>
      ) : (
        <BannerForm
          key={editing.mode === 'edit' ? editing.banner.id : 'new'}
          title={editing.mode === 'edit' ? `Edit ${editing.banner.title}` : 'New banner'}
          initial={editing.mode === 'edit' ? bannerValues(editing.banner) : emptyBanner()}
          categories={categories}
          isSaving={save.isPending}
          failure={save.isError ? failureText(save.error, 'Could not save the banner. Please try again.') : ''}
          serverErrors={fieldErrors(save.error)}
          onSave={(body) =>
            save.mutate(
              { id: editing.mode === 'edit' ? editing.banner.id : null, body },
              { onSuccess: () => setEditing(null) },
            )
          }
          onCancel={() => setEditing(null)}
        />
      )}
      {banners.length === 0 ? (
        <ListEmpty>No banners yet: the home page shows 'No Banners Found'.</ListEmpty>
      ) : (
        <ul className="admin-banners" aria-label="Banners">
          {banners.map((banner) => (
            <li key={banner.id} className="card admin-card admin-banner">
              <img src={banner.image.thumbnail} alt="" width={160} height={90} loading="lazy" />
              <div className="admin-form">
                <h3>{banner.title}</h3>
                {banner.subtitle && <p className="admin__muted">{banner.subtitle}</p>}
                <p className="admin__actions">
                  <Tag tone={STATES[banner.state].tone}>{STATES[banner.state].label}</Tag>
                  <span>{schedule(banner)}</span>
                </p>
                {banner.link_url && (
                  <p className="admin__muted">
                    {banner.link_text || 'Link'}: {banner.link_url}
                  </p>
                )}
                <div className="admin__actions">
                  <RowAction
                    label="Edit"
                    name={`Edit ${banner.title}`}
                    onClick={() => open({ mode: 'edit', banner })}
                  />
                  <RowAction label="Delete" name={`Delete ${banner.title}`} onClick={() => deleting.show(banner)} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting.open && (
        <ConfirmDialog
          title={`Delete ${deleting.open.title}`}
          description="The banner leaves the home page at once."
          confirmLabel="Delete banner"
          busyLabel="Deleting..."
          danger
          {...writeState(remove, 'Could not delete the banner.')}
          onConfirm={() => deleting.open && remove.mutate(deleting.open, { onSuccess: deleting.close })}
          onClose={deleting.close}
        />
      )}
    </section>
  )
}
