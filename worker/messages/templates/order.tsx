/**
 * An order's messages: confirmed, shipped, delivered, cancelled.
 */

import { Text } from '@react-email/text';
import { shippingQuoteWhen } from '../../shared/catalogue/shipping-quote';
import { formatNaira } from '../../shared/money';
import { withShortReference } from '../../shared/short-reference';
import { studioName } from '../../shared/site-pages';
import { EmailLayout, type StudioDetails, textStyle } from '../layout';
import {
  cancellationMessage,
  Facts,
  factsText,
  Greeting,
  type RefundFacts,
  type RenderedMessage,
  refundSentence,
  render,
} from './shared';

export interface OrderFacts {
  reference: string;
  name: string;
  shippingAddress: string;
  items: Array<{ productName: string; size: string; quantity: number; unitPrice: number }>;
  amount: number;
  /** Paid of `amount` (online and by voucher) when it is less: a late payment, the rest due on delivery. */
  amountPaid?: number;
}

const itemLine = (item: OrderFacts['items'][number]) =>
  `${item.productName} (${item.size}) × ${item.quantity}: ${formatNaira(item.unitPrice * item.quantity)}`;

/** The confirmation says when the quote comes (shipping-quote.ts); later messages, that it is paid on delivery. */
const quoteNote = (now: Date) =>
  `Shipping is quoted separately on WhatsApp ${shippingQuoteWhen(now)} and paid on delivery.`;
const paidOnDelivery = 'Shipping is paid on delivery, as quoted on WhatsApp.';

async function orderMessage(
  order: OrderFacts,
  studio: StudioDetails,
  { heading, lead, subject, shippingNote }: { heading: string; lead: string; subject: string; shippingNote: string },
) {
  const due = order.amountPaid === undefined ? 0 : order.amount - order.amountPaid;
  const rows: Array<[string, string]> = [
    ['Items', order.items.map(itemLine).join('; ')],
    ['Amount paid', formatNaira(order.amount - Math.max(0, due))],
    ...(due > 0 ? [['To pay on delivery', formatNaira(due)] as [string, string]] : []),
    ['Delivery address', order.shippingAddress],
    ['Reference', withShortReference(order.reference)],
  ];
  return {
    subject,
    text: [`Dear ${order.name},`, '', lead, '', factsText(rows), '', shippingNote, '', studioName].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading={heading}>
        <Greeting name={order.name} lead={lead} />
        <Facts rows={rows} />
        <Text style={textStyle}>{shippingNote}</Text>
      </EmailLayout>,
    ),
  };
}

/** `now`: when the order was paid, which says when its shipping quote comes. */
export const orderConfirmation = async (
  order: OrderFacts,
  studio: StudioDetails,
  now = new Date(),
): Promise<RenderedMessage> =>
  orderMessage(order, studio, {
    heading: 'Thank you for your order',
    lead: 'Thank you for your order. We are getting it ready.',
    subject: 'Your order is confirmed',
    shippingNote: quoteNote(now),
  });

export const orderShipped = async (order: OrderFacts, studio: StudioDetails): Promise<RenderedMessage> =>
  orderMessage(order, studio, {
    heading: 'Your order is on its way',
    lead: 'Your order has been sent out and is on its way to you.',
    subject: 'Your order is on its way',
    shippingNote: paidOnDelivery,
  });

export const orderDelivered = async (order: OrderFacts, studio: StudioDetails): Promise<RenderedMessage> =>
  orderMessage(order, studio, {
    heading: 'Your order has been delivered',
    lead: 'Your order has been delivered. We hope you love it.',
    subject: 'Your order has been delivered',
    shippingNote: paidOnDelivery,
  });

export async function orderCancelled(
  order: OrderFacts,
  refund: RefundFacts | null,
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const lead = 'We are sorry: your order has been cancelled and will not be sent.';
  const money = refundSentence(refund, 'order');
  const rows: Array<[string, string]> = [
    ['Items', order.items.map(itemLine).join('; ')],
    ['Amount paid', formatNaira(order.amount)],
    ['Reference', withShortReference(order.reference)],
  ];
  return cancellationMessage(
    {
      name: order.name,
      subject: 'Your order has been cancelled',
      heading: 'Your order is cancelled',
      lead,
      money,
      rows,
    },
    studio,
  );
}
