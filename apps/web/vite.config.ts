import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    // `npm run dev -w @app/web` talks to a server started separately on :3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging but not linked from each chunk: the link comments alone cost the
    // share page 0.4 KB gzipped of its 130 KB budget.
    sourcemap: 'hidden',
    // Every browser we support preloads modules natively; the polyfill would cost every page 0.5 KB.
    modulePreload: { polyfill: false },
  },
});
