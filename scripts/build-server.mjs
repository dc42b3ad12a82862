#!/usr/bin/env node
// The server as one JavaScript file (decision 0077): src/server/index.ts and everything it
// imports from src/ bundled by esbuild into dist/server/index.mjs, with its source map; packages
// stay in node_modules, imported as they are. `npm start` and the browser tests run it with plain
// node, without transpiling TypeScript in the serving process (tsx held about 200 MB of it).
// Stack traces give the bundle's lines; to see the TypeScript lines, run it with
// `node --enable-source-maps` (the map is beside it; about 30 MB more resident).
import { build } from 'esbuild';

const outfile = process.env.SERVER_DIST_FILE ?? 'dist/server/index.mjs';

const result = await build({
  entryPoints: ['src/server/index.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Every package is loaded from node_modules at run time, as with tsx (native modules, optional
  // dynamic imports such as vite in development and the S3 client).
  packages: 'external',
  sourcemap: true,
  sourcesContent: false,
  // Not minified, so functions keep the names they are written with (esbuild renames one only when
  // two modules use the same top-level name: `counts2`). keepNames would define every function's
  // name again each time it is made: per request, for each closure (10-20% of a facet count at
  // 100k items, decision 0077). No error class reads its constructor's name (each sets `name`).
  keepNames: false,
  logLevel: 'warning',
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`bundled the server: ${outfile} (${Math.round(bytes / 1024)} KB with its map)`);
