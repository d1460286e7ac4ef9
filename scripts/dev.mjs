// `npm run dev`: the API (tsx watch, port 3000) and Vite (port 5173, proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@clube/api'], { stdio: 'inherit', env: process.env }),
  spawn('npm', ['run', 'dev', '-w', '@clube/web'], { stdio: 'inherit', env: process.env }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
