import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { RETURN_PHOTO_FILES, ReturnView } from '@soko/contract/returns'
import { MAX_IMAGE_BYTES } from '@soko/contract/vendor'
import type { Db } from '@soko/db/client'
import { centsToKes } from '@soko/domain/money'
import {
  answerDueAt,
  DISPUTE_CAUSE_LABELS,
  type DisputeCause,
  MAX_RETURN_PHOTOS,
  RETURN_STATE_LABELS,
  type ReturnMethod,
  type ReturnReason,
  type ReturnState,
  returnMethodLabel,
  returnReasonLabel,
} from '@soko/domain/return-states'
import type { UploadLimits } from '../../plugins/uploads.ts'
import type { OrderTokens } from './order-tokens.ts'
import * as repo from './return-repository.ts'

export type { Decision, NewReturn, ReturnMove, ReturnRow } from './return-repository.ts'

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString())

type PhotoFile = (typeof RETURN_PHOTO_FILES)[number]

/** A return's photos: at most MAX_RETURN_PHOTOS, 10 MB each, as a product's. */
export const RETURN_PHOTO_LIMITS: UploadLimits = {
  maxFiles: MAX_RETURN_PHOTOS,
  maxFileBytes: MAX_IMAGE_BYTES,
  tooManyMessage: `A return can have at most ${MAX_RETURN_PHOTOS} photos`,
}

/**
 * Returns of order lines (decisions 0013, 0015), kept by the orders module: the rows, their lines, their photos
 * (files under DATA_DIR/media/return-photos/{id}/, shown at signed addresses), and their views.
 */
export class Returns {
  constructor(
    private readonly db: Db,
    private readonly tokens: OrderTokens,
    private readonly settings: { mediaDir: string; answerHours: number },
  ) {}

  /** Where a photo's files are. */
  photoDir(photoId: number): string {
    return join(this.settings.mediaDir, 'return-photos', String(photoId))
  }

  /** A photo's file for whoever holds its signed address; null for a wrong key or a photo that is gone. */
  async photoFile(photoId: number, file: PhotoFile, key: string): Promise<string | null> {
    if (!this.tokens.isPhotoKey(key, photoId) || !(await repo.photoExists(this.db, photoId))) return null
    const path = join(this.photoDir(photoId), file)
    const found = await stat(path).then(
      (s) => s.isFile(),
      () => false,
    )
    return found ? path : null
  }

  photoCount(t: Db, returnId: number): Promise<number> {
    return repo.photoCount(t, returnId)
  }

  addPhoto(t: Db, returnId: number): Promise<number> {
    return repo.insertPhoto(t, returnId)
  }

  /** The dispute desk's returns: undecided first. */
  disputes(): Promise<repo.ReturnRow[]> {
    return repo.returnsWhere(this.db, { disputes: true })
  }

  lock(t: Db, id: number): Promise<repo.ReturnRow | null> {
    return repo.lockReturn(t, id)
  }

  ofOrder(db: Db, orderId: number): Promise<repo.ReturnRow[]> {
    return repo.returnsWhere(db, { orderId })
  }

  ofShop(businessId: number): Promise<repo.ReturnRow[]> {
    return repo.returnsWhere(this.db, { businessId })
  }

  /** What the order's refunded returns gave back already, in cents (a whole-order refund owes the rest). */
  refundedCents(t: Db, orderId: number): Promise<number> {
    return repo.refundedCents(t, orderId)
  }

  /** Whether a vendor part has a return still being settled. */
  hasOpen(t: Db, vendorOrderId: number): Promise<boolean> {
    return repo.hasOpenReturn(t, vendorOrderId)
  }

  /** How many of each order line open or finished returns hold. */
  held(db: Db, orderId: number): Promise<Map<number, number>> {
    return repo.heldQuantities(db, orderId)
  }

  open(t: Db, input: repo.NewReturn): Promise<number> {
    return repo.insertReturn(t, input)
  }

  move(t: Db, id: number, move: repo.ReturnMove): Promise<void> {
    return repo.moveReturn(t, id, move)
  }

  /** The returns as both sides see them; `shopNames` by shop id. */
  async views(db: Db, rows: repo.ReturnRow[], shopNames: Map<number, string>): Promise<ReturnView[]> {
    const ids = rows.map((row) => row.id)
    const [lines, photos] = await Promise.all([repo.linesOf(db, ids), repo.photosOf(db, ids)])
    const photoUrl = (id: number, file: PhotoFile) =>
      `/api/checkout/returns/photos/${id}/${file}?key=${this.tokens.photoKey(id)}`
    return rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      partId: row.vendor_order_id,
      shopName: shopNames.get(row.business_id) ?? '',
      state: row.state as ReturnState,
      stateLabel: RETURN_STATE_LABELS[row.state as ReturnState],
      method: row.method as ReturnMethod | null,
      methodLabel: returnMethodLabel(row.method),
      refusalReason: row.refusal_reason,
      amount: centsToKes(row.amount_cents),
      refunded: row.refunded_cents === null ? null : centsToKes(row.refunded_cents),
      disputeCause: row.dispute_cause as DisputeCause | null,
      disputeCauseLabel: row.dispute_cause ? DISPUTE_CAUSE_LABELS[row.dispute_cause as DisputeCause] : null,
      decisionNote: row.decision_note,
      answerBy: row.state === 'requested' ? answerDueAt(row.created_at, this.settings.answerHours).toISOString() : null,
      requestedAt: row.created_at.toISOString(),
      acceptedAt: iso(row.accepted_at),
      refusedAt: iso(row.refused_at),
      disputedAt: iso(row.disputed_at),
      receivedAt: iso(row.received_at),
      refundedAt: iso(row.refunded_at),
      decidedAt: iso(row.decided_at),
      photos: photos
        .filter((photo) => photo.return_id === row.id)
        .map((photo) => ({
          id: photo.id,
          thumbnail: photoUrl(photo.id, 'thumbnail.webp'),
          medium: photoUrl(photo.id, 'medium.webp'),
          original: photoUrl(photo.id, 'original.webp'),
        })),
      lines: lines
        .filter((line) => line.return_id === row.id)
        .map((line) => ({
          itemId: line.order_item_id,
          name: line.product_name,
          quantity: line.quantity,
          reason: line.reason as ReturnReason,
          reasonLabel: returnReasonLabel(line.reason),
          note: line.note,
        })),
    }))
  }
}
