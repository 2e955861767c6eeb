// The studio as schema.org JSON-LD (a DaySpa), written into index.html at build time so search
// engines read the address, phone, hours and prices without running any script.
import { products, treatments } from '../../worker/shared/catalogue.ts';
import { formatNaira } from '../../worker/shared/money.ts';
import { studioName } from '../../worker/shared/site-pages.ts';
import type { StudioContact } from './studio-contact.ts';

export function studioJsonLd(contact: StudioContact): Record<string, unknown> {
  const prices = [...treatments.map((t) => t.price), ...products.flatMap((p) => p.sizes.map((s) => s.price))];
  return {
    '@context': 'https://schema.org',
    '@type': 'DaySpa',
    name: studioName,
    description: 'Professional massage therapy and skincare studio in Lagos, with online booking and a skincare shop.',
    telephone: contact.phone,
    email: contact.email,
    address: { '@type': 'PostalAddress', streetAddress: contact.address, addressCountry: 'NG' },
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

/** A script tag safe to inline: `<` is escaped so no value can close the tag. */
export function jsonLdScriptTag(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
