/**
 * The catalogue as staff edit it (the Menu and Shop screens): one read of everything, hidden items
 * too, and the saves. Every save of an item that already exists names the version it was loaded
 * at; the server refuses a save made after someone else's (409) rather than merging the two.
 */
import { ApiError } from '../../lib/api-errors';
import { adminRequest, api, messageOf } from '../frame/admin-api';

export const loadCatalogue = () => adminRequest(api.catalogue.$get());

export type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;
export type Treatment = Catalogue['treatments'][number];
export type Product = Catalogue['products'][number];
export type Group = Catalogue['groups'][number];

type TreatmentChange = Parameters<(typeof api.treatments)[':id']['$put']>[0]['json'];
type NewTreatment = Parameters<typeof api.treatments.$post>[0]['json'];
type ProductChange = Parameters<(typeof api.products)[':id']['$put']>[0]['json'];
type NewProduct = Parameters<typeof api.products.$post>[0]['json'];

export const changeTreatment = (id: string, change: TreatmentChange) =>
  adminRequest(api.treatments[':id'].$put({ param: { id }, json: change }));
export const addTreatment = (values: NewTreatment) => adminRequest(api.treatments.$post({ json: values }));
export const changeProduct = (id: string, change: ProductChange) =>
  adminRequest(api.products[':id'].$put({ param: { id }, json: change }));
export const addProduct = (values: NewProduct) => adminRequest(api.products.$post({ json: values }));

/** Why a save failed, as a form shows it. */
export interface SaveFailure {
  /** The server's message (or the fallback when it gave none). */
  message: string;
  /** The server's message for each field it refused, by the field's path (`price`, `sizes.0.stock`). */
  fields: Record<string, string>;
  /** Someone else saved the item since it was loaded: the form offers to reload it. */
  outOfDate: boolean;
}

export function saveFailure(error: unknown, fallback: string): SaveFailure {
  const message = messageOf(error, fallback);
  const fields: Record<string, string> = {};
  if (error instanceof ApiError && error.status === 400) {
    const issues = (error.body as { issues?: Array<{ path?: unknown; message?: unknown }> } | undefined)?.issues;
    for (const issue of issues ?? []) {
      if (typeof issue.path === 'string' && typeof issue.message === 'string') fields[issue.path] ??= issue.message;
    }
  }
  // A 409 also answers a name already taken; only the out-of-date save is mended by reloading.
  const outOfDate = error instanceof ApiError && error.status === 409 && /changed by someone else/i.test(message);
  return { message, fields, outOfDate };
}
