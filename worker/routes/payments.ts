import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { clientAddress, rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { isValidPaystackSignature, PaystackError } from '../providers/paystack';
import { paymentContext } from '../services/payment-context';
import { isTestMode } from '../services/payment-gateway';
import { findPayment, recordTestCheckoutOutcome } from '../services/payment-records';
import { callbackUrl, confirmTransaction, initializePayment, verifyPayment } from '../services/payments';
import { keyedDigest } from '../services/signing';
import { renderTestCheckout, testCheckoutStyles } from '../services/test-checkout-page';

const initializeQuery = z.object({
  amount: z.pipe(
    z.string({ error: 'The amount is required' }),
    z.transform((value, context) => {
      const kobo = Number(value);
      // 0 is allowed: a 100% coupon confirms without a charge (the server checks it is really 0).
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(kobo)) {
        context.issues.push({
          code: 'custom',
          message: 'The amount must be a whole number of kobo',
          input: value,
        });
      }
      return kobo;
    }),
  ),
  email: z
    .string({ error: 'An email address is required' })
    .check(z.trim(), z.email('Please enter a valid email address')),
  metadata: z.string({ error: 'The payment details are missing' }).check(z.maxLength(50_000)),
  callback_url: z.optional(z.string()),
});

const verifyBody = z.object({
  reference: z.string({ error: 'A payment reference is required' }).check(z.trim(), z.minLength(1), z.maxLength(100)),
  paymentDetails: z.optional(z.unknown()),
});

const webhookEvent = z.object({
  event: z.string(),
  data: z.object({
    status: z.string(),
    reference: z.string(),
    amount: z.number(),
    currency: z.string(),
    paid_at: z.optional(z.nullable(z.string())),
  }),
});

export const paymentRoutes = new Hono<AppEnv>()
  .get(
    '/payment/initialize',
    rateLimit('PAYMENT_LIMITER', 'initialize'),
    validate('query', initializeQuery),
    async (c) => {
      const query = c.req.valid('query');
      // The unpaid holds one connection may keep are counted by a digest of its address.
      const address = clientAddress(c);
      const clientKey = address
        ? await keyedDigest(c.env.ADMIN_PASSWORD_PEPPER, 'client-addresses', address)
        : undefined;
      const result = await initializePayment(paymentContext(c), { ...query, clientKey });
      if (!result.ok) {
        if (result.status === 429) {
          return c.json({ status: false as const, message: result.message }, 429, {
            'Retry-After': String(result.retryAfterSeconds),
          });
        }
        return c.json(
          { status: false as const, message: result.message, expectedAmount: result.expectedAmount },
          result.status,
        );
      }
      return c.json({
        status: true as const,
        data: { authorization_url: result.authorizationUrl, reference: result.reference },
      });
    },
  )
  .post('/payment/verify', validate('json', verifyBody), async (c) => {
    try {
      return c.json(await verifyPayment(paymentContext(c), c.req.valid('json').reference));
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      console.error('Paystack verify failed', error.message);
      throw new HTTPException(502, {
        message: 'We could not reach the payment provider. Please try again in a moment.',
      });
    }
  })
  .post('/payment/webhook', async (c) => {
    const rawBody = await c.req.text();
    const signed = await isValidPaystackSignature(
      rawBody,
      c.req.header('x-paystack-signature'),
      c.env.PAYSTACK_SECRET_KEY,
    );
    if (!signed) return c.json({ message: 'Invalid signature' }, 401);
    const parsed = webhookEvent.safeParse(safeJson(rawBody));
    if (!parsed.success || parsed.data.event !== 'charge.success') return c.json({ received: true });
    const context = paymentContext(c);
    const payment = await findPayment(context.db, parsed.data.data.reference);
    if (payment) await confirmTransaction(context, payment, parsed.data.data);
    return c.json({ received: true });
  });

/** The built-in checkout used when no Paystack key is set: it exists only in test mode. */
export const testCheckoutRoutes = new Hono<AppEnv>()
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
  .post('/payment/test-checkout/:reference', async (c) => {
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
