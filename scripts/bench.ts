// `npm run bench`: prints the performance figures of the current code. It builds, measures what a
// visitor's browser downloads first (gzip), then the API's latency against the build served by
// wrangler. Figures only: nothing here passes or fails.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { offlineEnv } from './lib/offline-env.ts';
import { packageBin, startBuiltSite } from './lib/wrangler.ts';

const clientDir = 'dist/client';
const build = spawnSync(process.execPath, [packageBin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  stdio: 'inherit',
  env: { ...process.env, ...offlineEnv },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

// First load: the scripts and styles index.html links, and the chunks they preload.
const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
const firstLoadJs = linked.filter((path) => path.endsWith('.js'));
const firstLoadCss = linked.filter((path) => path.endsWith('.css'));
const sum = (paths: string[]) => paths.reduce((total, path) => total + gzipped(join(clientDir, path)), 0);
const assets = readdirSync(join(clientDir, 'assets'));
const adminChunks = assets.filter((name) => name.startsWith('admin') && name.endsWith('.js'));
const workerBundle = 'dist/spa_studio/index.js';

console.log('\nBundle sizes (gzip -9)');
console.log(`  public first-load JS     ${kb(sum(firstLoadJs))}  (${firstLoadJs.length} file(s))`);
console.log(`  public first-load CSS    ${kb(sum(firstLoadCss))}`);
console.log(`  admin JS (lazy, split)   ${kb(sum(adminChunks.map((name) => `/assets/${name}`)))}`);
console.log(
  `  all client JS            ${kb(sum(assets.filter((n) => n.endsWith('.js')).map((n) => `/assets/${n}`)))}`,
);
console.log(`  worker bundle            ${kb(gzipped(workerBundle))} (${kb(statSync(workerBundle).size)} raw)`);

const site = await startBuiltSite('.dev.vars.example');
try {
  console.log('\nLatency against wrangler dev on this machine (sequential requests, milliseconds)');
  for (const path of ['/api/health', '/', '/about']) {
    const figures = await measure(`${site.baseUrl}${path}`, 20, 200);
    console.log(
      `  GET ${path.padEnd(12)} median ${figures.median.toFixed(2)}  p95 ${figures.p95.toFixed(2)}  (n=${figures.count})`,
    );
  }
} finally {
  await site.stop();
}

async function measure(url: string, warmup: number, count: number) {
  for (let index = 0; index < warmup; index++) await (await fetch(url)).arrayBuffer();
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (fraction: number) => samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), count };
}
