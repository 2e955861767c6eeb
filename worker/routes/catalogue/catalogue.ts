import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../../env';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { validate } from '../../middleware/validate';
import {
  createProduct,
  createTreatment,
  type ProductInput,
  publicProducts,
  publicTreatments,
  readCatalogue,
  type SaveResult,
  staffProducts,
  staffTreatments,
  type TreatmentInput,
  updateProduct,
  updateTreatment,
} from '../../services/catalogue/catalogue';
import { refreshCataloguePages } from '../../services/pages/catalogue-pages';
import { reviewBoard } from '../../services/reviews/reviews';
import {
  catalogueFieldMessages,
  MAX_BUFFER_MINUTES,
  MAX_DURATION_MINUTES,
  MAX_PICTURES,
  MAX_PRICE,
  MAX_SIZES,
  MAX_STOCK,
} from '../../shared/catalogue/catalogue-rules';
import { lineOf, linesOf, multiLine } from '../../shared/plain-text';
import { routeGroup } from '../route-group';

export { catalogueFieldMessages };

const text = (max: number, message: string) => lineOf(1, max, message);
const longText = (max: number, message: string) => linesOf(1, max, message);
const price = () =>
  z
    .number({ error: catalogueFieldMessages.price })
    .check(
      z.int(catalogueFieldMessages.price),
      z.minimum(1, catalogueFieldMessages.price),
      z.maximum(MAX_PRICE, catalogueFieldMessages.price),
    );
const quarterHours = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(
    z.int(message),
    z.minimum(min, message),
    z.maximum(max, message),
    z.refine((value) => value % 15 === 0, message),
  );
const position = () =>
  z
    .number({ error: catalogueFieldMessages.position })
    .check(z.int(catalogueFieldMessages.position), z.minimum(1, catalogueFieldMessages.position));
const version = () => z.number({ error: catalogueFieldMessages.version }).check(z.int(catalogueFieldMessages.version));

const treatmentFields = () => ({
  name: text(60, catalogueFieldMessages.name),
  group: z.string({ error: catalogueFieldMessages.group }).check(z.minLength(1, catalogueFieldMessages.group)),
  description: longText(600, catalogueFieldMessages.description),
  price: price(),
  durationMinutes: quarterHours(15, MAX_DURATION_MINUTES, catalogueFieldMessages.duration),
  bufferMinutes: quarterHours(0, MAX_BUFFER_MINUTES, catalogueFieldMessages.buffer),
  // 0 (or 100): paid online in full; otherwise that percent online, the rest at the studio.
  depositPercent: z
    .number({ error: catalogueFieldMessages.depositPercent })
    .check(
      z.int(catalogueFieldMessages.depositPercent),
      z.minimum(0, catalogueFieldMessages.depositPercent),
      z.maximum(100, catalogueFieldMessages.depositPercent),
    ),
  active: z.boolean(),
});
const newTreatment = () =>
  z.object({
    ...treatmentFields(),
    bufferMinutes: z._default(treatmentFields().bufferMinutes, 0),
    depositPercent: z._default(treatmentFields().depositPercent, 0),
    active: z._default(z.boolean(), true),
  });
const treatmentChange = () => z.partial(z.object({ ...treatmentFields(), position: position(), version: version() }));

/** A picture is one this site serves: the build's own or an upload, never another host. */
const image = () =>
  z
    .string({ error: catalogueFieldMessages.image })
    .check(
      z.regex(/^\/(images|media)\/[A-Za-z0-9][\w.-]*(\/[\w.-]+)*$/, catalogueFieldMessages.image),
      z.maxLength(300),
    );
const size = () =>
  z.object({
    size: text(30, catalogueFieldMessages.sizeLabel),
    price: price(),
    stock: z.nullable(
      z
        .number({ error: catalogueFieldMessages.stock })
        .check(
          z.int(catalogueFieldMessages.stock),
          z.minimum(0, catalogueFieldMessages.stock),
          z.maximum(MAX_STOCK, catalogueFieldMessages.stock),
        ),
    ),
  });
const sizes = () =>
  z.array(size(), { error: catalogueFieldMessages.sizes }).check(
    z.minLength(1, catalogueFieldMessages.sizes),
    z.maxLength(MAX_SIZES, catalogueFieldMessages.sizes),
    z.refine(
      (list) => new Set(list.map((entry) => entry.size.toLowerCase())).size === list.length,
      catalogueFieldMessages.duplicateSizes,
    ),
  );
const productFields = () => ({
  name: text(80, catalogueFieldMessages.productName),
  category: text(40, catalogueFieldMessages.category),
  description: longText(600, catalogueFieldMessages.description),
  ingredients: z.nullable(
    z
      .string({ error: catalogueFieldMessages.ingredients })
      .check(multiLine(), z.trim(), z.maxLength(600, catalogueFieldMessages.ingredients)),
  ),
  images: z.array(image()).check(z.maxLength(MAX_PICTURES, catalogueFieldMessages.pictures)),
  sizes: sizes(),
  active: z.boolean(),
});
const newProduct = () =>
  z.object({
    ...productFields(),
    ingredients: z._default(productFields().ingredients, null),
    images: z._default(productFields().images, []),
    active: z._default(z.boolean(), true),
  });
const productChange = () => z.partial(z.object({ ...productFields(), position: position(), version: version() }));

/** The save's answer; after a change the catalogue's pages are rendered again (after the response). */
function answer<T>(c: Context<AppEnv>, result: SaveResult<T>, status: 200 | 201, view: (value: T) => unknown) {
  if (!result.ok) return c.json({ message: result.message }, result.status);
  afterResponse(c, refreshCataloguePages(c.env));
  return c.json(view(result.value), status);
}

const itemView = (value: { id: string }) => {
  const { id, ...rest } = value;
  return { _id: id, ...rest };
};

/** Anyone: the menu and the shop as they are now (hidden items left out), in page order. */
export const publicCatalogueRoutes = routeGroup()
  .get('/treatments', async (c) =>
    c.json(publicTreatments(await readCatalogue(c.var.db), await reviewBoard(c.var.db)), 200, {
      'Cache-Control': 'no-store',
    }),
  )
  .get('/products', async (c) =>
    c.json(publicProducts(await readCatalogue(c.var.db), await reviewBoard(c.var.db)), 200, {
      'Cache-Control': 'no-store',
    }),
  );

/** Staff only: every treatment and product, hidden ones too, and their changes. */
export const adminCatalogueRoutes = routeGroup()
  .get('/catalogue', async (c) => {
    const catalogue = await readCatalogue(c.var.db);
    return c.json({
      groups: catalogue.groups,
      treatments: staffTreatments(catalogue),
      products: staffProducts(catalogue),
    });
  })
  .post('/treatments', sameOriginJson, validate('json', newTreatment), async (c) =>
    answer(c, await createTreatment(c.var.db, c.req.valid('json') as TreatmentInput), 201, itemView),
  )
  .put('/treatments/:id', sameOriginJson, validate('json', treatmentChange), async (c) =>
    answer(c, await updateTreatment(c.var.db, c.req.param('id'), c.req.valid('json')), 200, itemView),
  )
  .post('/products', sameOriginJson, validate('json', newProduct), async (c) =>
    answer(c, await createProduct(c.var.db, c.req.valid('json') as ProductInput), 201, itemView),
  )
  .put('/products/:id', sameOriginJson, validate('json', productChange), async (c) =>
    answer(c, await updateProduct(c.var.db, c.req.param('id'), c.req.valid('json')), 200, itemView),
  );
