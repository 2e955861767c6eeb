import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { vouchers } from '../../db/schema';
import type { AppEnv } from '../../env';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { payerKeyHash } from '../../middleware/payer-cookie';
import { rateLimit } from '../../middleware/rate-limit';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { renderVoucherCard, voucherCardStyles, voucherCardStylesPath } from '../../services/pages/voucher-card-page';
import { voucherBoughtMessages } from '../../services/prepaid/prepaid-messages';
import { deliverVoucher, resendVoucher } from '../../services/prepaid/voucher-delivery';
import {
  findVoucher,
  listVouchers,
  sellVoucherAtDesk,
  voidVoucher,
  voucherFigures,
} from '../../services/prepaid/voucher-desk';
import { checkVoucher, voucherFacts } from '../../services/prepaid/vouchers';
import { sha256Hex } from '../../services/signing';
import { loggable } from '../../shared/loggable';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { can } from '../../shared/permissions';
import { lineOf } from '../../shared/plain-text';
import { voucherFields, voucherRules } from '../../shared/prepaid/voucher-schema';
import { studioPaymentMethods } from '../../shared/statuses';
import { formatDate, lagosDate } from '../../shared/time';
import { pageQuery } from '../list-query';
import { routeGroup } from '../route-group';

export const voucherRouteMessages = {
  notFound: 'That gift voucher is not on record.',
  notActive: 'Only an active gift voucher can be voided, and only once.',
  reason: 'Please say why it is voided (at most 300 characters).',
  cannotResend: 'A void gift voucher cannot be sent.',
  resendRaced:
    'This gift voucher was just sent again (by someone else, or a second click). Its newest code is the one that works.',
  notYetSent: (deliverOn: string, today: string) =>
    deliverOn <= today
      ? 'This gift voucher is being sent now; it can be resent once it has gone.'
      : `This gift voucher is sent on ${formatDate(deliverOn)}, as the buyer chose; it can be resent after that.`,
} as const;

const checkBody = () =>
  z.object({
    code: z
      .string({ error: 'Please enter a gift voucher code' })
      .check(z.trim(), z.minLength(1, 'Please enter a gift voucher code'), z.maxLength(40)),
  });

/** Anyone: what a code is worth (the coupons' rate limit: codes are not to be guessed). */
export const publicVoucherRoutes = routeGroup().post(
  '/vouchers/check',
  rateLimit('FORM_LIMITER', 'coupon'),
  validate('json', checkBody),
  async (c) => {
    const browser = await payerKeyHash(c);
    const mine = browser
      ? sql`select reference from payments where status = 'pending' and browser_key_hash = ${browser}`
      : undefined;
    return c.json(await checkVoucher(c.var.db, c.req.valid('json').code, new Date(), mine), 200, {
      'Cache-Control': 'no-store',
    });
  },
);

/** The printable card a recipient's message links to: its token is the only key to it. */
export const voucherCardRoutes = routeGroup()
  .get(voucherCardStylesPath, (c) =>
    c.body(voucherCardStyles, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=600',
    }),
  )
  .get('/gift-vouchers/card/:token', async (c) => {
    const token = c.req.param('token');
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return c.notFound();
    const [voucher] = await c.var.db
      .select()
      .from(vouchers)
      .where(sql`${vouchers.cardTokenHash} = ${await sha256Hex(token)}`)
      .limit(1);
    if (!voucher) return c.notFound();
    return c.html(await renderVoucherCard(voucher, token, studioDetails(c.env), new Date()), 200, {
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  });

const listBody = () => z.extend(pageQuery(), { q: z._default(z.string().check(z.maxLength(100)), '') });

/** A desk sale: the purchase's fields, the buyer's email optional, and how it was paid. */
const deskSaleBody = () =>
  z
    .object({
      ...voucherFields(),
      paymentType: z._default(z.literal('voucher'), 'voucher'),
      buyerEmail: z.optional(z.union([z.literal(''), voucherFields().buyerEmail])),
      payment: z.enum(studioPaymentMethods, { error: 'Say how it was paid: cash, transfer or pos' }),
    })
    .check(voucherRules());

const voidBody = () =>
  z.object({
    reason: lineOf(3, 300, voucherRouteMessages.reason),
  });

const deliveryContext = (c: Context<AppEnv>, now: Date) => ({
  db: c.var.db,
  queue: c.env.MESSAGES,
  studio: studioDetails(c.env),
  now,
});

/** Staff: the Vouchers screen. */
export const adminVoucherRoutes = routeGroup()
  .get('/vouchers', validate('query', listBody), async (c) => {
    const now = new Date();
    const { vouchers: rows, total } = await listVouchers(c.var.db, c.req.valid('query'), now);
    // The money figures are for those who see the studio's revenue.
    const figures = can(staffMember(c).role, 'revenue') ? await voucherFigures(c.var.db, now) : null;
    return c.json({ vouchers: rows, figures }, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .post('/vouchers', sameOriginJson, validate('json', deskSaleBody), async (c) => {
    const { payment, ...details } = c.req.valid('json');
    const now = new Date();
    const result = await sellVoucherAtDesk(
      c.var.db,
      { ...details, buyerEmail: details.buyerEmail || undefined },
      { payment, now, soldBy: staffMember(c).name, soldByRole: staffMember(c).role },
    );
    if (!result.ok) return c.json({ message: result.message }, result.status);
    const { voucher } = result;
    const studio = studioDetails(c.env);
    const messages = await voucherBoughtMessages(voucherFacts(voucher), voucher.buyerEmail, studio);
    afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, messages));
    // Sold for today: sent now, so the desk can tell the buyer the code's last 4 (a failure is the cron's).
    const last4 =
      voucher.deliverOn <= lagosDate(now)
        ? await deliverVoucher(deliveryContext(c, now), voucher).catch((error) => {
            console.error('Gift voucher left for the cron to deliver', voucher.paymentReference, loggable(error));
            return undefined;
          })
        : undefined;
    return c.json({ _id: voucher.id, last4: last4 ?? '', amount: voucher.amount, deliverOn: voucher.deliverOn }, 201);
  })
  .post('/vouchers/:id/resend', sameOriginJson, async (c) => {
    const voucher = await findVoucher(c.var.db, c.req.param('id'));
    if (!voucher) return c.json({ message: voucherRouteMessages.notFound }, 404);
    if (voucher.status !== 'active') return c.json({ message: voucherRouteMessages.cannotResend }, 409);
    if (!voucher.deliveredAt) {
      return c.json({ message: voucherRouteMessages.notYetSent(voucher.deliverOn, lagosDate(new Date())) }, 409);
    }
    const last4 = await resendVoucher(deliveryContext(c, new Date()), voucher);
    if (last4 === undefined) return c.json({ message: voucherRouteMessages.resendRaced }, 409);
    return c.json({ success: true as const, last4 });
  })
  .post('/vouchers/:id/void', sameOriginJson, validate('json', voidBody), async (c) => {
    const id = c.req.param('id');
    const voided = await voidVoucher(c.var.db, id, c.req.valid('json').reason);
    if (voided) return c.json({ success: true as const, state: 'void' as const });
    return (await findVoucher(c.var.db, id))
      ? c.json({ message: voucherRouteMessages.notActive }, 409)
      : c.json({ message: voucherRouteMessages.notFound }, 404);
  });
