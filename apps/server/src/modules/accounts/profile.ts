import { AUTH_MESSAGES } from '@soko/contract/auth'
import { PROFILE_MESSAGES, type Preferences, type Profile, type ProfileUpdate } from '@soko/contract/user'
import type { Db } from '@soko/db/client'
import { type Ctx, requireUser } from '../../plugins/auth.ts'
import { AppError } from '../../plugins/errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { emailChangedEmail } from './mail-templates.ts'
import * as repo from './repository.ts'
import { type AccountsService, isUniqueViolation } from './service.ts'
import type { Users } from './users.ts'

/**
 * The signed-in user's profile (name, email, phone): the users table is the accounts module's, so the customer
 * area's profile screen reads and edits it here.
 */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly accounts: AccountsService,
    private readonly mailer: Mailer,
  ) {}

  async getProfile(ctx: Ctx): Promise<Profile> {
    const user = await repo.getUserById(this.db, requireUser(ctx).id)
    if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
    return { firstName: user.first_name, lastName: user.last_name, email: user.email, phone: user.phone }
  }

  /** The signed-in user's settings: whether texts about their orders are sent. */
  async getPreferences(ctx: Ctx): Promise<Preferences> {
    const userId = requireUser(ctx).id
    return { sms_order_updates: await repo.smsOrderUpdates(this.db, userId) }
  }

  async updatePreferences(ctx: Ctx, body: Preferences): Promise<Preferences> {
    const userId = requireUser(ctx).id
    await repo.setSmsOrderUpdates(this.db, userId, body.sms_order_updates)
    return this.getPreferences(ctx)
  }

  /**
   * Replaces the profile. A new email address needs the current password (ASVS V7.5.1), must be free, starts
   * unverified, and the old address is told of the change.
   */
  async updateProfile(ctx: Ctx, body: ProfileUpdate): Promise<Profile> {
    const userId = requireUser(ctx).id
    const user = await repo.getUserById(this.db, userId)
    if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
    const emailChanged = body.email !== user.email.toLowerCase()
    if (emailChanged) {
      await this.accounts.confirmCurrentPassword(userId, body.currentPassword, {
        required: PROFILE_MESSAGES.currentPasswordRequired,
        noPassword: PROFILE_MESSAGES.setPasswordFirst,
      })
    }
    let outboxId: number | null = null
    try {
      await this.users.withLock(userId, async (t) => {
        await repo.updateProfile(t, userId, {
          firstName: body.firstName,
          lastName: body.lastName,
          email: emailChanged ? body.email : user.email,
          phone: body.phone,
          emailChanged,
        })
        if (emailChanged) outboxId = await this.mailer.enqueue(t, emailChangedEmail(user.email, body.email))
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', PROFILE_MESSAGES.emailTaken, { email: [PROFILE_MESSAGES.emailTaken] })
      }
      throw error
    }
    if (outboxId !== null) this.mailer.deliver([outboxId])
    return this.getProfile(ctx)
  }
}
