import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/

export default defineConfig({
  plugins: [reactRouter()],
  build: { target: 'es2022', assetsInlineLimit: 2048, cssCodeSplit: false },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: { manualChunks: (id) => (FRAMEWORK.test(id) ? 'framework' : undefined) },
        },
      },
    },
  },
})
