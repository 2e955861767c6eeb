import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { payerKeyHash } from '../../middleware/payer-cookie';
import { rateLimit } from '../../middleware/rate-limit';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { keptPagePaths, refreshCataloguePages } from '../../services/pages/catalogue-pages';
import { packageFacts, sellPackageAtDesk } from '../../services/prepaid/package-sales';
import { checkPackage } from '../../services/prepaid/package-sessions';
import {
  allPackages,
  createPackage,
  findPackage,
  type PackageResult,
  shownPackages,
  updatePackage,
} from '../../services/prepaid/packages';
import { packageBoughtMessages } from '../../services/prepaid/prepaid-messages';
import {
  deskPackageSaleSchema,
  newPackageSchema,
  packageChangeSchema,
  packageMessages,
} from '../../shared/prepaid/package-rules';
import { routeGroup } from '../route-group';

const noStore = { 'Cache-Control': 'no-store' };

/** A refused save as the API answers it: 400 or 404 with the message (and the field it is about). */
const refusal = (result: Extract<PackageResult, { ok: false }>) => ({
  message: result.message,
  ...(result.field ? { field: result.field } : {}),
});

const checkBody = () =>
  z.object({
    code: z
      .string({ error: packageMessages.code })
      .check(z.trim(), z.minLength(1, packageMessages.code), z.maxLength(40)),
  });

/**
 * Packages of prepaid sessions: the shown ones and what a code has left for anyone (the coupons'
 * rate limit: codes are not to be guessed; an unknown, used-up or expired code answers alike);
 * staff (managers, owners) define them.
 */
export const packageRoutes = routeGroup()
  .get('/packages', async (c) => c.json(await shownPackages(c.var.db), 200, noStore))
  .post('/packages/check', rateLimit('FORM_LIMITER', 'coupon'), validate('json', checkBody), async (c) => {
    const browser = await payerKeyHash(c);
    // What this browser's unpaid payments hold is theirs to use again: paying again replaces them.
    const mine = browser
      ? sql`select reference from payments where status = 'pending' and browser_key_hash = ${browser}`
      : undefined;
    const found = await checkPackage(c.var.db, c.req.valid('json').code, new Date(), mine);
    if (!found) return c.json({ message: packageMessages.unusable }, 404, noStore);
    return c.json(found, 200, noStore);
  })
  .get('/packages/staff', async (c) => c.json(await allPackages(c.var.db), 200, noStore))
  .post('/packages', sameOriginJson, validate('json', newPackageSchema), async (c) => {
    const result = await createPackage(c.var.db, c.req.valid('json'));
    if (!result.ok) return c.json(refusal(result), result.status);
    afterResponse(c, refreshCataloguePages(c.env, keptPagePaths));
    return c.json(result.package, 201);
  })
  .post('/packages/:id/sales', sameOriginJson, validate('json', deskPackageSaleSchema), async (c) => {
    const pkg = await findPackage(c.var.db, c.req.param('id'));
    if (!pkg) return c.json({ message: packageMessages.notFound }, 404);
    const sold = await sellPackageAtDesk(c.var.db, pkg, c.req.valid('json'), {
      now: new Date(),
      soldBy: staffMember(c).name,
    });
    if (!sold) throw new Error('A desk sale recorded no purchase');
    const { purchase, code } = sold;
    const contact = { email: purchase.buyerEmail, phone: purchase.buyerPhone };
    const messages = await packageBoughtMessages(
      await packageFacts(c.var.db, purchase, code),
      contact,
      studioDetails(c.env),
    );
    afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, messages));
    return c.json(
      {
        _id: purchase.id,
        reference: purchase.paymentReference,
        last4: purchase.codeLast4,
        expiresOn: purchase.expiresOn,
      },
      201,
    );
  })
  .put('/packages/:id', sameOriginJson, validate('json', packageChangeSchema), async (c) => {
    const result = await updatePackage(c.var.db, c.req.param('id'), c.req.valid('json'));
    if (!result.ok) return c.json(refusal(result), result.status);
    // The /packages page shows what staff keep: rendered again at once.
    afterResponse(c, refreshCataloguePages(c.env, keptPagePaths));
    return c.json(result.package, 200);
  });
