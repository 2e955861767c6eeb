import { HTTPException } from 'hono/http-exception';
import * as z from 'zod/mini';
import { sameOrigin, sameOriginJson } from '../../middleware/admin-session';
import { clientNetwork } from '../../middleware/client-network';
import { endPayerKey, issuePayerKey, payerKeyHash } from '../../middleware/payer-cookie';
import { paymentContext } from '../../middleware/payment-context';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { isValidPaystackSignature, PaystackError } from '../../providers/paystack';
import { callbackUrl } from '../../services/checkout/checkout';
import { initializePayment } from '../../services/checkout/initialize';
import { cancelPayment, confirmTransaction, verifyPayment } from '../../services/checkout/settle';
import { renderTestCheckout, testCheckoutStyles } from '../../services/pages/test-checkout-page';
import { isTestMode } from '../../services/payments/gateway';
import { findPayment, recordTestCheckoutOutcome } from '../../services/payments/payment-rows';
import { membershipEvent, membershipEventNames } from '../../services/prepaid/membership-events';
import { keyedDigest } from '../../services/signing';
import { routeGroup } from '../route-group';

/** Kobo as a whole number; 0 is allowed (a 100% coupon confirms without a charge, checked on the server). */
const koboAmount = () =>
  z.pipe(
    z.union([z.number(), z.string()], { error: 'The amount is required' }),
    z.transform((value, context) => {
      const kobo = Number(value);
      if ((typeof value === 'string' && !/^\d+$/.test(value)) || !Number.isSafeInteger(kobo) || kobo < 0) {
        context.issues.push({ code: 'custom', message: 'The amount must be a whole number of kobo', input: value });
      }
      return kobo;
    }),
  );

/** The spec's fields, now a JSON body: nothing personal travels in a URL. */
const initializeBody = () =>
  z.object({
    amount: koboAmount(),
    email: z
      .string({ error: 'An email address is required' })
      .check(z.trim(), z.email('Please enter a valid email address')),
    // `{"details": {...}}` as JSON text, as the spec's client sends it (an object is read alike).
    metadata: z.union([z.string().check(z.maxLength(50_000)), z.record(z.string(), z.unknown())], {
      error: 'The payment details are missing',
    }),
    // Read and ignored: the callback is built from the site's own origin.
    callback_url: z.optional(z.string()),
  });

const referenceField = () =>
  z.string({ error: 'A payment reference is required' }).check(z.trim(), z.minLength(1), z.maxLength(100));

const verifyBody = () => z.object({ reference: referenceField(), paymentDetails: z.optional(z.unknown()) });
const cancelBody = () => z.object({ reference: referenceField() });

const webhookEvent = () =>
  z.object({
    event: z.string(),
    data: z.object({
      status: z.string(),
      reference: z.string(),
      amount: z.number(),
      currency: z.string(),
      paid_at: z.optional(z.nullable(z.string())),
      plan: z.optional(z.unknown()),
      customer: z.optional(z.unknown()),
    }),
  });

