import type { ContactBody, ContactMessagesPage, ContactSent } from '@soko/contract/contact'
import type { Db } from '@soko/db/client'
import { AppError } from '../../plugins/errors.ts'
import { iso } from '../catalog/mappers.ts'
import * as repo from './repository.ts'

/** The rate limit's window: CONTACT_RATE_LIMIT messages per address per this many minutes. */
export const CONTACT_WINDOW_MINUTES = 10

/** Who is sending: the request's address (the rate limit is per address). */
export interface ContactContext {
  ip: string
}

/** The contact form's messages to the support team. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly limitPerWindow: number,
  ) {}

  /** Stores a message for the support team; throws rate_limited past the per-address limit. */
  async createMessage(ctx: ContactContext, body: ContactBody): Promise<ContactSent> {
    // TODO: e-mail the support inbox once outgoing mail (DESIGN D6) exists; until then the admin area's list of
    // contact messages (arriving with the admin area and its auth guard) is where the team reads them.
    const id = await repo.insertWithinLimit(
      this.db,
      { ...body, ip: ctx.ip },
      this.limitPerWindow,
      CONTACT_WINDOW_MINUTES,
    )
    if (id === null) {
      throw new AppError(
        'rate_limited',
        `You have sent several messages in the last ${CONTACT_WINDOW_MINUTES} minutes. Please wait a few minutes and try again.`,
      )
    }
    return { detail: 'Your message has been sent; we reply within one working day.' }
  }

  /**
   * Marks a message handled in the caller's transaction (the admin area's, which audits it); marking it again keeps
   * the first time. `newly` says whether this call handled it. Null when there is no such message.
   */
  markHandled(t: Db, id: number): Promise<{ subject: string; handledAt: string; newly: boolean } | null> {
    return repo
      .markHandled(t, id)
      .then((row) => (row ? { subject: row.subject, handledAt: row.handled_at.toISOString(), newly: row.newly } : null))
  }

  /** The support team's inbox (admin area): newest first. */
  async listMessages(page: number, perPage: number): Promise<ContactMessagesPage> {
    const { count, rows } = await repo.listMessages(this.db, perPage, (page - 1) * perPage)
    return {
      count,
      page,
      per_page: perPage,
      results: rows.map((row) => ({
        ...row,
        created_at: iso(row.created_at),
        handled_at: row.handled_at === null ? null : iso(row.handled_at),
      })),
    }
  }
}
