/**
 * The shop the visitor sees: the page's embedded copy (or the build's) at first, then
 * GET /api/products (features/catalogue/live-data.ts), with what each size has left to sell.
 */

import type { InferResponseType } from 'hono/client';
import { atomWithLazy } from 'jotai/utils';
import type { api } from '../../lib/api-client';
import type { ShopProduct } from './catalogue-types';
import { getJson, reloadLive, useLiveAtom } from './live-data';
import { startingCatalogue } from './starting-catalogue';

/** Read first once the page's route has waited for catalogueReady() (web/app/router.tsx). */
export const shopAtom = atomWithLazy<readonly ShopProduct[]>(() => startingCatalogue('products'));

/** A product as GET /api/products gives it. */
export type ApiProduct = InferResponseType<typeof api.products.$get, 200>[number];

const placeholderImage = '/images/products/placeholder.svg';

/**
 * The API's products as the pages hold them: an upload's photo first, the build's picture behind it
 * (`fallbackOf`, by product id; a placeholder for a product the build never had).
 */
export const shopFromApi = (
  rows: readonly ApiProduct[],
  fallbackOf: (id: string) => string | undefined,
): ShopProduct[] =>
  rows.map((product) => {
    const fallbackImage = fallbackOf(product._id) ?? placeholderImage;
    return {
      id: product._id,
      name: product.name,
      category: product.category,
      description: product.description,
      ingredients: product.ingredients ?? undefined,
      image: product.images[0] ?? fallbackImage,
      fallbackImage,
      rating: product.rating ?? 0,
      reviews: product.reviews,
      reviewCount: product.reviewCount,
      sizes: product.sizes,
    };
  });

/** The live products, each keeping the build's picture the page had for it. */
const loadShop = async () => {
  const rows = await getJson<ApiProduct[]>('/api/products');
  return (page: readonly ShopProduct[]) =>
    shopFromApi(rows, (id) => page.find((product) => product.id === id)?.fallbackImage);
};

/** The products on sale now, in page order. */
export const useShop = () => useLiveAtom('products', shopAtom, loadShop);

/** After a payment was refused for stock: the next use of the shop asks the API again. */
export const reloadShop = () => reloadLive('products');

/** What a size has left to sell (null: not counted), or undefined when the size is gone. */
export const stockOf = (product: ShopProduct | undefined, size: string) =>
  product?.sizes.find((option) => option.size === size)?.stock;
