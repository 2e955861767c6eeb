// A client's phone on a local run: the WhatsApp messages the site under test sent to a number, as
// the fake WhatsApp Cloud API received them (tests/e2e/support/fake-server.ts), newest last. The browser
// tests read a code or a link the way its addressee would, never from a staff screen.
import type { SentWhatsApp } from '../../fakes/whatsapp';

/** Meta's form of a Nigerian number: digits with the country code (0809… → 234809…). */
export const whatsappDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^0(?=\d{10}$)/, '234');

export async function whatsappsTo(inboxUrl: string, phone: string, template?: string): Promise<SentWhatsApp[]> {
  const response = await fetch(inboxUrl);
  if (!response.ok) throw new Error(`The fake WhatsApp answered ${response.status}`);
  const sent = (await response.json()) as SentWhatsApp[];
  return sent.filter(
    (message) => message.to === whatsappDigits(phone) && (template === undefined || message.template === template),
  );
}
