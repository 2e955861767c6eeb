/**
 * The printable gift voucher a recipient's message links to: the card (amount or treatment, who
 * it is for and from, the message, the code in groups, the balance and the last day) and how to
 * use it, on one page that prints on one sheet. A stylesheet of its own: the site's CSP allows no
 * inline style. The code is opened with the card's own token (voucher-codes.ts); a voucher sent
 * before codes were sealed shows where its code is instead.
 */
import type { StudioDetails } from '../../messages/layout';
import { escapeHtml, privatePageStart } from '../../shared/html';
import { formatNaira } from '../../shared/money';
import { formatVoucherCode } from '../../shared/prepaid/voucher-schema';
import { studioName } from '../../shared/site-paths';
import { formatDate, lagosDate } from '../../shared/time';
import { openCodeOnCard } from '../prepaid/voucher-codes';
import type { VoucherRow } from '../prepaid/vouchers';

export const voucherCardStylesPath = '/gift-vouchers/card.css';

export async function renderVoucherCard(
  voucher: VoucherRow,
  cardToken: string,
  studio: StudioDetails,
  now: Date,
): Promise<string> {
  const code = await openCodeOnCard(voucher.cardCodeSealed, cardToken, voucher.id);
  const usable = voucher.status === 'active' && voucher.expiresOn >= lagosDate(now) && voucher.balance > 0;
  const state =
    voucher.status === 'void'
      ? 'This voucher is no longer valid.'
      : voucher.balance === 0
        ? 'This voucher has been used in full.'
        : voucher.expiresOn < lagosDate(now)
          ? `This voucher expired on ${formatDate(voucher.expiresOn)}.`
          : `Balance ${formatNaira(voucher.balance)} of ${formatNaira(voucher.amount)}`;
  const value = voucher.treatment ?? formatNaira(voucher.amount);
  return `${privatePageStart(`Gift voucher for ${voucher.recipientName} · ${studioName}`, voucherCardStylesPath)}
<article class="card" aria-label="Gift voucher">
<p class="eyebrow">${escapeHtml(studioName)} · Gift voucher</p>
<h1>${escapeHtml(value)}</h1>
${voucher.treatment ? `<p class="worth">${formatNaira(voucher.amount)}</p>` : ''}
<p class="people">For ${escapeHtml(voucher.recipientName)}, from ${escapeHtml(voucher.buyerName)}</p>
${voucher.message ? `<blockquote>${escapeHtml(voucher.message)}</blockquote>` : ''}
<p class="code-label">Code</p>
${code ? `<p class="code">${escapeHtml(formatVoucherCode(code))}</p>` : '<p class="code-missing">The code is in the message this card came with.</p>'}
<p class="valid">Valid until ${escapeHtml(formatDate(voucher.expiresOn))}</p>
</article>
<p class="state${usable ? '' : ' state--ended'}" role="status">${escapeHtml(state)}</p>
<section class="how">
<h2>How to use it</h2>
<p>Book a treatment at <a href="${escapeHtml(studio.siteUrl)}/booking">${escapeHtml(studio.siteUrl.replace(/^https?:\/\//, ''))}/booking</a> or shop our skincare, and enter the code under <strong>Gift voucher</strong> when you pay. Use it all at once or over several visits. Questions? Call or WhatsApp us on ${escapeHtml(studio.phone)}.</p>
<p class="print-hint">To print it, use your browser's Print command.</p>
</section>
</main>
</body>
</html>`;
}

export const voucherCardStyles = `
:root { color-scheme: light; font-family: -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
body { margin: 0; background: #faf6f0; color: #2a1d16; }
main { max-width: 36rem; margin: 0 auto; padding: 2rem 1rem 3rem; }
.card { background: #1e130d; color: #faf6f0; border-radius: 1.25rem; padding: 2.25rem 1.5rem; text-align: center;
  border: 2px solid #d8b57f; box-shadow: 0 12px 32px rgb(30 19 13 / 0.25); }
.eyebrow { margin: 0 0 1rem; color: #d8b57f; font-size: 0.8rem; letter-spacing: 0.2em; text-transform: uppercase; font-weight: 700; }
h1 { margin: 0 0 0.25rem; font-family: Georgia, 'Times New Roman', serif; font-size: 2.5rem; line-height: 1.15; }
.worth { margin: 0 0 0.5rem; font-size: 1.25rem; }
.people { margin: 0.75rem 0; }
blockquote { margin: 1rem auto; max-width: 26rem; font-style: italic; white-space: pre-line; }
.code-label { margin: 1.5rem 0 0.25rem; color: #d8b57f; font-size: 0.75rem; letter-spacing: 0.2em; text-transform: uppercase; }
.code { margin: 0; font-family: Menlo, Consolas, monospace; font-size: 1.75rem; font-weight: 700; letter-spacing: 0.08em; }
.code-missing { margin: 0; font-size: 1rem; }
.valid { margin: 1rem 0 0; font-size: 0.9rem; }
.state { margin: 1.25rem 0; text-align: center; font-weight: 600; }
.state--ended { color: #8a2b1d; }
.how h2 { font-family: Georgia, 'Times New Roman', serif; font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
.how p { line-height: 1.6; }
a { color: #6b4423; }
@media print {
  body { background: #fff; }
  .card { box-shadow: none; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .print-hint { display: none; }
}
`;
