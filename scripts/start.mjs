// `npm start`: builds what is missing or out of date, then runs the server, which migrates the
// database and serves the API and the web app on one port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

function buildIfStale(workspace, output, sources, label) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (builtAt >= changedAt) return;
  process.stdout.write(`Building the ${label}...\n`);
  execFileSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
}

buildIfStale(
  'apps/web',
  path.join(root, 'apps/web/dist/index.html'),
  ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/core/src'],
  'web app',
);
buildIfStale(
  'apps/api',
  path.join(root, 'apps/api/dist/main.js'),
  ['apps/api/src', 'packages/core/src'],
  'server',
);

await import(path.join(root, 'apps/api/dist/main.js'));
