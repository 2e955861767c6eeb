// Staff signing in, as the browser tests need it: over HTTP for a session cookie, or through the
// admin's own login form.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '../../../web/config/paths';
import { emailsTo } from './inbox';

/** The local password of .dev.vars.example (the built site under test uses it). */
export const LOCAL_PASSWORD = 'spa-admin-local';

/** Signs staff in over HTTP, as the admin page does, and returns the session cookie. */
export async function staffCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username: 'admin', password: LOCAL_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

/**
 * Types a name and password into the login form and presses Login, as a person would; fails at
 * once, saying what the form showed, when the server refused or the form sent nothing (a sign-in
 * that stalls shows why, not a timeout on the next screen).
 */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page
    .waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login', { timeout: 15_000 })
    .catch(() => undefined);
  await page.getByRole('button', { name: 'Login' }).click();
  const response = await answered;
  const shown = async () =>
    `the form shows "${((await page.locator('main').first().textContent()) ?? '').replace(/\s+/g, ' ').slice(0, 300)}"`;
  if (!response) throw new Error(`The login form sent nothing in 15 s: ${await shown()}`);
  expect(response.status(), `${await response.text()}; ${await shown()}`).toBe(200);
}

/**
 * Opens `path` and signs in on the login form; resolves once the staff screen shows. A screen that
 * never shows fails saying where the page is, what it shows, and what the API answered meanwhile.
 */
export async function signIn(page: Page, path: string = paths.admin): Promise<void> {
  await page.goto(path);
  const answers: string[] = [];
  const noteAnswer = (response: { url(): string; status(): number }) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) answers.push(`${pathname} ${response.status()}`);
  };
  const errors: string[] = [];
  const noteError = (error: Error) => errors.push(error.message);
  page.on('response', noteAnswer);
  page.on('pageerror', noteError);
  try {
    await submitLogin(page, 'admin', LOCAL_PASSWORD);
    const staffScreen = page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Admin Login' });
    // A sign-in answered 200 whose screen never came (about 1 run in 3, under CI's load; its cause
    // is not found yet, see the stop notes): said on the console, and the page opened once more
    // with the cookie it holds, so the tests behind it still run. A second miss fails as before.
    const shownAtOnce = await staffScreen
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (!shownAtOnce) {
      console.warn(`signIn: no staff screen 15 s after a 200 login at ${page.url()}; answers: ${answers.join(', ')}`);
      await page.reload();
      await staffScreen.waitFor();
    }
  } catch (error) {
    const shown = ((await page.locator('body').textContent()) ?? '').replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(
      `${(error as Error).message}\nat ${page.url()}, showing "${shown}"; the API answered ${answers.join(', ') || 'nothing'}; page errors: ${errors.join(' | ') || 'none'}`,
    );
  } finally {
    page.off('response', noteAnswer);
    page.off('pageerror', noteError);
  }
}

/** The confirmation link emailed to a waitlist sign-up, read from their inbox as they would. */
export async function waitlistConfirmationLink(baseUrl: string, email: string): Promise<string> {
  const subject = /Please confirm your place on the academy waitlist/;
  await expect.poll(async () => (await emailsTo(baseUrl, email.toLowerCase(), subject)).length).toBeGreaterThan(0);
  const [message] = await emailsTo(baseUrl, email.toLowerCase(), subject);
  const link = /(\S+\/academy\/confirm\?token=\S+)/.exec(message?.text ?? '')?.[1];
  expect(link, `a confirmation email to ${email}`).toBeDefined();
  return link ?? '';
}

/** Confirms a waitlist sign-up as its confirmation page does. */
export async function confirmWaitlistSignup(baseUrl: string, email: string): Promise<void> {
  const token = new URL(await waitlistConfirmationLink(baseUrl, email)).searchParams.get('token') ?? '';
  const response = await fetch(`${baseUrl}/api/academy-waitlist/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
}

/**
 * The address of the Upcoming page that lists the booking `matches` picks: other journeys, and the
 * visits seeded for yesterday and today, add bookings before it, so it is not always on page 1.
 */
export async function upcomingPageWith(
  baseUrl: string,
  matches: (booking: { date: string; time: string; name: string; paymentReference: string }) => boolean,
): Promise<string> {
  const headers = { Cookie: await staffCookie(baseUrl) };
  for (let page = 1; page <= 20; page++) {
    const listed = (await (
      await fetch(`${baseUrl}/api/bookings?status=booked&page=${page}`, { headers })
    ).json()) as Array<{ date: string; time: string; name: string; paymentReference: string }>;
    if (listed.some(matches)) return `${paths.admin}/bookings?tab=booked&page=${page}`;
    if (listed.length === 0) break;
  }
  throw new Error('The booking is not among the upcoming ones');
}
