import { studio } from '../config/studio';

/** A WhatsApp chat with the studio, with `message` pre-filled (may be empty). */
export function whatsappLink(message = ''): string {
  return `https://wa.me/${studio.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
