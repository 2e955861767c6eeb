// A phone booking's health form in Chromium: reception books by phone, the client opens
// the private link on their phone, meets the same questions, rules and consent as online, sends
// them once; an altered link opens nothing. 390 px and 1280 px, with axe.
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { visitFormToken } from '../../../worker/services/bookings/visit-form-links';
import { bookingMessages } from '../../../worker/shared/bookings/booking';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { axeViolations, eventually, openPage, screenshot, sharedChromium, viewports } from '../support/browser';
import { staffCookie } from '../support/staff';

const baseUrl = inject('baseUrl');
const browser = sharedChromium();
const secret = /^MANAGE_LINK_SECRET=(.*)$/m.exec(readFileSync('.dev.vars.example', 'utf8'))?.[1] ?? '';

/** A booking reception takes by phone (no health answers): its form's path. */
async function phoneBooking(name: string, daysAhead: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { Cookie: await staffCookie(baseUrl), Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      phone: '0805 111 2222',
      subservices: ['Swedish'],
      date: addDays(lagosDate(new Date()), daysAhead),
      time: '12:00',
      payment: 'unpaid',
    }),
  });
  expect(response.status).toBe(201);
  const { booking } = (await response.json()) as { booking: { _id: string } };
  return `/visit-form/${await visitFormToken(booking._id, secret)}`;
}

describe('the health form of a phone booking', () => {
  it('is filled from its link on a phone, with the online form’s rules, once (390 px)', async () => {
    const path = await phoneBooking('Halima Bello', 33);
    const { page, problems } = await openPage(browser(), baseUrl, viewports.phone, { bypassCSP: true });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'A few health questions' }).waitFor();
    expect(await page.getByText(/Halima, for your Swedish on/).count()).toBe(1);

    // The same rules as online: consent first, and the medication named.
    await page.getByLabel('I am currently on medication').check();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText(bookingMessages.medicationDetails).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'visit-form-errors-390');
    await page.getByLabel('Which medication?').fill('Metformin 500mg');
    await page.getByLabel('Diabetes').check();
    await page.getByLabel('Notes for your therapist (optional)').fill('Please go gently on my lower back.');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await eventually(() => page.getByText(bookingMessages.noDisclaimer).count()).toBe(1);
    await page.getByRole('checkbox', { name: /I confirm the information above is accurate/ }).check();
    await screenshot(page, 'visit-form-390');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'visit-form-thanks-390', 'viewport');

    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'We have your answers' }).waitFor();
    await page.goto(`${path.slice(0, -3)}xyz`);
    await page.getByRole('heading', { level: 1, name: 'This health form cannot be opened' }).waitFor();
    expect(await page.getByText('This link is not valid.', { exact: false }).count()).toBe(1);
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('reads well on a desktop too (1280 px)', async () => {
    const path = await phoneBooking('Musa Garba', 34);
    const { page, problems } = await openPage(browser(), baseUrl, viewports.desktop, { bypassCSP: true });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'A few health questions' }).waitFor();
    await page.getByLabel('Diabetes').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'visit-form-1280');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
