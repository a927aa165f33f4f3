// npm run dev: the API server and the Vite dev server with a proxy to it. An edit in forms/ or flows/ (of
// CONFIG_ROOT when set) reaches both sides within seconds: the API restarts (tsx watch: its sources and the JSON
// configuration), and Vite regenerates the form validators and reloads the page.
import { spawn } from 'node:child_process';
import path from 'node:path';

const config = path.resolve(process.env.CONFIG_ROOT || '.');
const watched = ['forms/**/*.json', 'flows/**/*.json'].flatMap((glob) => ['--include', path.join(config, glob)]);
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', ...watched, 'src/server/server.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.API_PORT ?? '3000' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
