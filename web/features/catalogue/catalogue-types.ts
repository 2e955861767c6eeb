// What the pages hold of the catalogue: the shop's products with what each size has left, and the
// catalogue a page starts from. Types only, so every catalogue module can read them without a circle.

import type { Product, ProductSize } from '../../../worker/shared/catalogue/products';
import type { Treatment } from '../../../worker/shared/catalogue/treatments';
import type { MembershipOffer } from '../../../worker/shared/prepaid/membership-rules';
import type { PackageOffer } from '../../../worker/shared/prepaid/package-value';

export interface ShopSize extends ProductSize {
  /** Units left to sell now; null when the studio does not count them (never sold out). */
  stock: number | null;
}

export interface ShopProduct extends Omit<Product, 'sizes'> {
  sizes: readonly ShopSize[];
  /** Where the picture comes from in the build: shown if an uploaded one cannot load. */
  fallbackImage: string;
}

/** The catalogue as the pages hold it. */
export interface PageCatalogue {
  treatments: readonly Treatment[];
  products: readonly ShopProduct[];
  /** The packages on sale: embedded only in the page that shows them (/packages). */
  packages?: readonly PackageOffer[];
  /** The memberships open to join: likewise only on /packages. */
  memberships?: readonly MembershipOffer[];
}