export const paymentRoutes = routeGroup()
  // It was a GET in the old site: any page's <img> could take holds, and health answers sat in URLs.
  .get('/payment/initialize', (c) =>
    c.json({ message: 'Start a payment with POST and a JSON body.' }, 405, { Allow: 'POST' }),
  )
  .post(
    '/payment/initialize',
    sameOriginJson,
    rateLimit('PAYMENT_LIMITER', 'initialize'),
    validate('json', initializeBody),
    async (c) => {
      const body = c.req.valid('json');
      // The unpaid holds one network may keep are counted by a digest of it, never the address.
      const network = clientNetwork(c);
      const clientKey = network ? await keyedDigest(c.env.LINK_SECRET, 'client-networks', network) : undefined;
      const result = await initializePayment(paymentContext(c), {
        ...body,
        clientKey,
        browserKeyHash: await issuePayerKey(c),
      });
      if (!result.ok) {
        if (result.status === 429) {
          return c.json({ status: false as const, message: result.message }, 429, {
            'Retry-After': String(result.retryAfterSeconds),
          });
        }
        return c.json(
          {
            status: false as const,
            message: result.message,
            expectedAmount: result.expectedAmount,
            stock: result.stock,
          },
          result.status,
        );
      }
      return c.json({
        status: true as const,
        data: { authorization_url: result.authorizationUrl, reference: result.reference },
      });
    },
  )
  .post('/payment/verify', rateLimit('PAYMENT_LIMITER', 'verify'), validate('json', verifyBody), async (c) => {
    try {
      const { reference } = c.req.valid('json');
      const { shownToPayer, ...answer } = await verifyPayment(paymentContext(c), reference, await payerKeyHash(c));
      // The private part was shown: this browser's payer key ends (a shared computer's next user).
      if (shownToPayer) endPayerKey(c);
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      console.error('Paystack verify failed', error.message);
      throw new HTTPException(502, {
        message: 'We could not reach the payment provider. Please try again in a moment.',
      });
    }
  })
  // "Cancel this payment": only the browser that started it may give its hold back.
  .post('/payment/cancel', sameOriginJson, validate('json', cancelBody), async (c) => {
    const result = await cancelPayment(paymentContext(c), c.req.valid('json').reference, await payerKeyHash(c));
    if (!result.ok) return c.json({ message: result.message }, result.status);
    return c.json({ status: true as const });
  })
  .post('/payment/webhook', async (c) => {
    const rawBody = await c.req.text();
    const signed = await isValidPaystackSignature(
      rawBody,
      c.req.header('x-paystack-signature'),
      c.env.PAYSTACK_SECRET_KEY,
    );
    if (!signed) return c.json({ message: 'Invalid signature' }, 401);
    const body = safeJson(rawBody) as { event?: unknown; data?: unknown } | null;
    const context = paymentContext(c);
    const event = typeof body?.event === 'string' ? body.event : '';
    // A subscription's own events: its start, a failed month, its end (memberships).
    if ((membershipEventNames as readonly string[]).includes(event)) {
      await membershipEvent(context, event, body?.data);
      return c.json({ received: true });
    }
    const parsed = webhookEvent().safeParse(body);
    if (!parsed.success || parsed.data.event !== 'charge.success') return c.json({ received: true });
    const payment = await findPayment(context.db, parsed.data.data.reference);
    if (payment) await confirmTransaction(context, payment, parsed.data.data);
    // A charge of Paystack's own making: a membership's month renewed.
    else await membershipEvent(context, 'charge.success', parsed.data.data);
    return c.json({ received: true });
  });

/** The built-in checkout used when no Paystack key is set: it exists only in test mode. */
export const testCheckoutRoutes = routeGroup()
  .get('/payment/test-checkout.css', (c) =>
    c.body(testCheckoutStyles, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=600',
    }),
  )
  .get('/payment/test-checkout/:reference', async (c) => {
    if (!isTestMode(c.env)) return c.json({ message: 'Not found' }, 404);
    const payment = await findPayment(c.var.db, c.req.param('reference'));
    if (!payment) return c.json({ message: 'Not found' }, 404);
    return c.html(renderTestCheckout(payment));
  })
  // A form post from the test checkout page itself: same origin, never another site's form.
  .post('/payment/test-checkout/:reference', sameOrigin, async (c) => {
    if (!isTestMode(c.env)) return c.json({ message: 'Not found' }, 404);
    const reference = c.req.param('reference');
    const payment = await findPayment(c.var.db, reference);
    if (!payment) return c.json({ message: 'Not found' }, 404);
    const form = await c.req.parseBody().catch(() => undefined);
    if (!form) return c.json({ message: 'Send the checkout form: Pay or Cancel.' }, 400);
    const outcome = form.outcome === 'paid' ? 'paid' : 'cancelled';
    await recordTestCheckoutOutcome(c.var.db, reference, outcome);
    return c.redirect(callbackUrl(new URL(c.req.url).origin, payment.kind, reference), 303);
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
