import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { generateFontFace, getMetricsForFamily } from 'fontaine';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export const alias = {
  '@domain': path.join(here, 'src/domain'),
  '@web': path.join(here, 'src/web'),
};

/**
 * Fallback faces for the web fonts: a local font resized to the web font's metrics (fontaine's
 * numbers), so text keeps its place when the web font arrives (no layout shift). Each lists the
 * local fonts with the same metrics on each system (Times New Roman = Liberation Serif = Tinos,
 * Arial = Liberation Sans = Arimo). styles.css names them after the web fonts.
 */
function fontFallbacks(): Plugin {
  const FACES = [
    { family: 'Cormorant Garamond', like: 'Times New Roman', local: ['Times New Roman', 'Liberation Serif', 'Tinos'] },
    { family: 'Inter', like: 'Arial', local: ['Arial', 'Liberation Sans', 'Arimo'] },
  ];
  return {
    name: 'rentique-font-fallbacks',
    async transform(code, id) {
      if (!id.endsWith('/src/web/styles.css')) return null;
      const faces = await Promise.all(
        FACES.map(async ({ family, like, local }) => {
          const [metrics, fallback] = await Promise.all([getMetricsForFamily(family), getMetricsForFamily(like)]);
          if (!metrics || !fallback) throw new Error(`no font metrics for ${family} or ${like}`);
          return generateFontFace(metrics, { name: `${family} fallback`, font: like, metrics: fallback }).replace(
            /src: local\([^)]*\);/,
            `src: ${local.map((f) => `local("${f}")`).join(', ')};`,
          );
        }),
      );
      return `${code}\n${faces.join('\n')}`;
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

const webDist = path.resolve(here, process.env.WEB_DIST_DIR ?? 'dist/web');

/**
 * Two builds: the browser's (`vite build`, into WEB_DIST_DIR) and the server renderer's
 * (`vite build --ssr entry-server.tsx`, into WEB_DIST_DIR + '-ssr', never served as a file; see entry-server.tsx).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: path.join(here, 'src/web'),
  publicDir: path.join(here, 'src/web/public'),
  plugins: [react(), tailwindcss(), fontFallbacks()],
  resolve: { alias },
  build: isSsrBuild
    ? {
        outDir: `${webDist}-ssr`,
        emptyOutDir: true,
        // Asset files are the browser build's (same names); the renderer needs only their URLs.
        copyPublicDir: false,
        ssrEmitAssets: false,
      }
    : {
        outDir: webDist,
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
}));
