import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
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
      // The stylesheet is imported with `?url`: its ids carry a query (`?url` is a module that
      // exports its address, `?transform-only` the CSS itself). Only the CSS gets the faces.
      if (!id.split('?')[0]!.endsWith('/src/web/styles.css') || /^(import|export)\b/.test(code)) return null;
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

/**
 * The web app in React Router's framework mode (react-router.config.ts, decision 0027): one
 * `react-router build` makes the browser's files and the server build the Hono app mounts; in
 * development the same Hono server runs Vite in middleware mode (one port, hot reload, server
 * rendering: src/server/http/web-dev.ts).
 */
export default defineConfig({
  plugins: [reactRouter(), tailwindcss(), fontFallbacks()],
  resolve: { alias },
  publicDir: path.join(here, 'src/web/public'),
  build: {
    // No inline polyfill script, so the page keeps a strict script-src CSP.
    modulePreload: { polyfill: false },
    // scripts/check-bundle.mjs reads the browser build's source maps (which public pages load zod)
    // and its Vite manifest (the chunks the entry loads once the page has painted).
    manifest: true,
    sourcemap: true,
  },
});
