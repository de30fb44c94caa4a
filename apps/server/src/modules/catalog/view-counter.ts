import type { Db } from '@soko/db/client'
import { addProductViews } from './repository.ts'

/**
 * Product page views, added up in memory and written every few seconds in one statement. A crash loses at most
 * the last interval's views, which no one would miss; a write per view would cost more than the page itself.
 */
export class ViewCounter {
  private pending = new Map<number, number>()
  private readonly timer: NodeJS.Timeout
  private flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    intervalMs = 5000,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs)
    this.timer.unref()
  }

  count(productId: number): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1)
  }

  /** How many views of a product are not written yet (added to what the database says when answering). */
  unwritten(productId: number): number {
    return this.pending.get(productId) ?? 0
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return
      const views = this.pending
      this.pending = new Map()
      try {
        await addProductViews(this.db, views)
      } catch (error) {
        this.onError(error)
      }
    })
    return this.flushing
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }
}
