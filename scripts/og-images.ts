// `npm run og-images`: draws the link-preview pictures (1200×630 PNG, web/public/og/) in the
// site's look with Chromium. Run it after changing a card's words; the PNGs are committed, so
// the build and the tests never need a browser for them.
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { products } from '../worker/shared/catalogue/products.ts';
import { treatments } from '../worker/shared/catalogue/treatment-list.ts';
import { formatNaira } from '../worker/shared/money.ts';
import { studioName } from '../worker/shared/site-paths.ts';
import { chromiumFlags, chromiumPath } from './lib/chromium.ts';

interface Card {
  file: string;
  eyebrow: string;
  title: string;
  line: string;
  pictures?: string[];
}

const cheapest = Math.min(...treatments.map((treatment) => treatment.price));

const cards: Card[] = [
  {
    file: 'studio',
    eyebrow: 'Massage · Skincare · Lagos',
    title: 'Awaken your best self with every touch',
    line: 'Book online in minutes · Shop our skincare range',
  },
  {
    file: 'massage-therapy',
    eyebrow: 'Massage Therapy',
    title: 'Swedish, Deep Tissue, Hot\u00a0Stone and signature rituals',
    line: `30 to 90 minutes · from ${formatNaira(cheapest)} · Book online`,
  },
  {
    file: 'shop',
    eyebrow: 'Skincare Shop',
    title: 'Body oils, scrubs and facial care for glowing skin',
    line: 'Order online · Delivered to your door',
    pictures: products.slice(0, 3).map((product) => product.image),
  },
  {
    file: 'academy',
    eyebrow: 'Training Academy · Coming soon',
    title: 'Learn professional massage therapy',
    line: 'Join the waitlist: the first 50 get a tuition discount',
  },
];

const dataUrl = (publicPath: string) =>
  `data:image/svg+xml;base64,${readFileSync(`web/public${publicPath}`).toString('base64')}`;

const logoMark = `<svg width="64" height="64" viewBox="0 0 40 40"><circle cx="20" cy="20" r="19" fill="none" stroke="#d8b57f" stroke-width="1.5"/><path d="M20 9c-4.5 5.6-6.5 9.7-6.5 13a6.5 6.5 0 0 0 13 0c0-3.3-2-7.4-6.5-13z" fill="#d8b57f"/><path d="M9 24c4 0 7 2 8.5 6M31 24c-4 0-7 2-8.5 6" fill="none" stroke="#d8b57f" stroke-width="1.5" stroke-linecap="round"/></svg>`;

function cardHtml(card: Card): string {
  const pictures = card.pictures
    ? `<div class="pictures">${card.pictures.map((src) => `<img src="${dataUrl(src)}" alt="">`).join('')}</div>`
    : '';
  return `<!doctype html><html><head><style>
    * { box-sizing: border-box; margin: 0; }
    body { width: 1200px; height: 630px; overflow: hidden; font-family: "Liberation Sans", "DejaVu Sans", sans-serif;
      color: #f7efe4; background: #1e130d url("${dataUrl('/images/hero-texture.svg')}") center / cover; }
    .card { position: relative; height: 100%; padding: 72px 80px; display: flex; flex-direction: column; }
    .brand { display: flex; align-items: center; gap: 20px; font-family: "Liberation Serif", "DejaVu Serif", serif;
      font-size: 34px; letter-spacing: 0.01em; }
    .eyebrow { margin-top: auto; font-size: 26px; letter-spacing: 0.14em; text-transform: uppercase; color: #d8b57f; }
    h1 { margin-top: 18px; max-width: ${card.pictures ? 560 : 820}px; font-family: "Liberation Serif", "DejaVu Serif", serif;
      font-weight: 400; font-size: 68px; line-height: 1.08; }
    .line { margin-top: 28px; font-size: 28px; color: #e0d2c1; }
    .rule { position: absolute; left: 80px; right: 80px; bottom: 44px; height: 2px; background: #d8b57f; opacity: 0.5; }
    .pictures { position: absolute; right: 64px; top: 170px; display: flex; gap: 16px; }
    .pictures img { width: 136px; height: 136px; border-radius: 20px; background: #faf6f0; }
    .pictures img:nth-child(2) { margin-top: 60px; }
    .pictures img:nth-child(3) { margin-top: 120px; }
  </style></head><body><div class="card">
    <div class="brand">${logoMark}<span>${studioName.replace('&', '&amp;')}</span></div>
    ${pictures}
    <p class="eyebrow">${card.eyebrow}</p>
    <h1>${card.title}</h1>
    <p class="line">${card.line}</p>
    <div class="rule"></div>
  </div></body></html>`;
}

mkdirSync('web/public/og', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const card of cards) {
    await page.setContent(cardHtml(card));
    await page.screenshot({ path: `web/public/og/${card.file}.png` });
    console.log(`web/public/og/${card.file}.png`);
  }
} finally {
  await browser.close();
}
