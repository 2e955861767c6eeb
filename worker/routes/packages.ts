import { sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { allPackages, createPackage, type PackageResult, shownPackages, updatePackage } from '../services/packages';
import { newPackageSchema, packageChangeSchema } from '../shared/package-rules';
import { routeGroup } from './route-group';

const noStore = { 'Cache-Control': 'no-store' };

/** A refused save as the API answers it: 400 or 404 with the message (and the field it is about). */
const refusal = (result: Extract<PackageResult, { ok: false }>) => ({
  message: result.message,
  ...(result.field ? { field: result.field } : {}),
});

/** Packages of prepaid sessions: the shown ones for anyone; staff (managers, owners) define them. */
export const packageRoutes = routeGroup()
  .get('/packages', async (c) => c.json(await shownPackages(c.var.db), 200, noStore))
  .get('/packages/staff', async (c) => c.json(await allPackages(c.var.db), 200, noStore))
  .post('/packages', sameOriginJson, validate('json', newPackageSchema), async (c) => {
    const result = await createPackage(c.var.db, c.req.valid('json'));
    if (!result.ok) return c.json(refusal(result), result.status);
    return c.json(result.package, 201);
  })
  .put('/packages/:id', sameOriginJson, validate('json', packageChangeSchema), async (c) => {
    const result = await updatePackage(c.var.db, c.req.param('id'), c.req.valid('json'));
    if (!result.ok) return c.json(refusal(result), result.status);
    return c.json(result.package, 200);
  });
