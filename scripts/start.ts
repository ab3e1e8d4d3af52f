/**
 * `npm start`: builds the web client when the build is missing or older than the sources,
 * then runs the server. One command from a fresh clone to a served site.
 */
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'build', 'server', 'index.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'src', 'web')), newestMtime(path.join(root, 'src', 'shared')));
const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
if (built < sources) {
  console.log('Сборка веб-клиента…');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'src', 'server', 'main.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl+C reaches the whole process group, so the server already has SIGINT; a SIGTERM sent to
// this wrapper alone (a process manager) is passed on. Either way the server drains and exits.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
