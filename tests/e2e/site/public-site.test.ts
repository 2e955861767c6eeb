import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { readStudioContact } from '../../../scripts/lib/studio-contact.ts';
import { readSiteUrl } from '../../../scripts/lib/web-define.ts';
import { paths } from '../../../web/config/paths';
import { academyWaitlistMessages } from '../../../worker/shared/academy/academy-waitlist';
import { type SitePage, sitePages } from '../../../worker/shared/site-pages';
import {
  animationsDone,
  axeViolations,
  eventually,
  nextFrames,
  openPage,
  screenshot,
  scrollThrough,
  sharedChromium,
  type Viewport,
  viewports,
} from '../support/browser';
import { waitlistConfirmationLink } from '../support/staff';

const baseUrl = inject('baseUrl');
const studio = readStudioContact();
const siteUrl = readSiteUrl();
const browser = sharedChromium();

const open = (viewport: Viewport, options = {}) => openPage(browser(), baseUrl, viewport, options);
const h1Text = (page: Page) => page.locator('h1').first().textContent();
/** UI state after an interaction settles asynchronously: poll for it rather than read it once. */

const publicPages: Array<{ page: SitePage; h1: string }> = [
  { page: sitePages.home, h1: 'Awaken Your Best Self with Every Touch' },
  { page: sitePages.about, h1: 'About the spa' },
  { page: sitePages.massageTherapy, h1: 'Massage Therapy' },
  { page: sitePages.booking, h1: 'Book a Service' },
  { page: sitePages.giftVouchers, h1: 'Give the gift of calm' },
  { page: sitePages.orderConfirmation, h1: 'Order Not Found' }, // nothing was paid in this browser
  { page: sitePages.shop, h1: 'Skincare Products' },
  { page: sitePages.faq, h1: 'Frequently Asked Questions' },
  { page: sitePages.academy, h1: 'The Massage Training Academy' },
  { page: sitePages.terms, h1: 'Terms of Service' },
  { page: sitePages.privacy, h1: 'Privacy Policy' },
];

