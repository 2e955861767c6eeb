/**
 * Today on a phone: how soon a therapist's day shows at 390 px on a throttled phone
 * profile (4× slower CPU, a slow 4G link), and how soon it shows again with the network gone (the
 * page and scripts from the service worker, the day from the browser). Figures only.
 */
import type { Browser, Page } from 'playwright-core';

const RUNS = 5;

/** Slow 4G as Lighthouse's mobile profile has it: 150 ms round trips, 1.6 Mbps down, 750 kbps up. */
const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface Paint {
  /** First contentful paint, ms from navigation. */
  fcp: number;
  /** The first visit card on screen, ms from navigation. */
  visits: number;
}

async function paintOf(page: Page): Promise<Paint> {
  await page.waitForFunction(() => (window as unknown as { visitsAt?: number }).visitsAt !== undefined, undefined, {
    timeout: 60_000,
  });
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    visits: (window as unknown as { visitsAt: number }).visitsAt,
  }));
}

/** Paints of /admin/today?date=`day` (every therapist's visits), online then offline, RUNS of each. */
export async function timeTodayOnPhone(browser: Browser, baseUrl: string, day: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.today-visit')) return;
      (window as unknown as { visitsAt: number }).visitsAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('spa-admin-local');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('.admin-row').first().waitFor({ timeout: 60_000 });
  await page.goto(`${baseUrl}/admin/today?date=${day}`);
  await paintOf(page);
  // The service worker in charge of the page, so that an offline reload has it.
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  const online: Paint[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${baseUrl}/admin/today?date=${day}`);
    online.push(await paintOf(page));
  }
  await cdp.send('Network.emulateNetworkConditions', { ...slow4g, offline: true });
  await context.setOffline(true);
  const offline: Paint[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.reload();
    offline.push(await paintOf(page));
  }
  await context.close();
  return { online, offline };
}
