import { fileSize, photoProblem } from './photo-values.ts'
import type { QueuedPhoto, usePhotoQueue } from './use-photo-queue.ts'

type Queue = ReturnType<typeof usePhotoQueue>

/** What a chosen photo is doing now, in words (and a progress bar while it goes). */
function UploadState({ item, isNewProduct }: { item: QueuedPhoto; isNewProduct: boolean }) {
  switch (item.status) {
    case 'waiting':
      return <p className="vendor-muted">{isNewProduct ? 'Uploads when you add the product' : 'Waiting...'}</p>
    case 'uploading':
      return (
        <>
          <progress max={100} value={Math.round(item.progress * 100)} aria-label={`Uploading ${item.file.name}`} />
          <p className="vendor-muted">
            {item.progress >= 1 ? 'Processing...' : `Uploading ${Math.round(item.progress * 100)}%`}
          </p>
        </>
      )
    case 'done':
      return <p className="vendor-upload__done">Uploaded</p>
    case 'failed':
      return <p className="field__error">{item.error}</p>
  }
}

/** The photos chosen in this visit, each with its preview, its progress and its own error, until they are saved. */
export function UploadList({ queue, productId }: { queue: Queue; productId: number | null }) {
  if (queue.items.length === 0) return null
  return (
    <ul className="vendor-uploads" aria-label="Chosen photos">
      {queue.items.map((item) => (
        <li key={item.key} className={`vendor-upload vendor-upload--${item.status}`}>
          {item.preview ? (
            <img src={item.preview} alt="" width={56} height={56} />
          ) : (
            <span className="vendor-upload__no-preview" aria-hidden="true" />
          )}
          <div className="vendor-upload__body">
            <p className="vendor-upload__name">
              {item.file.name} <span className="vendor-muted">({fileSize(item.file.size)})</span>
            </p>
            <UploadState item={item} isNewProduct={productId === null} />
          </div>
          {(item.status === 'waiting' || item.status === 'failed') && (
            <div className="vendor-upload__actions">
              {item.status === 'failed' && productId !== null && photoProblem(item.file) === null && (
                <button type="button" className="vendor-link-button" onClick={() => queue.retry(item.key)}>
                  Try again<span className="visually-hidden"> ({item.file.name})</span>
                </button>
              )}
              <button type="button" className="vendor-link-button" onClick={() => queue.remove(item.key)}>
                Remove<span className="visually-hidden"> {item.file.name}</span>
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
