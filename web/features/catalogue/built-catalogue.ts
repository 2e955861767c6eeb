/**
 * The catalogue of the build's own modules (worker/shared/catalogue/treatment-list.ts, products.ts) in the shape
 * the pages hold it. The build prerenders with it; in the browser it is a chunk of its own, loaded
 * only by a page that has no catalogue embedded (starting-catalogue.ts), so the catalogue pages the
 * Worker renders never download it.
 */
import { products } from '../../../worker/shared/catalogue/products';
import { treatments } from '../../../worker/shared/catalogue/treatment-list';
import type { PageCatalogue } from './catalogue-types';

export const builtCatalogue: PageCatalogue = {
  treatments,
  products: products.map((product) => ({
    ...product,
    fallbackImage: product.image,
    sizes: product.sizes.map((size) => ({ ...size, stock: null })),
  })),
};
