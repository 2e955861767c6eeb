/**
 * Which messages the prepaid sales send: a gift voucher bought and delivered, a package bought, a
 * membership's start, renewal and end. The templates render with React's server renderer, a
 * quarter of the Worker: they are imported when a message is built, so a cold start does not parse
 * them.
 */
import type { StudioDetails } from '../../messages/layout';
import type { MembershipFacts } from '../../messages/templates/memberships';
import type { PackageFacts } from '../../messages/templates/packages';
import type { VoucherFacts } from '../../messages/templates/vouchers';
import { byEmailAndWhatsapp, email, whatsapp, withRecipient } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

const voucherTemplates = () => import('../../messages/templates/vouchers');

/** A gift voucher bought: the buyer's receipt, at once. */
export async function voucherBoughtMessages(voucher: VoucherFacts, buyerEmail: string | null, studio: StudioDetails) {
  const { voucherReceipt } = await voucherTemplates();
  return withRecipient([
    email('voucher-receipt', voucher.reference, buyerEmail ?? '', await voucherReceipt(voucher, studio)),
  ]);
}

/**
 * A gift voucher delivered: the card to the recipient by email and WhatsApp, and a note to the
 * buyer. `sending` tells a resend (its own key) from the delivery.
 */
export async function voucherDeliveryMessages(
  voucher: VoucherFacts,
  buyerEmail: string | null,
  studio: StudioDetails,
  sending = 'delivery',
): Promise<NewMessage[]> {
  const { voucherDelivered, voucherDelivery } = await voucherTemplates();
  const card = await voucherDelivery(voucher, studio);
  const about = `${voucher.reference}:${sending}`;
  return withRecipient([
    email('voucher-delivery', about, voucher.recipientEmail ?? '', card),
    whatsapp('voucher-delivery', about, voucher.recipientPhone ?? '', card),
    ...(sending === 'delivery'
      ? [email('voucher-delivered', voucher.reference, buyerEmail ?? '', await voucherDelivered(voucher, studio))]
      : []),
  ]);
}

const packageTemplates = () => import('../../messages/templates/packages');

/** A package bought: its code to the buyer, by email and WhatsApp, once per purchase. */
export async function packageBoughtMessages(
  facts: PackageFacts,
  contact: { email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = await (await packageTemplates()).packageBought(facts, studio);
  return byEmailAndWhatsapp('package-bought', facts.reference, contact, message);
}

const membershipTemplates = () => import('../../messages/templates/memberships');

/**
 * A membership's message to its member, by email and WhatsApp: its start (with its code, once per
 * membership) or a month unpaid (once per failed invoice: `about`).
 */
export async function membershipMessages(
  kind: 'membership-started' | 'membership-unpaid',
  facts: MembershipFacts,
  contact: { email: string | null; phone: string | null },
  about: string,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const templates = await membershipTemplates();
  const message = await (kind === 'membership-started'
    ? templates.membershipStarted(facts, studio)
    : templates.membershipUnpaid(facts, studio));
  return byEmailAndWhatsapp(kind, about, contact, message);
}
