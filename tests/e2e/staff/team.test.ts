// The team in the browser: the owner invites a receptionist, who chooses her password from the
// emailed link, books a phone client, and never sees the revenue or a client's health answers; a
// therapist sees only their own day; everyone has Your account; a forgotten password is asked for
// on the login page.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { describe, expect, inject, it } from 'vitest';
import { paths } from '../../../web/config/paths';
import { formatVisit } from '../../../worker/shared/bookings/schedule';
import { addDays, formatAppointment, lagosDate } from '../../../worker/shared/time';
import {
  atBothWidths,
  axeViolations,
  eventually,
  openPage,
  screenshot,
  sharedChromium,
  viewports,
} from '../support/browser';
import { THERAPIST } from '../support/global-setup';
import { payBookingOverHttp } from '../support/pay-over-http';
import { signIn, staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();

const health = { healthConditions: ['Pregnancy'], onMedication: true, medicationDetails: 'Folic acid 5mg' };

/** The invitation link emailed to `email`, read from the outbox as the owner can. */
async function invitationLink(email: string): Promise<string> {
  const headers = { Cookie: await staffCookie(baseUrl) };
  const listed = (await (await fetch(`${baseUrl}/api/messages?template=team-invitation`, { headers })).json()) as {
    messages: Array<{ _id: string; to: string }>;
  };
  const id = listed.messages.find((message) => message.to === email)?._id;
  expect(id, `an invitation to ${email}`).toBeDefined();
  const message = (await (await fetch(`${baseUrl}/api/messages/${id}`, { headers })).json()) as { text: string };
  const link = /(\S+\/admin\/welcome\?token=[A-Za-z0-9_-]+)/.exec(message.text)?.[1];
  expect(link).toBeDefined();
  return new URL(link ?? '').pathname + new URL(link ?? '').search;
}

describe('the owner invites a receptionist', () => {
  it('who chooses her password, books a phone client, and sees no revenue or health answer', async () => {
    const date = addDays(lagosDate(new Date()), 47);
    await payBookingOverHttp(baseUrl, 'Funmi Ade', date, '10:00', health);

    // The owner, at a desk: the Team screen and the invitation.
    const owner = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await signIn(owner.page, `${paths.admin}/team`);
    await owner.page.getByRole('heading', { name: 'Team' }).waitFor();
    await owner.page.getByRole('button', { name: 'Invite a person' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Invite a person' });
    await dialog.getByLabel('Name').fill('Ifeoma Nwosu');
    await dialog.getByLabel('Email').fill('Ifeoma@Studio.test');
    await dialog.getByLabel('Role').selectOption('reception');
    expect(await dialog.textContent()).toContain('No revenue, exports, coupons, campaigns or settings.');
    expect(await axeViolations(owner.page)).toEqual([]);
    await screenshot(owner.page, 'admin-team-invite-1280', 'viewport');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await eventually(() => owner.page.getByRole('status').textContent()).toBe(
      'Invitation sent to ifeoma@studio.test. The link works for 72 hours.',
    );
    const row = owner.page.getByRole('row').filter({ hasText: 'Ifeoma Nwosu' });
    await eventually(() => row.textContent()).toContain('Invited');
    expect(await axeViolations(owner.page)).toEqual([]);
    await screenshot(owner.page, 'admin-team-1280');
    expect(owner.problems).toEqual([]);
    await owner.page.context().close();

    // The receptionist, on her phone: the link, her password, and straight in.
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(await invitationLink('ifeoma@studio.test'));
    await page.getByRole('heading', { name: 'Welcome to the team' }).waitFor();
    // The token leaves the address bar at once.
    expect(page.url()).toBe(`${baseUrl}${paths.admin}/welcome`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-welcome-390', 'viewport');
    await page.getByLabel('New password').fill('password1234');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('one of the most common ones');
    await screenshot(page, 'admin-welcome-weak-390', 'viewport');
    await page.getByLabel('New password').fill('blue kettle on the veranda');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    // She starts on Your account, offered a passkey; then the desk.
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('Welcome, Ifeoma Nwosu.');
    await page.goto(`${paths.admin}/bookings`);
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();

    // No figures; the booking's health answers are not hers to read.
    expect(await page.getByText('Booking revenue this month').count()).toBe(0);
    const booking = page.getByRole('listitem').filter({ hasText: formatAppointment(date, '10:00') });
    await booking.getByRole('button', { name: 'Details' }).click();
    const details = booking.locator('.admin-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('Shown only to the visit’s therapist, managers and the owner.');
    expect(await page.content()).not.toMatch(/Pregnancy|Folic acid/);
    expect(await booking.getByText('Read health notes first').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-reception-health-hidden-390');

    // A phone booking.
    await page.getByRole('button', { name: 'New booking' }).click();
    const form = page.getByRole('dialog', { name: 'New booking' });
    await form.getByLabel('Client’s name').fill('Chidi Okoro');
    await form.getByLabel('Phone or WhatsApp number').fill('0806 333 4444');
    await form.getByLabel('Deep Tissue').check();
    await form.getByLabel('Date').fill(date);
    await form.getByLabel('Time').selectOption('14:00');
    await form.getByLabel('Cash at the studio').check();
    await form.getByRole('button', { name: 'Book' }).click();
    await eventually(() => page.getByRole('status').first().textContent()).toContain(
      `Chidi Okoro is booked on ${formatVisit(date, '14:00', 60)}`,
    );

    // Nor by typing addresses: the revenue, an export and the CSV answer 403.
    const statuses = await page.evaluate(async () =>
      Promise.all(['/api/stats', '/api/export/bookings.csv'].map(async (path) => (await fetch(path)).status)),
    );
    expect(statuses).toEqual([403, 403]);
    // The weak password's 400 and those 403s are the only failed requests.
    expect(problems.filter((problem) => !/status of 40[03]/.test(problem))).toEqual([]);
    await page.context().close();
  });
});

describe('a therapist', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('sees only their own day, with their clients’ health answers (%s)', async (label, viewport) => {
    const date = addDays(lagosDate(new Date()), label === 'phone' ? 48 : 49);
    await payBookingOverHttp(baseUrl, 'Zainab Musa', date, '11:00', { ...health, therapistId: THERAPIST.therapistId });
    await payBookingOverHttp(baseUrl, 'Emeka Obi', date, '11:00', { therapistId: 'therapist-2' });
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await page.goto(`${paths.admin}/calendar?date=${date}`);
    await page.getByLabel('Username').fill(THERAPIST.email);
    await page.getByLabel('Password', { exact: true }).fill(THERAPIST.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    await page.getByRole('button', { name: /^Zainab Musa\W+11:00 AM – 12:00 PM\W+Swedish/ }).waitFor();
    expect(await page.getByText('Emeka Obi').count()).toBe(0);
    expect(await page.getByText('Therapist 2').count()).toBe(0);
    // Their day to read, not to book into.
    expect(await page.getByRole('button', { name: /^New booking/ }).count()).toBe(0);
    if (label === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Today', 'Bookings', 'Calendar', 'Your account']);
    if (label === 'phone') await page.keyboard.press('Escape');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-therapist-calendar-${viewport.width}`);

    await page.getByRole('button', { name: /^Zainab Musa/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Zainab Musa' });
    await eventually(() => dialog.textContent()).toContain('Pregnancy');
    expect(await dialog.textContent()).toContain('Folic acid 5mg');
    expect(await dialog.getByRole('button', { name: 'Move booking' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-therapist-booking-${viewport.width}`, 'viewport');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('your account and a forgotten password', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('are each one form, labelled and checked by axe (%s)', async (_, viewport) => {
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await page.goto(paths.admin);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await page.getByLabel('Email').fill('nobody@studio.test');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await eventually(() => page.getByRole('status').textContent()).toContain('If that email belongs to a member');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-forgot-${viewport.width}`, 'viewport');
    await page.getByRole('button', { name: 'Back to login' }).click();

    await signIn(page, `${paths.admin}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password').fill('blue kettle on the veranda');
    await page.getByRole('button', { name: 'Change password' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toBe('Your current password is not right.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-account-${viewport.width}`);
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.context().close();
  });
});

describe('the activity log', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('shows the owner who did what, filtered (%s)', async (_, viewport) => {
    const { page, problems } = await openPage(browser(), baseUrl, viewport, { bypassCSP: true });
    await signIn(page, `${paths.admin}/activity`);
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await page.getByLabel('What').selectOption({ label: 'Signed in' });
    const rows = page.getByRole('row').filter({ hasText: 'Signed in' });
    await eventually(() => rows.count()).toBeGreaterThan(0);
    expect(await page.getByRole('row').filter({ hasText: 'Took a booking' }).count()).toBe(0);
    expect(await rows.first().textContent()).toContain('Studio owner');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `admin-activity-${viewport.width}`, 'viewport');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('a passkey', () => {
  it('is added on Your account and then signs in alone (Chromium’s virtual authenticator)', async () => {
    // WebAuthn takes a domain, not an address: the same local site as localhost.
    const localhost = baseUrl.replace('127.0.0.1', 'localhost');
    const { page, problems } = await openPage(browser(), localhost, viewports.phone, { bypassCSP: true });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, `${paths.admin}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByLabel('Name of the new passkey').fill('Test phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await eventually(() => page.getByRole('region', { name: 'Passkeys' }).textContent()).toContain(
      'Passkey “Test phone” added.',
    );
    await page.getByRole('button', { name: 'Remove passkey Test phone' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-account-passkey-390');

    // Signed out, the passkey alone signs in: no username, no password.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await screenshot(page, 'admin-login-passkey-390', 'viewport');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Massage Bookings' }).waitFor();
    const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
    expect(session).toMatchObject({ authenticated: true, user: { role: 'owner' } });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the Team screen and the welcome page at the other width', () => {
  it('show the team on a phone and the invitation’s page on a desk, checked by axe', async () => {
    const cookie = await staffCookie(baseUrl);
    const invited = await fetch(`${baseUrl}/api/team`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
      body: JSON.stringify({ name: 'Segun Ade', email: 'segun@studio.test', role: 'manager' }),
    });
    expect(invited.status).toBe(201);

    const phone = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await signIn(phone.page, `${paths.admin}/team`);
    await phone.page.getByRole('heading', { name: 'Team' }).waitFor();
    await eventually(() => phone.page.getByText('segun@studio.test').count()).toBeGreaterThan(0);
    // The only owner can be neither demoted nor deactivated: the row says why instead.
    const me = phone.page.getByRole('row').filter({ hasText: 'The install’s admin username' });
    await me.getByText('The only owner: make someone else an owner first', { exact: false }).waitFor();
    expect(await me.getByRole('button', { name: /^(Change role|Deactivate) / }).count()).toBe(0);
    expect(await phone.page.getByRole('button', { name: 'Change role of Segun Ade' }).count()).toBe(1);
    expect(await axeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'admin-team-390');
    expect(phone.problems).toEqual([]);
    await phone.page.context().close();

    const desk = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await desk.page.goto(await invitationLink('segun@studio.test'));
    await desk.page.getByRole('heading', { name: 'Welcome to the team' }).waitFor();
    expect(await axeViolations(desk.page)).toEqual([]);
    await screenshot(desk.page, 'admin-welcome-1280', 'viewport');
    expect(desk.problems).toEqual([]);
    await desk.page.context().close();
  });
});

describe('the owner’s Reset second factor', () => {
  it('removes a member’s authenticator app from the Team screen, signs them out and tells them', async () => {
    const owner = await staffCookie(baseUrl);
    const json = (cookie: string) => ({ 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie });
    const invited = await fetch(`${baseUrl}/api/team`, {
      method: 'POST',
      headers: json(owner),
      body: JSON.stringify({ name: 'Kunle Bello', email: 'kunle@studio.test', role: 'manager' }),
    });
    expect(invited.status).toBe(201);
    // Kunle accepts, then adds an authenticator app (its key typed into the "app" here).
    const token = new URLSearchParams((await invitationLink('kunle@studio.test')).split('?')[1]).get('token');
    const accepted = await fetch(`${baseUrl}/api/auth/invitations/accept`, {
      method: 'POST',
      headers: json(''),
      body: JSON.stringify({ token, password: 'kunle walks by the lagoon' }),
    });
    expect(accepted.status).toBe(200);
    const kunle = (accepted.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    const setup = (await (
      await fetch(`${baseUrl}/api/auth/totp/setup`, { method: 'POST', headers: json(kunle) })
    ).json()) as { secret: string };
    const code = generateTOTP(decodeBase32IgnorePadding(setup.secret.replace(/ /g, '')), 30, 6);
    const added = await fetch(`${baseUrl}/api/auth/totp`, {
      method: 'POST',
      headers: json(kunle),
      body: JSON.stringify({ code }),
    });
    expect(added.status).toBe(200);

    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    page.on('dialog', (dialog) => {
      expect(dialog.message()).toContain('Reset the second factor of Kunle Bello?');
      void dialog.accept();
    });
    await signIn(page, `${paths.admin}/team`);
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    const reset = page.getByRole('button', { name: 'Reset second factor of Kunle Bello' });
    await reset.waitFor();
    // Only for a member with a factor, and not the owner's own row: theirs are on Your account.
    expect(await page.getByRole('button', { name: /^Reset second factor of/ }).count()).toBe(1);
    await reset.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-team-reset-button-390', 'viewport');
    await reset.click();
    await eventually(() => page.getByRole('status').textContent()).toContain(
      'Kunle Bello’s passkeys and authenticator app are removed, and they are signed out.',
    );
    await eventually(() => page.getByRole('button', { name: 'Reset second factor of Kunle Bello' }).count()).toBe(0);
    await atBothWidths(page, 'admin-team-reset');
    expect(problems).toEqual([]);
    await page.context().close();

    const session = await (await fetch(`${baseUrl}/api/auth/session`, { headers: { Cookie: kunle } })).json();
    expect(session).toEqual({ authenticated: false });
    const notices = (await (
      await fetch(`${baseUrl}/api/messages?template=security-notice`, { headers: { Cookie: owner } })
    ).json()) as { messages: Array<{ to: string; subject: string }> };
    expect(notices.messages).toContainEqual(
      expect.objectContaining({ to: 'kunle@studio.test', subject: 'Your second factors were reset' }),
    );
  });
});
