// The size budget as `npm test` holds it: sizes, never times, so a busy machine cannot
// turn it red. The goals are tighter (scripts/lib/budget.ts); the bench prints each figure beside them.
import { describe, expect, inject, it } from 'vitest';
import { budget, firstLoadScripts, workerUpload } from '../../../scripts/lib/budget.ts';
import { indexablePages } from '../../../worker/shared/site-pages';
import { sharedChromium } from '../support/browser';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

describe('the size budget', () => {
  it.each(indexablePages.map((page) => [page.path]))(
    '%s downloads at most 100 KB of JavaScript in at most 8 scripts on its first load, and only the public bundle',
    async (path) => {
      const { bytes, urls } = await firstLoadScripts(browser(), `${baseUrl}${path}`);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length, urls.join('\n')).toBeLessThanOrEqual(budget.firstLoadScripts.limit);
      expect(bytes, urls.join('\n')).toBeLessThanOrEqual(budget.firstLoadJs.limit);
      // The staff's code is its own chunk, loaded by the admin alone.
      expect(urls.filter((url) => /\/assets\/admin-[^/]*\.js$/.test(url))).toEqual([]);
    },
  );

  it(`the Worker uploads at most ${budget.workerGzip.limit / 1024} KiB gzip`, () => {
    const { gzip, raw } = workerUpload();
    expect(raw).toBeGreaterThan(gzip);
    expect(gzip).toBeLessThanOrEqual(budget.workerGzip.limit);
  });
});
