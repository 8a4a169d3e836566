import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { contractForTheWebBuild } from './build/contract-for-the-web.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    contractForTheWebBuild(),
    tailwindcss(),
    // The installable app (ADR 0033): a manifest, and a service worker that precaches the
    // built shell so the app opens with no signal. It is registered by app/service-worker.ts after
    // the page has loaded, so it adds nothing to the entry chunk.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'TradeCert',
        short_name: 'TradeCert',
        description: 'Create, store and share trade compliance certificates from your phone.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png}'],
        // Any page opens from the cached shell; the API is never answered from here.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    precompress(),
  ],
  server: {
    // `npm run dev -w @app/web` talks to a server started separately on :3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging but not linked from each chunk: the link comments alone cost the
    // share page 0.4 KB gzipped of its budget (PRODUCT.md, Budgets).
    sourcemap: 'hidden',
    // Every browser we support preloads modules natively; the polyfill would cost every page 0.5 KB.
    modulePreload: {
      polyfill: false,
      // The checklists (of a certificate that has some) load after the share page is up, and a
      // member's header items, profile (for the onboarding check) and signing panel only for a
      // member: the lists of their chunks to preload would weigh on the public pages that import
      // them (the entry chunk's: 0.5 KB; the signing page's, for the panel: 0.1 KB).
      resolveDependencies: (file, dependencies) =>
        /CertificateRecords|MemberActions|get-profile|SigningPanel/.test(file) ? [] : dependencies,
    },
  },
});
