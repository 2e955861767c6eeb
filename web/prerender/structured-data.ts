// Each prerendered page's schema.org JSON-LD, written into its HTML at build time so search
// engines read the studio, its treatments, products and answers without running any script.
// Build-time only: the prerender bundle (./entry.tsx) carries it, the browser never does.

import type { PublicReview } from '../../worker/shared/catalogue/review-rules';
import { durationLabel } from '../../worker/shared/catalogue/treatments';
import { formatNaira } from '../../worker/shared/money';
import { sitePages, studioName } from '../../worker/shared/site-pages';
import { siteUrl } from '../config/site';
import { studio } from '../config/studio';
import type { PageCatalogue } from '../features/catalogue/catalogue-types';
import { answerText, faqGroups } from '../features/faq/faq-content';

export type JsonLd = Record<string, unknown>;

const availability = (stock: number | null) =>
  stock === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock';

const context = 'https://schema.org';

/** The studio as a DaySpa: address, phone, hours and price range (the home page). */
export function studioJsonLd({ treatments, products }: PageCatalogue): JsonLd {
  const prices = [...treatments.map((t) => t.price), ...products.flatMap((p) => p.sizes.map((s) => s.price))];
  return {
    '@context': context,
    '@type': 'DaySpa',
    '@id': `${siteUrl}/#studio`,
    name: studioName,
    url: `${siteUrl}/`,
    image: `${siteUrl}/og/studio.png`,
    description: 'Professional massage therapy and skincare studio in Lagos, with online booking and a skincare shop.',
    telephone: studio.phone,
    email: studio.email,
    address: { '@type': 'PostalAddress', streetAddress: studio.address, addressCountry: 'NG' },
    openingHours: 'Mo-Su 09:00-17:00',
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: '09:00',
      closes: '17:00',
    },
    priceRange: `${formatNaira(Math.min(...prices))} – ${formatNaira(Math.max(...prices))}`,
    currenciesAccepted: 'NGN',
    paymentAccepted: 'Visa, Mastercard, Verve',
  };
}

/** A treatment's or product's approved reviews as schema.org wants them: at least one behind a rating. */
function ratingJsonLd(summary: { rating?: number | null; reviewCount?: number; reviews?: readonly PublicReview[] }) {
  const count = summary.reviewCount ?? summary.reviews?.length ?? 0;
  if (count === 0 || !summary.rating) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.rating,
      bestRating: 5,
      worstRating: 1,
      reviewCount: count,
    },
    review: (summary.reviews ?? []).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.user },
      ...(review.date ? { datePublished: review.date } : {}),
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      reviewBody: review.comment,
    })),
  };
}

/** The massage menu: every treatment an offer of the studio, in naira, with its reviews (the massage page). */
export function treatmentsJsonLd({ treatments }: PageCatalogue): JsonLd {
  const page = `${siteUrl}${sitePages.massageTherapy.path}`;
  return {
    '@context': context,
    '@type': 'OfferCatalog',
    name: 'Massage Therapy',
    url: page,
    itemListElement: treatments.map((treatment) => ({
      '@type': 'Offer',
      price: treatment.price,
      priceCurrency: 'NGN',
      availability: 'https://schema.org/InStock',
      url: `${siteUrl}${sitePages.booking.path}`,
      seller: { '@id': `${siteUrl}/#studio`, '@type': 'DaySpa', name: studioName },
      itemOffered: {
        '@type': 'Service',
        name: treatment.name,
        description: `${treatment.description} (${durationLabel(treatment)})`,
        serviceType: 'Massage therapy',
        ...ratingJsonLd(treatment),
      },
    })),
  };
}

/** Every product with its sizes' prices and its rating and reviews (the shop). */
export function productsJsonLd({ products }: PageCatalogue): JsonLd {
  return {
    '@context': context,
    '@graph': products.map((product) => ({
      '@type': 'Product',
      '@id': `${siteUrl}${sitePages.shop.path}#${product.id}`,
      name: product.name,
      description: product.description,
      category: product.category,
      image: `${siteUrl}${product.image}`,
      brand: { '@type': 'Brand', name: studioName },
      offers: product.sizes.map((size) => ({
        '@type': 'Offer',
        name: `${product.name}, ${size.size}`,
        price: size.price,
        priceCurrency: 'NGN',
        availability: availability(size.stock),
        url: `${siteUrl}${sitePages.shop.path}`,
      })),
      // schema.org wants at least one review behind a rating: a new product has none.
      ...ratingJsonLd(product),
    })),
  };
}

/** The FAQ page's questions and answers, in the page's own words. */
export function faqJsonLd(): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: faqGroups.flatMap((group) =>
      group.entries.map((entry) => ({
        '@type': 'Question',
        name: entry.question,
        acceptedAnswer: { '@type': 'Answer', text: answerText(entry.answer) },
      })),
    ),
  };
}

/** The structured data the page at `path` carries (most carry none). */
export function pageJsonLd(path: string, catalogue: PageCatalogue): JsonLd[] {
  switch (path) {
    case sitePages.home.path:
      return [studioJsonLd(catalogue)];
    case sitePages.massageTherapy.path:
      return [treatmentsJsonLd(catalogue)];
    case sitePages.shop.path:
      return [productsJsonLd(catalogue)];
    case sitePages.faq.path:
      return [faqJsonLd()];
    default:
      return [];
  }
}
