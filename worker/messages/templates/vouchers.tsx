/**
 * A gift voucher's messages: the buyer's receipt, the recipient's card, the buyer's note that it went.
 */

import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { whatsappParameter } from '../../shared/academy/campaign';
import { formatNaira } from '../../shared/money';
import { withShortReference } from '../../shared/short-reference';
import { studioName } from '../../shared/site-pages';
import { formatDate } from '../../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { buttonStyle, CallUs, Facts, factsText, Greeting, type RenderedMessage, render } from './shared';

/** A gift voucher as its messages tell of it. */
export interface VoucherFacts {
  /** The purchase's payment reference. */
  reference: string;
  amount: number;
  balance: number;
  /** Bought as a treatment: its name. */
  treatment: string | null;
  buyerName: string;
  recipientName: string;
  recipientEmail: string | null;
  recipientPhone: string | null;
  message: string | null;
  deliverOn: string;
  expiresOn: string;
  /** Only in the recipient's message: the code, grouped (ABCD-EFGH-JKMN). */
  code?: string;
  /** Only in the recipient's message: the printable card, absolute. */
  cardUrl?: string;
}

const voucherValue = (voucher: VoucherFacts) =>
  voucher.treatment ? `${voucher.treatment} (${formatNaira(voucher.amount)})` : formatNaira(voucher.amount);

const deliveredBy = (voucher: VoucherFacts) =>
  [voucher.recipientEmail ? 'email' : '', voucher.recipientPhone ? 'WhatsApp' : ''].filter(Boolean).join(' and ');

export const formatDay = formatDate;

/** To the buyer at once: what was bought, for whom, and when it is sent. */
export async function voucherReceipt(voucher: VoucherFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `Thank you for your gift. We will send ${voucher.recipientName} their gift voucher by ${deliveredBy(voucher)} on ${formatDay(voucher.deliverOn)}, and let you know when it has gone.`;
  const rows: Array<[string, string]> = [
    ['Gift voucher', voucherValue(voucher)],
    ['For', voucher.recipientName],
    ['Delivery date', formatDay(voucher.deliverOn)],
    ['Valid until', formatDay(voucher.expiresOn)],
    ['Amount paid', formatNaira(voucher.amount)],
    ['Reference', withShortReference(voucher.reference)],
  ];
  const subject = `Your gift voucher for ${voucher.recipientName}`;
  return toBuyer(voucher, studio, { subject, heading: 'Thank you for your gift', lead, rows });
}

/** An email to the buyer: its lead and the voucher's facts. */
async function toBuyer(
  voucher: VoucherFacts,
  studio: StudioDetails,
  note: { subject: string; heading: string; lead: string; rows: Array<[string, string]> },
): Promise<RenderedMessage> {
  const { subject, heading, lead, rows } = note;
  return {
    subject,
    text: [`Dear ${voucher.buyerName},`, '', lead, '', factsText(rows), '', studioName].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading={heading}>
        <Greeting name={voucher.buyerName} lead={lead} />
        <Facts rows={rows} />
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
  };
}

const cardStyle = {
  padding: '28px 24px',
  margin: '0 0 24px',
  borderRadius: '16px',
  backgroundColor: colours.espresso,
  color: colours.cream,
  textAlign: 'center' as const,
};

const cardText = { ...textStyle, color: colours.cream, margin: '0 0 8px' };

/** To the recipient on the delivery date: the card, with its code, and how to use it. */
export async function voucherDelivery(voucher: VoucherFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const code = voucher.code ?? '';
  const howTo = `Book a treatment at ${studio.siteUrl}/booking or shop at ${studio.siteUrl}/ecommerce, and enter the code under Gift voucher when you pay. Use it all at once or over several visits until ${formatDay(voucher.expiresOn)}.`;
  const lead = `${voucher.buyerName} has sent you a gift voucher for ${studioName}.`;
  return {
    subject: `${voucher.buyerName} sent you a gift voucher`,
    text: [
      `Dear ${voucher.recipientName},`,
      '',
      lead,
      ...(voucher.message ? ['', `“${voucher.message}”`] : []),
      '',
      `Gift voucher: ${voucherValue(voucher)}`,
      `Code: ${code}`,
      `Valid until: ${formatDay(voucher.expiresOn)}`,
      '',
      howTo,
      ...(voucher.cardUrl ? ['', `View and print your voucher: ${voucher.cardUrl}`] : []),
      '',
      studioName,
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="A gift for you">
        <Text style={textStyle}>
          Dear {voucher.recipientName}, {lead}
        </Text>
        <Section style={cardStyle}>
          <Text style={{ ...cardText, color: colours.gold, fontSize: '13px', letterSpacing: '3px' }}>GIFT VOUCHER</Text>
          <Text style={{ ...cardText, fontSize: '34px', lineHeight: '42px', fontWeight: 700 }}>
            {voucher.treatment ?? formatNaira(voucher.amount)}
          </Text>
          {voucher.treatment ? <Text style={cardText}>{formatNaira(voucher.amount)}</Text> : null}
          <Text style={cardText}>
            For {voucher.recipientName}, from {voucher.buyerName}
          </Text>
          {voucher.message ? <Text style={{ ...cardText, fontStyle: 'italic' }}>“{voucher.message}”</Text> : null}
          <Text
            style={{
              ...cardText,
              margin: '16px 0 8px',
              fontFamily: 'Menlo, Consolas, monospace',
              fontSize: '24px',
              letterSpacing: '2px',
              fontWeight: 700,
            }}
          >
            {code}
          </Text>
          <Text style={{ ...cardText, fontSize: '13px', margin: '0' }}>Valid until {formatDay(voucher.expiresOn)}</Text>
        </Section>
        <Text style={textStyle}>{howTo}</Text>
        {voucher.cardUrl ? (
          <Button href={voucher.cardUrl} style={buttonStyle}>
            View and print your voucher
          </Button>
        ) : null}
        <CallUs studio={studio} style={{ marginTop: '24px' }} />
      </EmailLayout>,
    ),
    whatsapp: {
      name: 'gift_voucher',
      parameters: [
        voucher.recipientName,
        voucher.buyerName,
        voucherValue(voucher),
        code,
        formatDay(voucher.expiresOn),
        voucher.cardUrl ?? studio.siteUrl,
        // The buyer's words on one line (a parameter may not be empty, nor break lines).
        voucher.message ? `“${whatsappParameter(voucher.message)}”` : 'Enjoy your treat.',
      ],
    },
  };
}

/** To the buyer: the voucher has reached its recipient. */
export async function voucherDelivered(voucher: VoucherFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `Your gift voucher has been sent to ${voucher.recipientName} by ${deliveredBy(voucher)}.`;
  const rows: Array<[string, string]> = [
    ['Gift voucher', voucherValue(voucher)],
    ['Valid until', formatDay(voucher.expiresOn)],
    ['Reference', withShortReference(voucher.reference)],
  ];
  const subject = `Your gift voucher has reached ${voucher.recipientName}`;
  return toBuyer(voucher, studio, { subject, heading: 'Your gift is on its way', lead, rows });
}
