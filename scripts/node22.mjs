// Every npm script starts here: runs a project script (`.ts`, `.mjs`) or a package binary under
// Node.js 22 or newer. When this Node is older (Node 20 is still common), one exact Node.js 22 is
// fetched from the npm registry into .tools once, its integrity checked against the pin in
// scripts/lib/pinned-node.mjs (scripts/use-node22.sh asks this script for it), and used, so
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
import { fetchPinnedNode, pinnedNode, pinnedNodeHome } from './lib/pinned-node.mjs';

const required = 22;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);

/** npm with `args`: the npm that runs us under `npm run` (npm_execpath), else the one on PATH. */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  const options = { stdio: ['ignore', 'ignore', 'inherit'] };
  return npmCli?.endsWith('.js')
    ? spawnSync(process.execPath, [npmCli, ...args], options)
    : spawnSync('npm', args, options);
}

/** The folder holding a Node 22 `node`: this one's, or the pinned one's in .tools (fetched when missing). */
function node22Folder() {
  if (major >= required) return dirname(process.execPath);
  const folder = join(pinnedNodeHome(join(root, '.tools')), 'bin');
  if (existsSync(join(folder, 'node'))) return folder;
  console.error(
    `Node.js ${process.version} is older than ${required}: fetching Node.js ${pinnedNode.version} into .tools (once, its integrity checked).`,
  );
  try {
    return fetchPinnedNode(join(root, '.tools'), npm);
  } catch (error) {
    console.error(`${error.message} Install Node.js ${required} or newer and try again.`);
    process.exit(1);
  }
}

// `--folder`: prints the folder of Node 22 (for scripts/use-node22.sh) and nothing else.
if (process.argv[2] === '--folder') {
  console.log(node22Folder());
  process.exit(0);
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
