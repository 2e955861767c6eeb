// Every npm script starts here: runs a project script (`.ts`, `.mjs`) or a package binary under
// Node.js 22 or newer. When this Node is older (Node 20 is still common), node@22 is fetched from
// the npm registry into .tools/node once (as scripts/use-node22.sh does for a shell) and used, so
// `npm install && npm start` works on such a machine as it is. Plain JavaScript on purpose, so
// that old Node versions can run it.
//
//   node scripts/node22.mjs scripts/start.ts [args]   a project script
//   node scripts/node22.mjs vite build                  a binary of node_modules/.bin
//   node scripts/node22.mjs node -p process.version     Node itself
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const required = 22;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);

/** The folder holding a Node 22 `node`: this one's, or .tools/node's (fetched when missing). */
function node22Folder() {
  if (major >= required) return dirname(process.execPath);
  const folder = join(root, '.tools', 'node', 'node_modules', '.bin');
  if (existsSync(join(folder, 'node'))) return folder;
  console.error(
    `Node.js ${process.version} is older than ${required}: fetching node@${required} into .tools/node (once).`,
  );
  const args = [
    'install',
    '--prefix',
    join(root, '.tools', 'node'),
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `node@${required}`,
  ];
  // Under `npm run`, npm_execpath is the npm that runs us; otherwise the npm on PATH.
  const npmCli = process.env.npm_execpath;
  const result = npmCli?.endsWith('.js')
    ? spawnSync(process.execPath, [npmCli, ...args], { stdio: 'inherit' })
    : spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(join(folder, 'node'))) {
    console.error(
      `Could not fetch node@${required} from the npm registry. Install Node.js ${required} or newer and try again.`,
    );
    process.exit(1);
  }
  return folder;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node22.mjs <script.ts | binary | node> [args]');
  process.exit(2);
}
const folder = node22Folder();
const node = major >= required ? process.execPath : join(folder, 'node');
// Node 22 first on PATH, so package binaries (`#!/usr/bin/env node`) and their children use it.
const env = { ...process.env, PATH: `${folder}${delimiter}${process.env.PATH ?? ''}` };
const [file, fileArgs] =
  command === 'node'
    ? [node, args]
    : /\.(ts|mjs|js)$/.test(command)
      ? [node, [command, ...args]]
      : [join(root, 'node_modules', '.bin', command), args];

const child = spawn(file, fileArgs, { stdio: 'inherit', env });
// Ctrl-C reaches the child from the terminal: wait for it to finish its own clean-up. A signal
// sent to this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('error', (error) => {
  console.error(`Could not run ${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
