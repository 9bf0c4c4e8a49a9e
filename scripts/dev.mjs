// `npm run dev`: the API under `tsx watch` and Vite with HMR, which proxies /api and /ws to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '5001';
const env = { ...process.env, API_PORT: apiPort, NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
