// `npm run bench`: prints the performance figures of the current code, for the built site served
// by wrangler as in production (compressed assets). Figures only: nothing here passes or fails.
//   1. bundle sizes (gzip) of what the build wrote
//   2. first-load JavaScript of each public page, as Chromium downloads it
//   3. API and static latency (sequential requests)
//   4. Lighthouse mobile scores, median of BENCH_RUNS runs (default 3), one run at a time
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { indexablePages } from '../worker/shared/site-pages.ts';
import { chromiumFlags, chromiumPath } from './lib/chromium.ts';
import { packageBin, startBuiltSite, viteBuild } from './lib/wrangler.ts';

const lighthouseRoutes = ['/', '/massage-therapy', '/faq', '/academy'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

viteBuild();

printBundleSizes();

const site = await startBuiltSite('.dev.vars.example');
try {
  await printFirstLoadJs(site.baseUrl);
  await printLatency(site.baseUrl);
  printLighthouse(site.baseUrl);
} finally {
  await site.stop();
}

function printBundleSizes() {
  const assetsDir = 'dist/client/assets';
  const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
  const scripts = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const size = (names: string[]) => names.reduce((total, name) => total + gzipped(join(assetsDir, name)), 0);
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync('dist/client/index.html', 'utf8'))?.[1] ?? '';
  const worker = 'dist/spa_studio/index.js';
  console.log('\nBundle sizes (gzip -9)');
  console.log(`  entry script (every page)   ${kb(size([entry]))}`);
  console.log(`  admin chunks (lazy, split)  ${kb(size(scripts.filter((name) => name.startsWith('admin'))))}`);
  console.log(`  all client JS               ${kb(size(scripts))} in ${scripts.length} files`);
  console.log(`  worker bundle               ${kb(gzipped(worker))} (${kb(statSync(worker).size)} raw)`);
}

/** Loads each public page in a fresh browser and adds up the script bytes sent over the wire. */
async function printFirstLoadJs(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  console.log('\nFirst-load JavaScript per public page (bytes on the wire, gzip), target ≤ 100 KB');
  // The confirmation pages are left out: without a payment to confirm they send the visitor home.
  try {
    for (const page of indexablePages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      const sizes: Promise<number>[] = [];
      tab.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
      });
      await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
      const bytes = (await Promise.all(sizes)).reduce((total, value) => total + value, 0);
      console.log(`  ${page.path.padEnd(26)} ${kb(bytes).padStart(9)}  (${sizes.length} scripts)`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function printLatency(baseUrl: string) {
  console.log('\nLatency against wrangler on this machine (sequential requests, ms)');
  for (const path of ['/api/health', '/', '/massage-therapy']) {
    for (let index = 0; index < 20; index++) await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
    const samples: number[] = [];
    for (let index = 0; index < 200; index++) {
      const started = performance.now();
      await (await fetch(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const p95 = samples[Math.floor(samples.length * 0.95)] ?? Number.NaN;
    console.log(`  GET ${path.padEnd(18)} median ${median(samples).toFixed(2)}  p95 ${p95.toFixed(2)}  (n=200)`);
  }
}

/** Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) in Debian's chromium. */
function printLighthouse(baseUrl: string) {
  console.log(`\nLighthouse mobile, median of ${runs} run(s); targets: performance ≥ 95, the others 100`);
  console.log('  route              perf  a11y  best  seo   FCP     LCP     TBT     CLS');
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
  const outDir = mkdtempSync(join(tmpdir(), 'spa-lighthouse-'));
  try {
    for (const route of lighthouseRoutes) {
      const results: Array<{ scores: number[]; fcp: number; lcp: number; tbt: number; cls: number }> = [];
      for (let run = 0; run < runs; run++) {
        const output = join(outDir, `report-${run}.json`);
        const result = spawnSync(
          process.execPath,
          [
            packageBin('lighthouse/cli/index.js'),
            `${baseUrl}${route}`,
            '--quiet',
            '--output=json',
            `--output-path=${output}`,
            `--only-categories=${categories.join(',')}`,
            `--chrome-flags=--headless=new ${chromiumFlags.join(' ')}`,
          ],
          { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8' },
        );
        if (result.status !== 0) {
          console.log(`  ${route}: lighthouse failed (${result.stderr.trim().split('\n').at(-1)})`);
          continue;
        }
        const report = JSON.parse(readFileSync(output, 'utf8'));
        const audit = (id: string) => report.audits[id].numericValue as number;
        results.push({
          scores: categories.map((category) => Math.round(report.categories[category].score * 100)),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
      }
      if (results.length === 0) continue;
      const scores = categories.map((_, index) => median(results.map((r) => r.scores[index] ?? 0)));
      const ms = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`.padEnd(8);
      console.log(
        `  ${route.padEnd(18)} ${scores.map((score) => String(score).padEnd(5)).join(' ')} ${ms(results.map((r) => r.fcp))}${ms(results.map((r) => r.lcp))}${`${Math.round(median(results.map((r) => r.tbt)))} ms`.padEnd(8)}${median(results.map((r) => r.cls)).toFixed(3)}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
