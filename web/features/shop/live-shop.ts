/**
 * The shop the visitor sees: the build's products (or the page's embedded copy) at first, then
 * GET /api/products (features/catalogue/live-data.ts), with what each size has left to sell.
 */
import { atom } from 'jotai';
import type { publicProducts } from '../../../worker/services/catalogue';
import { type Product, type ProductSize, products } from '../../../worker/shared/products';
import { embedded, getJson, reloadLive, useLiveAtom } from '../catalogue/live-data';

export interface ShopSize extends ProductSize {
  /** Units left to sell now; null when the studio does not count them (never sold out). */
  stock: number | null;
}

export interface ShopProduct extends Omit<Product, 'sizes'> {
  sizes: readonly ShopSize[];
  /** Where the picture comes from in the build: shown if an uploaded one cannot load. */
  fallbackImage: string;
}

const placeholderImage = '/images/products/placeholder.svg';
const builtImage = (id: string) => products.find((product) => product.id === id)?.image ?? placeholderImage;

const builtShop: readonly ShopProduct[] = products.map((product) => ({
  ...product,
  fallbackImage: product.image,
  sizes: product.sizes.map((size) => ({ ...size, stock: null })),
}));

export const shopAtom = atom<readonly ShopProduct[]>(embedded<ShopProduct[]>('products') ?? builtShop);

/** A product as GET /api/products gives it. */
export type ApiProduct = ReturnType<typeof publicProducts>[number];

/** The API's products as the pages hold them (an upload's photo first, the build's drawing behind it). */
export const shopFromApi = (rows: readonly ApiProduct[]): ShopProduct[] =>
  rows.map((product) => ({
    id: product._id,
    name: product.name,
    category: product.category,
    description: product.description,
    ingredients: product.ingredients ?? undefined,
    image: product.images[0] ?? builtImage(product._id),
    fallbackImage: builtImage(product._id),
    rating: product.rating,
    reviews: product.reviews,
    sizes: product.sizes,
  }));

const loadShop = async () => shopFromApi(await getJson<ApiProduct[]>('/api/products'));

/** The products on sale now, in page order. */
export const useShop = () => useLiveAtom('products', shopAtom, loadShop);

/** After a payment was refused for stock: the next use of the shop asks the API again. */
export const reloadShop = () => reloadLive('products');

/** What a size has left to sell (null: not counted), or undefined when the size is gone. */
export const stockOf = (product: ShopProduct | undefined, size: string) =>
  product?.sizes.find((option) => option.size === size)?.stock;
