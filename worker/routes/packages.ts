import { sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { allPackages, createPackage, type PackageResult, shownPackages, updatePackage } from '../services/packages';
import { newPackageSchema, packageChangeSchema } from '../shared/package-rules';
import { routeGroup } from './route-group';

const noStore = { 'Cache-Control': 'no-store' };

/** A package's save as the API answers it: the package, or 400/404 with the field's message. */
const answer = (result: PackageResult, status: 200 | 201) =>
  result.ok
    ? ({ body: result.package, status } as const)
    : ({
        body: { message: result.message, ...(result.field ? { field: result.field } : {}) },
        status: result.status,
      } as const);

/** Packages of prepaid sessions: the shown ones for anyone; staff (managers, owners) define them. */
export const packageRoutes = routeGroup()
  .get('/packages', async (c) => c.json(await shownPackages(c.var.db), 200, noStore))
  .get('/packages/staff', async (c) => c.json(await allPackages(c.var.db), 200, noStore))
  .post('/packages', sameOriginJson, validate('json', newPackageSchema), async (c) => {
    const { body, status } = answer(await createPackage(c.var.db, c.req.valid('json')), 201);
    return c.json(body, status);
  })
  .put('/packages/:id', sameOriginJson, validate('json', packageChangeSchema), async (c) => {
    const { body, status } = answer(await updatePackage(c.var.db, c.req.param('id'), c.req.valid('json')), 200);
    return c.json(body, status);
  });
