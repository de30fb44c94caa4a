import { SUGGESTIONS_MAX, SUGGESTIONS_MIN_CHARS } from '@soko/contract/search-options'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { call } from '../../lib/api-client.ts'
import { queryKeys, staleTimes } from '../../lib/query.ts'

/**
 * Specification section 9: suggestions wait 300 ms after typing, need 2 characters, show at most 8, give up after
 * 3 s (the characters and the count: the contract's SUGGESTIONS_MIN_CHARS and SUGGESTIONS_MAX).
 */
export const SUGGESTION_DEBOUNCE_MS = 300
const SUGGESTION_TIMEOUT_MS = 3000

/** The text after the shopper has paused typing for `delayMs`. */
export function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}

/**
 * Search suggestions for what the shopper is typing: none under 2 characters, and none (rather than an error)
 * when the suggestions call fails or is slow (specification section 8).
 */
export function useSuggestions(text: string): string[] {
  const debounced = useDebounced(text.trim(), SUGGESTION_DEBOUNCE_MS)
  const isLongEnough = debounced.length >= SUGGESTIONS_MIN_CHARS
  const { data, isError } = useQuery({
    queryKey: queryKeys.suggestions(debounced.toLowerCase()),
    queryFn: async ({ signal }) => {
      const response = await call(
        'GET /api/marketplace/search/suggestions/',
        { query: { q: debounced } },
        { signal: AbortSignal.any([signal, AbortSignal.timeout(SUGGESTION_TIMEOUT_MS)]) },
      )
      return Array.isArray(response.suggestions) ? response.suggestions.slice(0, SUGGESTIONS_MAX) : []
    },
    enabled: isLongEnough,
    staleTime: staleTimes.list,
    retry: false,
    // The previous list stays while the next loads, so the list does not flicker shut on every keystroke.
    placeholderData: keepPreviousData,
  })
  // A failed or timed-out call leaves `data` undefined: no suggestions, no error (the search still works).
  return isLongEnough && text.trim().length >= SUGGESTIONS_MIN_CHARS && !isError ? (data ?? []) : []
}
