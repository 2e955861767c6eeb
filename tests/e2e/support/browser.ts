// Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, a fresh profile per run.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../../scripts/lib/chromium.ts';
import { moveClockIn } from './run-clock';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type Viewport = { width: number; height: number };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
  });
}

/** One Chromium for a test file: launched before its tests, closed after them. */
export function sharedChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running');
    return browser;
  };
}

/**
 * Polls `read` until the expectation holds. The bound is generous (20 seconds) so that a busy
 * machine only makes a test slower, never red; a passing test returns as soon as it holds.
 */
export const eventually = <T>(read: () => Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });

/** Resolves once the element's animations and transitions (and its children's) have finished. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

/** Resolves after the browser has painted twice: whatever a scroll or a render set off has run. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Resolves once React has adopted a prerendered page (at once on a page the browser renders
 * itself, whose elements the test then waits for). Until then the page shows but does not
 * respond: a click or a keystroke would meet bare HTML, as it would for a visitor.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('#main h1');
    return heading === null || Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

/** The page, with goto and reload that return once the page is hydrated, as a person would wait. */
export function adoptedAfterLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
  return page;
}

/** A fresh browser context and page, with every page error and console error collected. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: Viewport,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, baseURL, ...options });
  await moveClockIn(context, inject('runClockOffsetMs'));
  const opened = await context.newPage();
  // Without JavaScript there is nothing to wait for: the prerendered page is all there is.
  const page = options.javaScriptEnabled === false ? opened : adoptedAfterLoad(opened);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { page, problems };
}

/**
 * Scrolls through the whole page as a visitor would, so that what loads on approach (lazy
 * pictures) is there for a screenshot, then returns to the top.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(100);
}

/**
 * Saves a screenshot under test-results/screenshots for a person to look at: the whole page, or
 * just the viewport (what a visitor sees of an open dialog).
 */
export async function screenshot(page: Page, name: string, what: 'page' | 'viewport' = 'page'): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  // What is off the screen (content-visibility: auto) is drawn as a person scrolling would see it.
  if (what === 'page') await setOffscreenRendering(page, 'visible');
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: what === 'page' });
  if (what === 'page') await setOffscreenRendering(page, '');
}

/** Sets content-visibility on every element that skips its rendering off the screen ('' restores it). */
const setOffscreenRendering = (page: Page, value: 'visible' | '') =>
  page.evaluate((value) => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto' || element.dataset.offscreen === 'auto') {
        element.dataset.offscreen = 'auto';
        element.style.contentVisibility = value;
      }
    }
  }, value);

/**
 * The same screen as it stands, at a phone's width and a desk's: axe finds nothing at either, and a
 * screenshot of each (`<name>-390`, `<name>-1280`). The page goes back to the width it had.
 */
export async function atBothWidths(page: Page, name: string, what: 'page' | 'viewport' = 'page'): Promise<void> {
  const before = page.viewportSize();
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([]);
    await screenshot(page, `${name}-${viewport.width}`, what);
  }
  if (before) await page.setViewportSize(before);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA, and axe's best practices) on the page and returns its
 * violations. The page's context must be opened with `bypassCSP: true`, since axe is injected.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target })),
    }));
  });
}

/**
 * Records what the fields of each dialog hold at the moment it opens, the first frame a person
 * sees of it (a checkbox as 'true' or 'false'); read them with `dialogOpenings`.
 */
export async function recordDialogOpenings(page: Page) {
  await page.evaluate(() => {
    const openings: Array<Record<string, string>> = [];
    (window as unknown as { dialogOpenings: typeof openings }).dialogOpenings = openings;
    new MutationObserver((records) => {
      for (const { target } of records) {
        if (!(target instanceof HTMLDialogElement) || !target.open) continue;
        const fields = [...target.querySelectorAll('input')].map((input) => [
          input.name,
          input.type === 'checkbox' ? String(input.checked) : input.value,
        ]);
        openings.push(Object.fromEntries(fields));
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
  });
}

export const dialogOpenings = (page: Page) =>
  page.evaluate(() => (window as unknown as { dialogOpenings: Array<Record<string, string>> }).dialogOpenings);
