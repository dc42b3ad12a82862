#!/usr/bin/env node
// `npm run dev`: the API with tsx watch on :3001 and Vite's dev server (hot reload) on :5173,
// which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '5173';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}`, TRUSTED_ORIGINS: `http://127.0.0.1:${webPort}` },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } });
