/**
 * The catalogue as the studio keeps it in D1: the menu's groups and treatments, the shop's products
 * and their sizes. Prices are read from here every time money is worked out (never from a page or
 * the client); a booking or order copies the names and prices it was sold at, so a later edit
 * changes no record. Saves carry the version the form was loaded at: a save from an out-of-date
 * form is refused with 409 rather than overwriting (or half-merging) the newer one.
 */
import { sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import { noReviews, type ReviewBoard } from '../../shared/catalogue/review-rules';
import { unitsLeft } from '../../shared/catalogue/stock';
import { heldUnits } from './stock';

export interface CatalogueTreatment {
  id: string;
  name: string;
  group: string;
  description: string;
  price: number;
  /** Null for the overnight treatment. */
  durationMinutes: number | null;
  bufferMinutes: number;
  /** Percent paid online when booked, the rest at the studio; 0: in full online. */
  depositPercent: number;
  active: boolean;
  position: number;
  version: number;
}

export interface SizeInput {
  size: string;
  price: number;
  /** Units on the shelf; null when not counted. */
  stock: number | null;
}

export interface CatalogueSize extends SizeInput {
  /** Units open payments hold now (services/catalogue/stock.ts): not on sale, not yet sold. */
  held: number;
}

export interface CatalogueProduct {
  id: string;
  name: string;
  category: string;
  description: string;
  ingredients: string | null;
  images: string[];
  sizes: CatalogueSize[];
  active: boolean;
  position: number;
  version: number;
}

export interface Catalogue {
  groups: Array<{ id: string; title: string; intro: string }>;
  treatments: CatalogueTreatment[];
  products: CatalogueProduct[];
}

export const catalogueMessages = {
  changed: (what: string) =>
    `${what} was changed by someone else since you opened it. Please reload to see the changes, then save again.`,
  nameTaken: (name: string) => `There is already an item called ${name}. Please choose another name.`,
  unknownGroup: 'Please choose one of the menu’s groups.',
  notFound: (what: string) => `No such ${what}.`,
} as const;

/**
 * The whole catalogue, hidden items included, in page order, with the units open payments hold at
 * `now`: one statement, one round trip.
 */
export async function readCatalogue(db: Database, now = new Date()): Promise<Catalogue> {
  const row = await db.get<Record<'groups' | 'treatments' | 'products', string>>(sql`select
    (select json_group_array(json_object('id', id, 'title', title, 'intro', intro))
      from (select * from treatment_groups order by position)) as groups,
    (select json_group_array(json_object('id', id, 'name', name, 'group', group_id, 'description', description,
        'price', price, 'durationMinutes', duration_minutes, 'bufferMinutes', buffer_minutes,
        'depositPercent', deposit_percent,
        'active', json(iif(active, 'true', 'false')), 'position', position, 'version', version))
      from (select * from treatments order by position, name)) as treatments,
    (select json_group_array(json_object('id', p.id, 'name', p.name, 'category', p.category,
        'description', p.description, 'ingredients', p.ingredients, 'images', json(p.images),
        'active', json(iif(p.active, 'true', 'false')), 'position', p.position, 'version', p.version,
        'sizes', json((select json_group_array(json_object('size', s.size, 'price', s.price, 'stock', s.stock,
            'held', ${heldUnits(sql`p.id`, sql`s.size`, now.toISOString())}))
          from (select * from product_sizes where product_id = p.id order by position) s))))
      from (select * from products order by position, name) p) as products`);
  const parse = <T>(text: string | undefined): T[] => JSON.parse(text ?? '[]') as T[];
  return {
    groups: parse(row?.groups),
    treatments: parse(row?.treatments),
    products: parse(row?.products),
  };
}

/** Every treatment's id, hidden ones too, in page order: what therapists and rooms may be given. */
export async function treatmentIdsInOrder(db: Database): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`select id from treatments order by position, name`);
  return rows.map((row) => row.id);
}

/** What visitors and the pages read: active treatments in page order, with their approved reviews. */
export function publicTreatments(catalogue: Catalogue, board: ReviewBoard) {
  return catalogue.treatments
    .filter((treatment) => treatment.active)
    .map(({ id, name, group, description, price, durationMinutes, bufferMinutes, depositPercent }) => ({
      _id: id,
      name,
      group,
      description,
      price,
      durationMinutes,
      bufferMinutes,
      depositPercent,
      ...(board.treatments.get(id) ?? noReviews),
    }));
}

/** What visitors and the pages read: active products in page order, with their reviews. */
export function publicProducts(catalogue: Catalogue, board: ReviewBoard) {
  return catalogue.products
    .filter((product) => product.active)
    .map(({ id, name, category, description, ingredients, images, sizes }) => ({
      _id: id,
      name,
      category,
      description,
      ingredients,
      images,
      sizes: sizes.map(({ size, price, stock, held }) => ({ size, price, stock: unitsLeft(stock, held) })),
      ...(board.products.get(id) ?? noReviews),
    }));
}

/** Staff's view: everything, hidden items too, with the version a save must name. */
export function staffTreatments(catalogue: Catalogue) {
  return catalogue.treatments.map(({ id, ...rest }) => ({ _id: id, ...rest }));
}

export function staffProducts(catalogue: Catalogue) {
  return catalogue.products.map(({ id, ...rest }) => ({ _id: id, ...rest }));
}

/** A URL-safe id from a name ("Shea Body Butter" → "shea-body-butter"), unique among `taken`. */
export function slugFor(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'item';
  let candidate = base;
  for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${base}-${suffix}`;
  return candidate;
}

export type SaveResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

/** The names' unique index refused a write (drizzle wraps D1's error: its cause says so). */
const namesClash = (error: unknown): boolean =>
  error instanceof Error &&
  (/UNIQUE constraint failed: index '(treatments|products)_name'/.test(error.message) || namesClash(error.cause));

/** Runs a write that names an item `name`; the names' unique index refusing it answers 409. */
async function unlessNameTaken<T>(name: string, write: () => Promise<T>): Promise<SaveResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (namesClash(error)) return { ok: false, status: 409, message: catalogueMessages.nameTaken(name) };
    throw error;
  }
}

/** A change of an item: the fields given, its place in the list, and the version the form saw. */
export type Change<T> = Partial<T> & { position?: number; version?: number };

export interface TreatmentInput {
  name: string;
  group: string;
  description: string;
  price: number;
  durationMinutes: number | null;
  bufferMinutes: number;
  depositPercent: number;
  active: boolean;
}

/** Adds a treatment at the end of its group's list. */
export async function createTreatment(db: Database, input: TreatmentInput): Promise<SaveResult<CatalogueTreatment>> {
  const catalogue = await readCatalogue(db);
  if (!catalogue.groups.some((group) => group.id === input.group)) {
    return { ok: false, status: 400, message: catalogueMessages.unknownGroup };
  }
  const id = slugFor(input.name, new Set(catalogue.treatments.map((treatment) => treatment.id)));
  // Therapists who give, and rooms that suit, everything on the menu are the studio's general ones
  // (every install starts with such): they take the new treatment too, so it can be booked at once.
  const everything = catalogue.treatments.length;
  const written = await unlessNameTaken(input.name, () =>
    db.$client.batch([
      d1Statement(
        db,
        sql`insert into therapist_treatments (therapist_id, treatment_id)
          select therapist_id, ${id} from therapist_treatments group by therapist_id having count(*) >= ${everything}`,
      ),
      d1Statement(
        db,
        sql`insert into room_treatments (room_id, treatment_id)
          select room_id, ${id} from room_treatments group by room_id having count(*) >= ${everything}`,
      ),
      d1Statement(
        db,
        sql`insert into treatments
            (id, name, group_id, description, price, duration_minutes, buffer_minutes, deposit_percent, active, position)
          values (${id}, ${input.name}, ${input.group}, ${input.description}, ${input.price}, ${input.durationMinutes},
            ${input.bufferMinutes}, ${input.depositPercent}, ${input.active ? 1 : 0},
            (select coalesce(max(position), 0) + 1 from treatments))`,
      ),
    ]),
  );
  return written.ok ? found(await readCatalogue(db), 'treatments', id) : written;
}

/**
 * Changes the fields given, all in one UPDATE, and only if the treatment is still at `version`
 * (when given): a form saved after someone else's save is told so.
 */
export async function updateTreatment(
  db: Database,
  id: string,
  change: Change<TreatmentInput>,
): Promise<SaveResult<CatalogueTreatment>> {
  const catalogue = await readCatalogue(db);
  const currentItem = found(catalogue, 'treatments', id);
  if (!currentItem.ok) return currentItem;
  const current = currentItem.value;
  if (change.group !== undefined && !catalogue.groups.some((group) => group.id === change.group)) {
    return { ok: false, status: 400, message: catalogueMessages.unknownGroup };
  }
  const next = { ...current, ...definedOnly(change) };
  // The overnight treatment's length is the night: it stays without one.
  const duration = current.durationMinutes === null ? null : next.durationMinutes;
  const written = await unlessNameTaken(next.name, () =>
    db.run(sql`update treatments set name = ${next.name}, group_id = ${next.group},
        description = ${next.description}, price = ${next.price}, duration_minutes = ${duration},
        buffer_minutes = ${next.bufferMinutes}, deposit_percent = ${next.depositPercent},
        active = ${next.active ? 1 : 0}, position = ${next.position},
        version = version + 1
      where id = ${id} and version = ${change.version ?? current.version}`),
  );
  if (!written.ok) return written;
  if (!changedRow(written.value)) return { ok: false, status: 409, message: catalogueMessages.changed(current.name) };
  return found(await readCatalogue(db), 'treatments', id);
}

export interface ProductInput {
  name: string;
  category: string;
  description: string;
  ingredients: string | null;
  images: string[];
  sizes: SizeInput[];
  active: boolean;
}

/** Adds a product at the end of the shop, with its sizes, in one batch. */
export async function createProduct(db: Database, input: ProductInput): Promise<SaveResult<CatalogueProduct>> {
  const catalogue = await readCatalogue(db);
  const id = slugFor(input.name, new Set(catalogue.products.map((product) => product.id)));
  const written = await unlessNameTaken(input.name, () =>
    db.$client.batch([
      d1Statement(
        db,
        sql`insert into products (id, name, category, description, ingredients, images, active, position)
          values (${id}, ${input.name}, ${input.category}, ${input.description}, ${input.ingredients},
            ${JSON.stringify(input.images)}, ${input.active ? 1 : 0},
            (select coalesce(max(position), 0) + 1 from products))`,
      ),
      ...sizeStatements(db, id, input.sizes),
    ]),
  );
  return written.ok ? found(await readCatalogue(db), 'products', id) : written;
}

/**
 * Changes the fields given; `sizes`, when given, replaces the list whole. One batch, guarded by the
 * version: if the product changed meanwhile, nothing of it is written.
 */
export async function updateProduct(
  db: Database,
  id: string,
  change: Change<ProductInput>,
): Promise<SaveResult<CatalogueProduct>> {
  const currentItem = found(await readCatalogue(db), 'products', id);
  if (!currentItem.ok) return currentItem;
  const current = currentItem.value;
  const next = { ...current, ...definedOnly(change) };
  const version = change.version ?? current.version;
  // Every statement checks the version the form saw, and the product's own row changes last: if
  // someone saved in between, none of them writes anything.
  const statements = change.sizes
    ? [
        d1Statement(
          db,
          sql`delete from product_sizes where product_id = ${id}
            and (select version from products where id = ${id}) = ${version}`,
        ),
        ...sizeStatements(db, id, change.sizes, version),
      ]
    : [];
  statements.push(
    d1Statement(
      db,
      sql`update products set name = ${next.name}, category = ${next.category}, description = ${next.description},
          ingredients = ${next.ingredients}, images = ${JSON.stringify(next.images)}, active = ${next.active ? 1 : 0},
          position = ${next.position}, version = version + 1
        where id = ${id} and version = ${version}`,
    ),
  );
  const written = await unlessNameTaken(next.name, () => db.$client.batch(statements));
  if (!written.ok) return written;
  if (!changedRow(written.value.at(-1)))
    return { ok: false, status: 409, message: catalogueMessages.changed(current.name) };
  return found(await readCatalogue(db), 'products', id);
}

/** Inserts of a product's sizes in order; with `onlyAtVersion`, only while the product is at it. */
function sizeStatements(db: Database, productId: string, sizes: readonly SizeInput[], onlyAtVersion?: number) {
  const guard =
    onlyAtVersion === undefined
      ? sql``
      : sql` where (select version from products where id = ${productId}) = ${onlyAtVersion}`;
  return sizes.map((size, index) =>
    d1Statement(
      db,
      sql`insert into product_sizes (product_id, size, price, stock, position)
        select ${productId}, ${size.size}, ${size.price}, ${size.stock}, ${index + 1}${guard}`,
    ),
  );
}

function definedOnly<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function found<K extends 'treatments' | 'products'>(
  catalogue: Catalogue,
  kind: K,
  id: string,
): SaveResult<Catalogue[K][number]> {
  const item = (catalogue[kind] as Array<Catalogue[K][number]>).find((entry) => entry.id === id);
  return item
    ? { ok: true, value: item }
    : { ok: false, status: 404, message: catalogueMessages.notFound(kind.slice(0, -1)) };
}
