import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export const alias = {
  '@domain': path.join(here, 'src/domain'),
  '@web': path.join(here, 'src/web'),
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: path.join(here, 'src/web'),
  publicDir: path.join(here, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: path.resolve(here, process.env.WEB_DIST_DIR ?? 'dist/web'),
    emptyOutDir: true,
    // No inline polyfill script, so the page keeps a strict script-src CSP.
    modulePreload: { polyfill: false },
    sourcemap: true,
    // The manifest lets scripts/check-bundle.mjs measure what the first page load needs.
    manifest: true,
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
