import { studioName } from '../../worker/shared/site-paths';

interface StudioContact {
  phone: string;
  /** Digits only, country code first, as wa.me links want it. */
  whatsapp: string;
  email: string;
  address: string;
}

/** Set at build time from wrangler.toml [vars] STUDIO_* (see vite.config.ts). */
declare const __STUDIO_CONTACT__: StudioContact;

export const studio = {
  name: studioName,
  ...__STUDIO_CONTACT__,
  hours: 'Monday to Sunday, 9:00 AM to 5:00 PM',
} as const;

/** tel: link for the studio phone number. */
export const studioPhoneHref = `tel:${studio.phone.replace(/[^\d+]/g, '')}`;
