import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientDefines } from './scripts/client-defines';
import { minifyPublicScripts } from './scripts/vite-plugin-minify-public';
import { precompress } from './scripts/vite-plugin-precompress';

// The API server the dev client proxies to (npm run dev starts both).
const apiTarget = process.env.DEV_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), precompress(), minifyPublicScripts(['theme-init.js'])],
  // AUTH_URL (hosted login, default: this origin), APP_STORE_URL, PLAY_STORE_URL.
  define: clientDefines(),
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Every route is its own chunk; keep the framework in one shared, long-cached chunk.
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          // The analytics SDKs, each in a chunk of its own name, downloaded only when configured
          // (bench/bundle.ts lists what each adds).
          if (/node_modules\/(posthog-js|@posthog)\//.test(id)) return 'posthog';
          if (/node_modules\/(@sentry|@sentry-internal)\//.test(id)) return 'sentry';
          // Branch (referral links and first-session data), only with BRANCH_KEY.
          if (/node_modules\/branch-sdk\//.test(id)) return 'branch-sdk';
          return undefined;
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/auth': { target: apiTarget },
      '/dev': { target: apiTarget },
    },
  },
});
