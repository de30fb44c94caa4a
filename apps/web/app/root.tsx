import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { DemoNotice } from './components/site/demo-notice.tsx'
import { Footer } from './components/site/footer.tsx'
import { NavBar } from './components/site/nav-bar.tsx'
import { OfflineHint, OfflineNotice, ServiceWorker } from './components/site/offline.tsx'
import './components/site/theme.css'
import { ServerCartSync } from './features/cart/server-cart-sync.tsx'
import { isDataSaverRequest } from './lib/data-saver.ts'
import { getQueryClient } from './lib/query.ts'
import { refusedBecause } from './lib/refused.ts'
import { getSessionUser } from './lib/session.server.ts'
import { THEME_BOOT_SCRIPT } from './lib/theme.ts'
import { toViewer } from './lib/viewer.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  // The session cookie is forwarded in-process: the server's HTML already shows Account or Login/Signup.
  const user = await getSessionUser(context).catch(() => null)
  return {
    user: user ? toViewer(user) : null,
    year: new Date().getFullYear(),
    nonce: context.cspNonce,
    isDemo: context.isDemo,
    dataSaver: isDataSaverRequest(request.headers),
  }
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const isSignedIn = Boolean(data?.user)
  return (
    // The theme script sets the `dark` class before React hydrates: that difference is expected.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f7b3f" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, before first paint */}
        <script nonce={data?.nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {data?.isDemo && <DemoNotice />}
        <OfflineNotice />
        <NavBar isSignedIn={isSignedIn} />
        <main id="main" className="main">
          {children}
        </main>
        <Footer
          isSignedIn={isSignedIn}
          year={data?.year ?? new Date().getFullYear()}
          dataSaver={data?.dataSaver === true}
        />
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const [queryClient] = useState(getQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      {/* A signed-in shopper's cart is kept on the server too (merged once per sign-in, then each change). */}
      <ServerCartSync />
      <ServiceWorker />
      <Outlet />
    </QueryClientProvider>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const isNotFound = isRouteErrorResponse(error) && error.status === 404
  const refusal = refusedBecause(error)
  if (refusal) {
    return (
      <section className="page page--centered">
        <title>This address cannot be shown | Soko</title>
        <h1>This address cannot be shown</h1>
        <p>{refusal}</p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </section>
    )
  }
  return (
    <section className="page page--centered">
      <title>{isNotFound ? 'Page Not Found | Soko' : 'Something went wrong | Soko'}</title>
      <h1>{isNotFound ? 'Page Not Found' : 'Something went wrong'}</h1>
      <p>{isNotFound ? "We couldn't find that page." : 'Failed to load page data. Please try again.'}</p>
      <OfflineHint />
      <a className="button" href="/">
        Go to the home page
      </a>
    </section>
  )
}