describe('every public page', () => {
  for (const viewport of Object.values(viewports)) {
    it.each(publicPages.map((entry) => [entry.page.path, entry] as const))(
      `%s at ${viewport.width} px: its h1, title and description, no axe violations, no errors`,
      async (_path, { page: sitePage, h1 }) => {
        const { page, problems } = await open(viewport, { bypassCSP: true });
        await page.goto(sitePage.path);
        await expect.poll(() => h1Text(page)).toBe(h1);
        expect(await page.locator('h1').count()).toBe(1);
        await expect.poll(() => page.title()).toBe(sitePage.title);
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(sitePage.description);
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${siteUrl}${sitePage.path}`);
        expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(sitePage.title);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await scrollThrough(page); // loads the pictures that wait for the visitor to come near
        await animationsDone(page.locator('.chat-button')); // the chat button has slid in
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `${sitePage.path.slice(1) || 'home'}-${viewport.width}`);
        expect(problems).toEqual([]);
        await page.context().close();
      },
    );

    it(`the 404 page at ${viewport.width} px`, async () => {
      const { page, problems } = await open(viewport, { bypassCSP: true });
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404); // the prerendered not-found page, with a real 404
      await expect.poll(() => h1Text(page)).toBe('Page not found');
      expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `not-found-${viewport.width}`);
      // Chromium reports the document's own 404 status on the console; nothing else may appear.
      expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
      expect(problems.length).toBeLessThanOrEqual(1);
      await page.context().close();
    });
  }
});

describe('layouts from 360 to 1440 px', () => {
  it.each([360, 1440])('never scroll sideways at %i px', async (width) => {
    const { page } = await open({ width, height: 800 });
    for (const { page: sitePage, h1 } of publicPages) {
      await page.goto(sitePage.path);
      await expect.poll(() => h1Text(page)).toBe(h1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${sitePage.path} at ${width} px`).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
});

describe('header', () => {
  it('is transparent at the top and turns white with a border past 60 px of scrolling', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.massageTherapy);
    await expect.poll(() => h1Text(page)).toBe('Massage Therapy');
    const header = page.locator('header.site-header');
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await eventually(() => header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );

    await page.evaluate(() => window.scrollTo(0, 40));
    await nextFrames(page);
    await eventually(() => header.getAttribute('data-scrolled')).toBe('false');

    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    const style = await header.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { background: computed.backgroundColor, border: computed.borderBottomColor };
    });
    expect(style.background).toBe('rgb(255, 255, 255)');
    expect(style.border).not.toBe('rgba(0, 0, 0, 0)');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
    await page.context().close();
  });

  it('opens the Services dropdown, and Escape, a click outside and choosing an entry close it', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.home);
    const services = page.getByRole('button', { name: 'Services' });
    const academyLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Academy' });

    await services.click();
    await eventually(() => services.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => academyLink.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await eventually(() => services.getAttribute('aria-expanded')).toBe('false');
    await eventually(() => academyLink.isVisible()).toBe(false);
    await eventually(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Services');

    await services.click();
    await page.mouse.click(900, 300); // the hero's artwork: outside the menu, on no link
    await eventually(() => services.getAttribute('aria-expanded')).toBe('false');

    await services.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Massage Therapy' }).click();
    await page.waitForURL(`${baseUrl}${paths.massageTherapy}`);
    await eventually(() => services.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('on a phone, folds the navigation and the booking button into a menu that opens and closes', async () => {
    const { page } = await open(viewports.phone);
    await page.goto(paths.home);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await eventually(() => nav.isVisible()).toBe(false);
    await eventually(() => page.locator('.site-header__cta').isVisible()).toBe(false);

    await menuButton.click();
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    await eventually(() => closeButton.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => nav.isVisible()).toBe(true);
    await eventually(() => nav.getByRole('link', { name: 'Book appointment' }).isVisible()).toBe(true);
    await screenshot(page, 'menu-open-390');

    await page.keyboard.press('Escape');
    await eventually(() => nav.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.mouse.click(200, 800);
    await eventually(() => nav.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('button', { name: 'Services' }).click();
    await nav.getByRole('link', { name: 'Academy' }).click();
    await page.waitForURL(`${baseUrl}${paths.academy}`);
    await eventually(() => nav.isVisible()).toBe(false);
    await eventually(() => page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('keeps the booking button beside the navigation on a desktop', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.about);
    const cta = page.locator('.site-header__cta');
    await eventually(() => cta.isVisible()).toBe(true);
    await eventually(() => cta.getAttribute('href')).toBe(paths.booking);
    await page.context().close();
  });
});

describe('chat button', () => {
  it('appears after 500 ms and opens a WhatsApp chat with the studio in a new tab', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.home);
    const slot = page.locator('.chat-button');
    await eventually(() => slot.evaluate((element) => element.classList.contains('chat-button--visible'))).toBe(true);
    const button = page.getByRole('link', { name: /Chat on WhatsApp/ });
    await eventually(() => button.getAttribute('href')).toBe(`https://wa.me/${studio.whatsapp}?text=`);
    await eventually(() => button.getAttribute('target')).toBe('_blank');
    await eventually(() => button.getAttribute('rel')).toContain('noopener');
    await button.hover();
    await eventually(() => page.locator('.chat-button__dots span').count()).toBe(3);
    await eventually(() => page.locator('.chat-button__dots').isVisible()).toBe(true);
    const delays = await page
      .locator('.chat-button__dots span')
      .evaluateAll((dots) => dots.map((dot) => getComputedStyle(dot).animationDelay));
    expect(delays).toEqual(['0s', '0.1s', '0.2s']);
    await page.context().close();
  });

  it('leaves the end of a page readable on a phone: a round button, and room below the footer for it', async () => {
    for (const path of [paths.academy, paths.shop]) {
      const { page, problems } = await open(viewports.phone);
      await page.goto(path);
      if (path === paths.shop) {
        await page
          .getByRole('button', { name: /^Add to cart: / })
          .first()
          .click();
        await page.locator('.cart-button').waitFor();
      }
      const chat = page.locator('.chat-button');
      await expect
        .poll(() => chat.evaluate((element) => element.classList.contains('chat-button--visible')))
        .toBe(true);
      expect(await page.getByRole('link', { name: /Chat on WhatsApp/ }).count()).toBe(1); // the name stays
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      for (const button of [chat, page.locator('.cart-button')]) {
        if (await button.count()) await animationsDone(button); // finished sliding in
      }
      const footerEnd = await page.locator('.site-footer__bottom').boundingBox();
      const floating = path === paths.shop ? [chat, page.locator('.cart-button')] : [chat];
      for (const button of floating) {
        const box = await button.boundingBox();
        expect(box?.width, path).toBeLessThanOrEqual(56);
        expect(box?.y ?? 0, path).toBeGreaterThanOrEqual((footerEnd?.y ?? 0) + (footerEnd?.height ?? 0));
      }
      await screenshot(page, `page-end${path.replace('/', '-')}-390`, 'viewport');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('is hidden during its first moments, then slides in', async () => {
    const { page } = await open(viewports.desktop);
    // The page's timers wait on the test's clock, so a busy machine cannot let the 500 ms pass unseen.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(paths.about);
    const chat = page.locator('.chat-button');
    await chat.waitFor({ state: 'attached' });
    expect(await chat.isVisible()).toBe(false);
    await page.clock.runFor(1_000); // twice the button's 500 ms delay
    await eventually(() => chat.isVisible()).toBe(true);
    await page.context().close();
  });

  it('does not animate for visitors who prefer reduced motion', async () => {
    const { page } = await open(viewports.desktop, { reducedMotion: 'reduce' });
    await page.goto(paths.home);
    const button = page.locator('.chat-button');
    await expect
      .poll(() => button.evaluate((element) => element.classList.contains('chat-button--visible')))
      .toBe(true);
    const duration = await button.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(duration.split(', ').every((value) => Number.parseFloat(value) < 0.01)).toBe(true);
    await page.context().close();
  });
});

describe('massage therapy page', () => {
  it('lists all eleven treatments with prices in naira, each with Book Now to the booking page', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.massageTherapy);
    await page.locator('.treatment-card').first().waitFor();
    await eventually(() => page.locator('.treatment-card').count()).toBe(11);
    await eventually(() => page.locator('.treatment-card', { hasText: 'Sleepover' }).textContent()).toContain(
      '₦200,000',
    );
    await eventually(() => page.locator('.treatment-card', { hasText: 'Sleepover' }).textContent()).toContain(
      'Overnight',
    );
    // Book Now carries its treatment: ticked on the booking page, the date and time in view.
    await page.getByRole('link', { name: 'Book Now Swedish' }).click();
    await page.waitForURL(`${baseUrl}${paths.booking}`);
    await eventually(() => page.getByLabel('Swedish').isChecked()).toBe(true);
    expect(await page.getByLabel('Hot Stone').isChecked()).toBe(false);
    await eventually(() =>
      page.locator('#booking-when').evaluate((heading) => {
        const { top } = heading.getBoundingClientRect();
        return top >= 0 && top < window.innerHeight / 2;
      }),
    ).toBe(true);
    await page.context().close();
  });

  it('offers a free consultation over WhatsApp with a prefilled message', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.massageTherapy);
    const href = await page.getByRole('link', { name: /Chat with us/ }).getAttribute('href');
    const url = new URL(href ?? '');
    expect(url.origin + url.pathname).toBe(`https://wa.me/${studio.whatsapp}`);
    expect(url.searchParams.get('text')).toMatch(/free massage consultation/);
    await page.context().close();
  });
});

describe('FAQ', () => {
  it('keeps one item open at a time, across both groups, by mouse and keyboard', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.faq);
    const sessions = page.getByRole('button', { name: 'How long are your massage sessions?' });
    const returns = page.getByRole('button', { name: 'Can I return a skincare product?' });
    await sessions.click();
    await eventually(() => sessions.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => page.getByText('Our sessions last 30, 60 or 90 minutes').isVisible()).toBe(true);

    await returns.click();
    await eventually(() => returns.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => sessions.getAttribute('aria-expanded')).toBe('false');
    await eventually(() => page.getByText('Our sessions last 30, 60 or 90 minutes').isVisible()).toBe(false);

    await returns.focus();
    await page.keyboard.press('Enter');
    await eventually(() => returns.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await eventually(() =>
      page.getByRole('button', { name: 'Do you offer free samples?' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await page.context().close();
  });

  it('states every fact the studio promises', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.faq);
    await page.locator('.accordion').first().waitFor();
    const text = await page.locator('.faq').evaluate((element) => element.textContent ?? '');
    for (const fact of [
      '30, 60 or 90 minutes',
      'opened skincare products',
      'free samples',
      'consultation is free',
      'reminder email 24 hours',
      'at least 24 hours',
    ]) {
      expect(text).toContain(fact);
    }
    await page.context().close();
  });
});

describe('academy waitlist', () => {
  async function waitlistForm(page: Page) {
    await page.goto(paths.academy);
    await page.getByRole('heading', { name: 'Be first in line' }).scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Join the academy waitlist' });
    await form.waitFor();
    return form;
  }

  async function fill(page: Page, values: { firstName?: string; state?: string; email?: string; whatsapp?: string }) {
    if (values.firstName !== undefined) await page.getByLabel('First name').fill(values.firstName);
    if (values.state !== undefined) await page.getByLabel('Current state of residence').selectOption(values.state);
    if (values.email !== undefined) await page.getByLabel('Email address').fill(values.email);
    if (values.whatsapp !== undefined) await page.getByLabel('WhatsApp number').fill(values.whatsapp);
  }

  it('shows our own message for each empty field, and editing a field clears its message', async () => {
    const { page } = await open(viewports.phone);
    const form = await waitlistForm(page);
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    for (const message of [
      academyWaitlistMessages.firstNameRequired,
      academyWaitlistMessages.stateRequired,
      academyWaitlistMessages.emailRequired,
      academyWaitlistMessages.whatsappRequired,
    ]) {
      await eventually(() => form.getByText(message).isVisible()).toBe(true);
    }
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    await eventually(() => page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'waitlist-errors-390');

    await page.getByLabel('First name').fill('A');
    await eventually(() => form.getByText(academyWaitlistMessages.firstNameRequired).count()).toBe(0);
    await eventually(() => form.getByText(academyWaitlistMessages.emailRequired).isVisible()).toBe(true);
    await page.context().close();
  });

  it.each([
    ['not-an-email', academyWaitlistMessages.emailInvalid],
    [`${'a'.repeat(65)}@example.com`, academyWaitlistMessages.emailUsernameTooLong],
    [`ada@${'b'.repeat(250)}.com`, academyWaitlistMessages.emailTooLong],
  ])('refuses the email %s with its message', async (email, message) => {
    const { page } = await open(viewports.desktop);
    const form = await waitlistForm(page);
    await fill(page, { firstName: 'Ada', state: 'Lagos', email, whatsapp: '0803 123 4567' });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    await eventually(() => form.getByText(message).isVisible()).toBe(true);
    await page.context().close();
  });

  it('refuses a WhatsApp number that is not one', async () => {
    const { page } = await open(viewports.desktop);
    const form = await waitlistForm(page);
    await fill(page, { firstName: 'Ada', state: 'Lagos', email: 'ada@example.com', whatsapp: '12345' });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    await eventually(() => form.getByText(academyWaitlistMessages.whatsappInvalid).isVisible()).toBe(true);
    await page.context().close();
  });

  it('asks a new signup to confirm by email, confirms from the link, and refuses the same email again', async () => {
    const email = `ada.${Date.now()}@Example.com`;
    const first = await open(viewports.desktop);
    const form = await waitlistForm(first.page);
    await fill(first.page, { firstName: 'Ada', state: 'Federal Capital Territory', email, whatsapp: '0803 123 4567' });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    const thanks = first.page.getByRole('status');
    await thanks.waitFor();
    await eventually(() => thanks.textContent()).toContain('Please check your inbox');
    await eventually(() => thanks.textContent()).toContain('first 50');
    await eventually(() => thanks.textContent()).toContain('Thank you, Ada!');
    await screenshot(first.page, 'waitlist-thanks-1280');
    expect(first.problems).toEqual([]);

    // The link of the confirmation email (read from the outbox, as staff can).
    const link = await waitlistConfirmationLink(baseUrl, email);
    const confirmPage = await open(viewports.phone, { bypassCSP: true });
    await confirmPage.page.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await eventually(() => confirmPage.page.locator('h1').textContent()).toBe(
      'Your place on the waitlist is confirmed',
    );
    expect(await confirmPage.page.locator('main').textContent()).toContain('Thank you, Ada!');
    expect(await axeViolations(confirmPage.page)).toEqual([]);
    await screenshot(confirmPage.page, 'waitlist-confirmed-390');
    await confirmPage.page.goto(`${paths.academyConfirm}?token=forged.AAAA`);
    await eventually(() => confirmPage.page.locator('h1').textContent()).toBe('We could not confirm your place');
    expect(confirmPage.problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await confirmPage.page.context().close();
    await first.page.context().close();

    const second = await open(viewports.desktop);
    const again = await waitlistForm(second.page);
    await fill(second.page, {
      firstName: 'Adaeze',
      state: 'Lagos',
      email: email.toUpperCase(),
      whatsapp: '+234 803 123 4567',
    });
    await again.getByRole('button', { name: 'Join Waitlist' }).click();
    const alert = second.page.getByRole('alert');
    await alert.waitFor();
    await eventually(() => alert.textContent()).toBe(academyWaitlistMessages.duplicate);
    await second.page.getByLabel('First name').fill('Ada');
    await eventually(() => second.page.getByRole('alert').count()).toBe(0);
    await second.page.context().close();
  });

  it('lets the home page visitor join too', async () => {
    const { page } = await open(viewports.phone);
    await page.goto(paths.home);
    await page.getByRole('heading', { name: 'Train with us at the Academy' }).scrollIntoViewIfNeeded();
    await page.getByRole('form', { name: 'Join the academy waitlist' }).waitFor();
    await fill(page, {
      firstName: 'Tolu',
      state: 'Oyo',
      email: `tolu.${Date.now()}@example.com`,
      whatsapp: '09012345678',
    });
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await page.getByRole('status').waitFor();
    await eventually(() => page.getByRole('status').textContent()).toContain('Thank you, Tolu!');
    await page.context().close();
  });
});

describe('navigation', () => {
  it('starts each new page at the top', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.home);
    await expect.poll(() => h1Text(page)).toBe('Awaken Your Best Self with Every Touch');
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(await page.locator('.site-footer').textContent()).toContain(
      `© 2025–${new Date().getFullYear()} Spa & Skincare Studio. All rights reserved.`,
    );
    await page.locator('.site-footer').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`${baseUrl}${paths.faq}`);
    await expect.poll(() => h1Text(page)).toBe('Frequently Asked Questions');
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('offers a skip link to the main content', async () => {
    const { page } = await open(viewports.desktop);
    await page.goto(paths.about);
    await expect.poll(() => h1Text(page)).toBe('About the spa');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await eventually(() => skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await eventually(() => skip.isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('findability', () => {
  it('describes the studio as a DaySpa in JSON-LD with address, phone, hours and prices in naira', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(json ?? '{}');
    expect(data).toMatchObject({
      '@type': 'DaySpa',
      telephone: studio.phone,
      openingHours: 'Mo-Su 09:00-17:00',
      currenciesAccepted: 'NGN',
      address: { streetAddress: studio.address, addressCountry: 'NG' },
    });
    expect(data.priceRange).toBe('₦6,000 – ₦200,000');
  });

  it('serves robots.txt and sitemap.xml from the worker', async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('Content-Type')).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toContain(`<loc>${siteUrl}/faq</loc>`);
  });
});
