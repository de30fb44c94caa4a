// What the server passes to every loader and action as `context` (apps/server/src/plugins/web.ts builds it).
import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * Calls the marketplace API in-process during server rendering, with the shopper's cookies forwarded, and
     * `headers` of the call's own (an order's token).
     */
    fetchApi(
      path: string,
      init?: { method?: string; body?: unknown; headers?: Record<string, string> },
    ): Promise<Response>
    /** This response's Content-Security-Policy nonce: every inline script must carry it. */
    cspNonce: string
    /** The marketplace's own origin (PUBLIC_URL, else the server's address): never taken from the request's Host. */
    siteOrigin: string
    /** Demo mode: every page shows "Demo store: no real payments". */
    isDemo: boolean
  }
}
