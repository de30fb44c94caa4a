import type { SearchQuery, SearchResponse } from '@soko/contract/search'
import { LoadingCache, TtlCache } from '../../plugins/cache.ts'
import type { SearchService } from './service.ts'

// Searches without text are the storefront's listings (all products, a category's, a shop's, each page and filter
// of them) and the filter panel: the same answer for everyone until the catalogue changes, and each costs facet
// counts over the whole catalogue. They are kept in memory (docs/decisions/0028-page-cache.md), emptied by every
// catalogue change announced on soko_catalog; searches with text, more varied, are left to the database.

/** How long a listing is kept at most (a catalogue change empties them at once). */
const LISTING_TTL_MS = 60_000
/** At most this many listings (each page, sort and filter is one; a listing is some 30-60 KB). */
const LISTINGS_MAX = 300

export class ListingCache implements SearchService {
  private readonly listings = new LoadingCache(new TtlCache<SearchResponse>(LISTING_TTL_MS, LISTINGS_MAX))

  constructor(private readonly search_: SearchService) {}

  search(query: SearchQuery): Promise<SearchResponse> {
    if (query.q.trim() !== '') return this.search_.search(query)
    // The query as parsed (its keys in the schema's order): equal listings have equal keys.
    return this.listings.get(JSON.stringify(query), () => this.search_.search(query))
  }

  suggest(text: string): Promise<string[]> {
    return this.search_.suggest(text)
  }

  /** The catalogue changed: every listing goes (the synonyms are for searches with text only). */
  onCatalogChange(payload: string): void {
    if (payload !== 'search_synonyms') this.listings.clear()
    this.search_.onCatalogChange(payload)
  }

  /** An admin's or shop's change was answered here: the next listing reads it (see app.ts). */
  dropListings(): void {
    this.listings.clear()
  }

  dropSynonyms(): void {
    this.search_.dropSynonyms()
  }
}
