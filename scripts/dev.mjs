#!/usr/bin/env node
// `npm run dev`: one process on http://localhost:3000 (PORT): the API, and the pages rendered on the
// server from the sources by Vite in middleware mode, with hot reload on the same port (decision
// 0027). tsx restarts the server when server code changes; Vite reloads web code in place.
import { spawn } from 'node:child_process';

// tsx run directly (no npx, so no shell expands the exclude pattern); web code is Vite's to reload.
const child = spawn(
  process.execPath,
  [
    'node_modules/tsx/dist/cli.mjs',
    'watch',
    '--clear-screen=false',
    '--exclude',
    './src/web/**',
    'src/server/index.ts',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, WEB_DEV: 'true' },
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
