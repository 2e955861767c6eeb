/**
 * The skincare products the studio opened with, their sizes with prices in naira, ratings and
 * reviews. Migration 0013 seeded D1 from this list (products, sizes, prices and stock are D1's,
 * edited by staff) and migration 0025 its reviews (as seed data, in the reviews table); the build
 * prerenders with it.
 */

export interface ProductSize {
  /** Label as the studio sells it, e.g. "100ml". */
  size: string;
  /** Whole naira. */
  price: number;
}

export type { PublicReview as ProductReview } from './review-rules';

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

export const products: readonly Product[] = [
  {
    id: 'all-glow-body-oil',
    name: 'All Glow Body Oil',
    category: 'Body Oil',
    description: 'A lightweight, fast-absorbing oil that leaves skin soft, even and luminous all day.',
    ingredients: 'Sweet almond oil, jojoba oil, vitamin E, carrot seed oil, orange peel oil',
    image: '/images/products/all-glow-body-oil.svg',
    rating: 4.8,
    sizes: [
      { size: '100ml', price: 13_000 },
      { size: '250ml', price: 20_000 },
    ],
    reviews: [
      {
        id: 'agbo-1',
        user: 'Adaeze O.',
        rating: 5,
        comment: 'My skin has never glowed like this. It sinks in quickly.',
      },
      { id: 'agbo-2', user: 'Tolu A.', rating: 4.5, comment: 'Lovely scent and not greasy at all.' },
    ],
  },
  {
    id: 'milky-soapy-scrub',
    name: 'Milky Soapy Scrub',
    category: 'Body Scrub',
    description: 'A creamy cleansing scrub that buffs away dull skin while milk proteins keep it supple.',
    ingredients: 'Goat milk, cane sugar, shea butter, coconut oil, oat extract',
    image: '/images/products/milky-soapy-scrub.svg',
    rating: 4.7,
    sizes: [
      { size: '250g', price: 12_000 },
      { size: '1 litre', price: 30_000 },
    ],
    reviews: [
      { id: 'mss-1', user: 'Chioma N.', rating: 5, comment: 'Gentle but effective. My elbows and knees thank me.' },
      { id: 'mss-2', user: 'Ifeoma K.', rating: 4.5, comment: 'Smells divine and rinses clean.' },
    ],
  },
  {
    id: 'mystic-body-oil',
    name: 'Mystic Body Oil',
    category: 'Body Oil',
    description: 'A rich, warmly scented oil for deep nourishment, ideal after a bath or massage.',
    ingredients: 'Argan oil, grapeseed oil, sandalwood, ylang-ylang, vitamin E',
    image: '/images/products/mystic-body-oil.svg',
    rating: 4.9,
    sizes: [
      { size: '100ml', price: 15_000 },
      { size: '250ml', price: 25_000 },
    ],
    reviews: [
      { id: 'mbo-1', user: 'Bisi F.', rating: 5, comment: 'The scent lingers beautifully. A little goes a long way.' },
      { id: 'mbo-2', user: 'Kemi J.', rating: 5, comment: 'My evening ritual. Skin feels like velvet.' },
    ],
  },
  {
    id: 'recovery-facial-oil',
    name: 'Recovery Facial Oil',
    category: 'Facial Care',
    description: 'A balancing facial oil that calms, restores the skin barrier and fades the look of dark spots.',
    ingredients: 'Rosehip oil, squalane, niacinamide, tea tree oil, vitamin C',
    image: '/images/products/recovery-facial-oil.svg',
    rating: 4.6,
    sizes: [{ size: '50ml', price: 10_000 }],
    reviews: [
      { id: 'rfo-1', user: 'Ngozi E.', rating: 4.5, comment: 'Calmed my breakouts within two weeks.' },
      { id: 'rfo-2', user: 'Funmi B.', rating: 4.5, comment: 'Light enough to wear under make-up.' },
    ],
  },
  {
    id: 'recovery-night-cream',
    name: 'Recovery Night Cream',
    category: 'Facial Care',
    description: 'An overnight cream that repairs and deeply hydrates, so you wake to plump, rested skin.',
    ingredients: 'Shea butter, hyaluronic acid, ceramides, peptides, chamomile extract',
    image: '/images/products/recovery-night-cream.svg',
    rating: 4.7,
    sizes: [{ size: '30g', price: 8_000 }],
    reviews: [
      { id: 'rnc-1', user: 'Amaka U.', rating: 5, comment: 'Rich without feeling heavy. I wake up glowing.' },
      { id: 'rnc-2', user: 'Yemi S.', rating: 4.5, comment: 'Great value for how well it works.' },
    ],
  },
  {
    id: 'goat-milk-bar-soap',
    name: 'Goat Milk Bar Soap',
    category: 'Cleanser',
    description: 'A gentle handmade bar that cleanses without stripping, suitable for face and body.',
    ingredients: 'Goat milk, olive oil, coconut oil, shea butter, honey',
    image: '/images/products/goat-milk-bar-soap.svg',
    rating: 4.8,
    sizes: [{ size: '100g', price: 6_000 }],
    reviews: [
      { id: 'gms-1', user: 'Halima D.', rating: 5, comment: 'My sensitive skin loves it.' },
      { id: 'gms-2', user: 'Ronke T.', rating: 4.5, comment: 'Creamy lather and lasts a long time.' },
    ],
  },
];
