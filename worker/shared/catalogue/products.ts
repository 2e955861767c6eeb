/**
 * The skincare products the studio opened with (products.json), their sizes with prices in
 * naira, ratings and reviews. Migration 0013 seeded D1 from this list (products, sizes, prices
 * and stock are D1's, edited by staff) and migration 0025 its reviews (as seed data, in the
 * reviews table); the build prerenders with it.
 */

export interface ProductSize {
  /** Label as the studio sells it, e.g. "100ml". */
  size: string;
  /** Whole naira. */
  price: number;
}

export type { PublicReview as ProductReview } from './review-rules';

import productList from './products.json';
import type { PublicReview } from './review-rules';

export interface Product {
  id: string;
  name: string;
  category: string;
  description: string;
  ingredients?: string;
  /** Path of the product image inside the site's static assets. */
  image: string;
  rating: number;
  sizes: readonly ProductSize[];
  /** The latest approved reviews (all of them in this list, the build's). */
  reviews: readonly PublicReview[];
  /** How many approved reviews there are (when more than `reviews` holds). */
  reviewCount?: number;
}

export const products: readonly Product[] = productList;
