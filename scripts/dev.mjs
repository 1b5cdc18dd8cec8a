// npm run dev: the API server with reload on change (tsx watch) and Vite's dev server with hot reload.
import './check-node.mjs';
import { spawn } from 'node:child_process';

const run = (cmd, args, env = {}) =>
  spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).on('exit', (code) =>
    process.exit(code ?? 0),
  );

run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts']);
run('npx', ['vite']);
