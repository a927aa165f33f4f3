// npm run dev: the API server (watching its sources) and the Vite dev server with a proxy to it.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/server.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.API_PORT ?? '3000' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
