import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// React, React Router and TanStack Query in one chunk: every page loads them all, and one file compresses better
// than the handful they were split into.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/
// The site's base styles ride in the framework chunk too: with one stylesheet for the whole site (below), its
// rules are concatenated in chunk order, and the base (app.css, then the dark theme) must come before every
// screen's own, as when they were separate files.
const BASE_CSS = /[\\/]app[\\/](app\.css|components[\\/]site[\\/]theme\.css)$/

export default defineConfig({
  plugins: [reactRouter()],
  // One stylesheet for the whole site (about 14 KB compressed): a page blocks on one request, and the next page
  // finds it cached (the weight budget, scripts/weight-budget.mjs, counts stylesheets per page).
  build: { target: 'es2022', assetsInlineLimit: 2048, cssCodeSplit: false },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: { manualChunks: (id) => (FRAMEWORK.test(id) || BASE_CSS.test(id) ? 'framework' : undefined) },
        },
      },
    },
  },
})
