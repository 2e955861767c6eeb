// Steps of the booking form that several browser journeys share.
import type { Locator, Page } from 'playwright-core';

/** The therapists of a fresh install (migrations/0010): the places at each start time. */
export const SLOT_CAPACITY = 2;

/** Picks two treatments, a date and a time, and fills in the contact details. */
export async function fillBooking(page: Page, date: string, time: string): Promise<void> {
  await page.getByLabel('Swedish').check();
  await page.getByLabel('Hot Stone').check();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.locator(`.slot:has(input[value="${time}"])`).click();
  await page.getByLabel('Full name').fill('Ada Obi');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByLabel('Phone number').fill('0803 123 4567');
}

/** Agrees to the disclaimer and confirms the form; returns the payment dialog it opens. */
export async function confirmBooking(page: Page): Promise<Locator> {
  await page.getByLabel(/I confirm the information above is accurate/).check();
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review and pay' });
  await dialog.waitFor();
  return dialog;
}

/** Places left in each slot of a date, as the site's availability API reports them. */
export async function placesLeft(baseUrl: string, date: string): Promise<Record<string, number>> {
  const response = await fetch(`${baseUrl}/api/availability?date=${date}`);
  const body = (await response.json()) as { slots: Array<{ time: string; left: number }> };
  return Object.fromEntries(body.slots.map((slot) => [slot.time, slot.left]));
}

/**
 * Opens "I have a gift voucher or package" (or "… membership") in the payment dialog: until then its
 * fields are hidden, so a first-time client sees the coupon alone.
 */
export async function openPrepaidCodes(dialog: Locator): Promise<void> {
  await dialog.getByText(/^I have a gift voucher or (package|membership)$/).click();
}
