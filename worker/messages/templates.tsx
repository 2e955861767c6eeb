/**
 * What the studio says, once per template: the email's subject, its HTML (React Email, rendered
 * here in the Worker) and its plain text, and for WhatsApp the approved template's name and
 * parameters. Dates and times always come from the one formatter, in Lagos time, labelled WAT.
 */
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { googleCalendarUrl } from '../shared/calendar';
import { whatsappCampaignText, whatsappParameter } from '../shared/campaign';
import { formatNaira } from '../shared/money';
import { formatVisit } from '../shared/schedule';
import { studioName } from '../shared/site-pages';
import { formatAppointmentWat, formatDate, formatShortDateTime } from '../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from './layout';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  whatsapp?: { name: string; parameters: string[] };
}

export interface BookingFacts {
  reference: string;
  name: string;
  email: string;
  phone: string;
  treatments: string[];
  date: string;
  time: string;
  amount: number;
  /** The visitor's private link to reschedule or cancel online, absolute. */
  manageUrl?: string;
  /** Paid after its hold ran out, into a slot that had filled meanwhile: a new time is needed. */
  slotTaken?: boolean;
  /** Who gives the treatments, when one is assigned. */
  therapistName?: string | null;
  /** The visit's length, buffers included (60 when unknown). */
  durationMinutes?: number;
  /** Taken by staff unpaid: the client pays at the studio. */
  paidOnArrival?: boolean;
  /** Paid of `amount` so far, when a deposit leaves the rest to pay at the studio. */
  amountPaid?: number;
}

/** A cancelled booking's refund, as the visitor is told of it. */
export interface RefundFacts {
  status: 'pending' | 'processed' | 'failed';
  amount: number;
  testMode: boolean;
}

export interface OrderFacts {
  reference: string;
  name: string;
  shippingAddress: string;
  items: Array<{ productName: string; size: string; quantity: number; unitPrice: number }>;
  amount: number;
  /** Paid of `amount` (online and by voucher) when it is less: a late payment, the rest due on delivery. */
  amountPaid?: number;
}

const when = formatAppointmentWat;

const render = (element: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

const headingStyle = { margin: '0 0 16px', fontSize: '24px', lineHeight: '32px', color: colours.cocoa };
const labelStyle = { ...textStyle, margin: '0', fontSize: '13px', color: colours.inkSoft };
const valueStyle = { ...textStyle, margin: '0 0 12px', fontWeight: 600 };

function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <Section style={{ padding: '16px 20px', backgroundColor: colours.sand, borderRadius: '12px', margin: '0 0 20px' }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text style={labelStyle}>{label}</Text>
          <Text style={valueStyle}>{value}</Text>
        </div>
      ))}
    </Section>
  );
}

const buttonStyle = {
  backgroundColor: colours.cocoa,
  color: '#ffffff',
  padding: '12px 22px',
  borderRadius: '999px',
  fontWeight: 700,
  fontSize: '15px',
};

/** "Questions? Call or WhatsApp us on …", the number a link to call. */
function CallUs({ studio, style }: { studio: StudioDetails; style?: CSSProperties }) {
  return (
    <Text style={{ ...textStyle, ...style }}>
      Questions? Call or WhatsApp us on <Link href={`tel:${studio.phone.replace(/[^\d+]/g, '')}`}>{studio.phone}</Link>.
    </Text>
  );
}

/** "Dear Ada, your appointment …": the greeting, then the lead sentence. */
function Greeting({ name, lead }: { name: string; lead: string }) {
  return (
    <Text style={textStyle}>
      Dear {name}, {lead.charAt(0).toLowerCase()}
      {lead.slice(1)}
    </Text>
  );
}

const factsText = (rows: Array<[string, string]>) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

const cancellationPolicy =
  'Need to change your plans? Please give us at least 24 hours’ notice to reschedule or cancel. Please arrive 10 minutes early.';

const manageText = (booking: BookingFacts) =>
  booking.manageUrl ? [`Reschedule or cancel online until 24 hours before: ${booking.manageUrl}`, ''] : [];

function ManageLink({ booking }: { booking: BookingFacts }) {
  if (!booking.manageUrl) return null;
  return (
    <Text style={textStyle}>
      <Link href={booking.manageUrl}>Manage booking</Link>: reschedule or cancel online until 24 hours before.
    </Text>
  );
}

/** The last lines of every booking message's text: the policy, how to reach us, who we are. */
const closingText = (studio: StudioDetails) => [
  cancellationPolicy,
  `Questions? Call or WhatsApp us on ${studio.phone}.`,
  '',
  studioName,
];

function calendarLink(booking: BookingFacts, studio: StudioDetails) {
  return googleCalendarUrl({
    title: `${booking.treatments.join(' + ')} at ${studioName}`,
    details: `${booking.therapistName ? `With ${booking.therapistName}. ` : ''}Booking reference ${booking.reference}. Please arrive 10 minutes early.`,
    location: studio.address,
    date: booking.date,
    time: booking.time,
    durationMinutes: booking.durationMinutes,
  });
}

/** "Tuesday, 1 December 2026 at 9:00 AM – 10:30 AM (WAT)": the whole visit, from its start to its end. */
const whenSpan = (booking: BookingFacts) =>
  `${formatVisit(booking.date, booking.time, booking.durationMinutes ?? 60)} (WAT)`;

/** The visit's time and, when assigned, its therapist, as one WhatsApp template parameter. */
const withTherapist = (booking: BookingFacts) =>
  booking.therapistName ? `${whenSpan(booking)} with ${booking.therapistName}` : whenSpan(booking);

/** What is left to pay at the studio: all of it when booked unpaid, the rest after a deposit. */
function dueAtStudio(booking: BookingFacts): number {
  if (booking.paidOnArrival) return booking.amount;
  return booking.amountPaid === undefined ? 0 : Math.max(0, booking.amount - booking.amountPaid);
}

/** What the visit costs the client now: paid, or to pay at the studio, or a deposit paid and the rest due. */
function moneyRows(booking: BookingFacts): Array<[string, string]> {
  if (booking.paidOnArrival) return [['To pay at the studio', formatNaira(booking.amount)]];
  const due = dueAtStudio(booking);
  if (due <= 0) return [['Amount paid', formatNaira(booking.amount)]];
  return [
    ['Paid (deposit)', formatNaira(booking.amountPaid ?? 0)],
    ['To pay at the studio', formatNaira(due)],
  ];
}

function bookingRows(booking: BookingFacts, studio: StudioDetails): Array<[string, string]> {
  return [
    ['Treatments', booking.treatments.join(', ')],
    ['Date and time', whenSpan(booking)],
    ...(booking.therapistName ? [['Therapist', booking.therapistName] as [string, string]] : []),
    ...moneyRows(booking),
    ['Reference', booking.reference],
    ['Address', studio.address],
  ];
}

/** Rows that say what was paid: a reminder or a change keeps only what is still to pay. */
const paidLabels = new Set(['Amount paid', 'Paid (deposit)']);

/** The money rows on one line, for a WhatsApp template parameter (no line breaks allowed there). */
const moneyLine = (booking: BookingFacts) =>
  moneyRows(booking)
    .map(([label, value]) => `${label}: ${value}`)
    .join('; ');

/** What the client still brings to the visit, for the WhatsApp reminder. */
const dueLine = (booking: BookingFacts) => {
  const due = dueAtStudio(booking);
  return due > 0 ? `To pay at the studio: ${formatNaira(due)}` : 'Nothing to pay at the studio';
};

const confirmedLine = (booking: BookingFacts) =>
  booking.paidOnArrival
    ? 'Your appointment is confirmed; please pay at the studio when you arrive.'
    : dueAtStudio(booking) > 0
      ? 'Your appointment is confirmed and your deposit is paid; please pay the rest at the studio.'
      : 'Your appointment is confirmed and paid.';

export function bookingConfirmation(booking: BookingFacts, studio: StudioDetails): RenderedMessage {
  const rows = bookingRows(booking, studio);
  const calendar = calendarLink(booking, studio);
  return {
    subject: `Your booking is confirmed: ${when(booking.date, booking.time)}`,
    text: [
      `Dear ${booking.name},`,
      '',
      `Thank you for booking with us. ${confirmedLine(booking)}`,
      '',
      factsText(rows),
      '',
      `Add it to your calendar: ${calendar}`,
      '',
      ...manageText(booking),
      ...closingText(studio),
    ].join('\n'),
    html: render(
      <EmailLayout preview={`Your appointment on ${when(booking.date, booking.time)} is confirmed.`} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Your booking is confirmed
        </Heading>
        <Text style={textStyle}>
          Dear {booking.name}, thank you for booking with us. {confirmedLine(booking)}
        </Text>
        <Facts rows={rows} />
        <Button href={calendar} style={buttonStyle}>
          Add to Google Calendar
        </Button>
        <Text style={{ ...textStyle, marginTop: '24px' }}>{cancellationPolicy}</Text>
        <ManageLink booking={booking} />
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
    whatsapp: {
      name: 'booking_confirmation',
      parameters: [
        booking.name,
        booking.treatments.join(', '),
        withTherapist(booking),
        moneyLine(booking),
        booking.reference,
      ],
    },
  };
}

/**
 * The payment arrived after the visitor's hold ran out and their slot had filled meanwhile: the
 * money is safe and the booking kept, but they need to choose another time (or cancel for a full
 * refund) through their manage link, which allows it however near the date.
 */
export function bookingSlotTaken(booking: BookingFacts, studio: StudioDetails): RenderedMessage {
  const rows = bookingRows(booking, studio).map(([label, value]): [string, string] =>
    label === 'Date and time' ? ['Time you chose (now full)', value] : [label, value],
  );
  const lead = `We received your payment, but the time you chose (${when(booking.date, booking.time)}) was taken by another client while you were paying.`;
  const ask = 'Please choose another time, or cancel for a full refund. We will also call you to help.';
  return {
    subject: 'Payment received: please choose another time',
    text: [
      `Dear ${booking.name},`,
      '',
      lead,
      ask,
      '',
      factsText(rows),
      '',
      ...(booking.manageUrl ? [`Choose another time or cancel: ${booking.manageUrl}`, ''] : []),
      `Questions? Call or WhatsApp us on ${studio.phone}.`,
      '',
      studioName,
    ].join('\n'),
    html: render(
      <EmailLayout preview="Your payment is safe: please choose another time." studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Please choose another time
        </Heading>
        <Greeting name={booking.name} lead={lead} />
        <Text style={textStyle}>{ask}</Text>
        <Facts rows={rows} />
        {booking.manageUrl ? (
          <Button href={booking.manageUrl} style={buttonStyle}>
            Choose another time
          </Button>
        ) : null}
        <CallUs studio={studio} style={{ marginTop: '24px' }} />
      </EmailLayout>,
    ),
    whatsapp: {
      name: 'booking_slot_taken',
      parameters: [booking.name, when(booking.date, booking.time), booking.manageUrl ?? studio.siteUrl],
    },
  };
}

export function bookingReminder(booking: BookingFacts, studio: StudioDetails): RenderedMessage {
  const rows = bookingRows(booking, studio).filter(([label]) => !paidLabels.has(label));
  return {
    subject: `Reminder: your appointment on ${when(booking.date, booking.time)}`,
    text: [
      `Dear ${booking.name},`,
      '',
      'This is a reminder of your appointment with us within the next 24 hours.',
      '',
      factsText(rows),
      '',
      ...manageText(booking),
      ...closingText(studio),
    ].join('\n'),
    html: render(
      <EmailLayout preview={`See you on ${when(booking.date, booking.time)}.`} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          See you soon
        </Heading>
        <Text style={textStyle}>Dear {booking.name}, this is a reminder of your appointment with us.</Text>
        <Facts rows={rows} />
        <Text style={textStyle}>{cancellationPolicy}</Text>
        <ManageLink booking={booking} />
      </EmailLayout>,
    ),
    whatsapp: { name: 'booking_reminder', parameters: [booking.name, withTherapist(booking), dueLine(booking)] },
  };
}

/** To the studio: the booking, and where to read the client's health answers. */
export function bookingNotice(booking: BookingFacts, studio: StudioDetails): RenderedMessage {
  const rows: Array<[string, string]> = [
    ['Client', booking.name],
    ['Phone', booking.phone],
    ['Email', booking.email],
    ['Treatments', booking.treatments.join(', ')],
    ['Date and time', whenSpan(booking)],
    ['Therapist', booking.therapistName ?? 'Not assigned'],
    ...moneyRows(booking),
    // Health answers and the client's notes for the therapist are sensitive data: never in an
    // email, only in the staff area (NDPA 2023).
    ['Health answers and notes', 'In the staff area: please read them before the visit'],
    ['Reference', booking.reference],
  ];
  const intro = booking.slotTaken
    ? 'A new booking has been paid after its hold ran out, into a slot that had already filled. The client has been asked to choose another time; please call them.'
    : booking.paidOnArrival
      ? 'A new booking has been taken, to be paid at the studio.'
      : 'A new booking has been paid.';
  return {
    subject: `${booking.slotTaken ? 'Over capacity: move this booking' : 'New booking'}: ${booking.name}, ${when(booking.date, booking.time)}`,
    text: [intro, '', factsText(rows), '', `Staff area: ${studio.siteUrl}/admin/bookings`].join('\n'),
    html: render(
      <EmailLayout preview={`${booking.name} booked ${booking.treatments.join(', ')}.`} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          New booking
        </Heading>
        {booking.slotTaken ? <Text style={textStyle}>{intro}</Text> : null}
        <Facts rows={rows} />
        <Text style={textStyle}>
          <Link href={`${studio.siteUrl}/admin/bookings`}>Open the bookings in the staff area</Link>
        </Text>
      </EmailLayout>,
    ),
  };
}

/** The visitor's booking moved to another slot (by them or by staff). */
export function bookingRescheduled(
  booking: BookingFacts,
  previous: { date: string; time: string },
  studio: StudioDetails,
): RenderedMessage {
  const rows: Array<[string, string]> = [
    ...bookingRows(booking, studio).filter(([label]) => !paidLabels.has(label)),
    ['Previously', when(previous.date, previous.time)],
  ];
  const lead = `Your appointment has moved to ${when(booking.date, booking.time)}. The price is unchanged.`;
  return {
    subject: `Your booking has moved to ${when(booking.date, booking.time)}`,
    text: [
      `Dear ${booking.name},`,
      '',
      lead,
      '',
      factsText(rows),
      '',
      ...manageText(booking),
      ...closingText(studio),
    ].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Your booking has moved
        </Heading>
        <Greeting name={booking.name} lead={lead} />
        <Facts rows={rows} />
        <Text style={textStyle}>{cancellationPolicy}</Text>
        <ManageLink booking={booking} />
      </EmailLayout>,
    ),
    whatsapp: {
      name: 'booking_rescheduled',
      parameters: [booking.name, when(previous.date, previous.time), withTherapist(booking)],
    },
  };
}

/** What the visitor is told of their money when a booking is cancelled. */
export function refundSentence(refund: RefundFacts | null, what: 'booking' | 'order' = 'booking'): string {
  if (!refund) return `No refund is due for this ${what}.`;
  const amount = formatNaira(refund.amount);
  if (refund.testMode) return `TEST MODE: a refund of ${amount} is recorded as processed; no money moved.`;
  if (refund.status === 'processed') return `Your refund of ${amount} has been processed by Paystack.`;
  return `We have asked Paystack to refund ${amount} to the card or account you paid with. It usually arrives within 5 to 10 working days.`;
}

export function bookingCancelled(
  booking: BookingFacts,
  refund: RefundFacts | null,
  studio: StudioDetails,
): RenderedMessage {
  const rows = bookingRows(booking, studio).filter(([label]) => label !== 'Address');
  const lead = `Your appointment on ${when(booking.date, booking.time)} is cancelled.`;
  const money = refundSentence(refund);
  return {
    subject: `Your booking on ${when(booking.date, booking.time)} is cancelled`,
    text: [
      `Dear ${booking.name},`,
      '',
      lead,
      money,
      '',
      factsText(rows),
      '',
      `We hope to see you another time: ${studio.siteUrl}/booking`,
      `Questions? Call or WhatsApp us on ${studio.phone}.`,
      '',
      studioName,
    ].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Your booking is cancelled
        </Heading>
        <Greeting name={booking.name} lead={lead} />
        <Text style={textStyle}>{money}</Text>
        <Facts rows={rows} />
        <Text style={textStyle}>
          We hope to see you another time: <Link href={`${studio.siteUrl}/booking`}>book again</Link>. Questions? Call
          or WhatsApp us on <Link href={`tel:${studio.phone.replace(/[^\d+]/g, '')}`}>{studio.phone}</Link>.
        </Text>
      </EmailLayout>,
    ),
    whatsapp: { name: 'booking_cancelled', parameters: [booking.name, when(booking.date, booking.time), money] },
  };
}

/** The studio's notice of a move or a cancellation, whoever made it. */
export function bookingChangeNotice(
  booking: BookingFacts,
  change:
    | { kind: 'rescheduled'; from: { date: string; time: string } }
    | { kind: 'cancelled'; refund: RefundFacts | null },
  by: 'visitor' | 'staff',
  studio: StudioDetails,
): RenderedMessage {
  const who = by === 'visitor' ? 'the client, online' : 'staff';
  const rows: Array<[string, string]> = [
    ['Client', booking.name],
    ['Phone', booking.phone],
    ['Treatments', booking.treatments.join(', ')],
    ...(change.kind === 'rescheduled'
      ? ([
          ['From', when(change.from.date, change.from.time)],
          ['To', whenSpan(booking)],
          ['Therapist', booking.therapistName ?? 'Not assigned'],
        ] as Array<[string, string]>)
      : ([
          ['Date and time', when(booking.date, booking.time)],
          [
            'Refund',
            change.refund
              ? `${formatNaira(change.refund.amount)}, ${change.refund.testMode ? 'TEST MODE' : change.refund.status}`
              : 'None',
          ],
        ] as Array<[string, string]>)),
    ['Changed by', who],
    ['Reference', booking.reference],
  ];
  const heading = change.kind === 'rescheduled' ? 'Booking moved' : 'Booking cancelled';
  return {
    subject: `${heading}: ${booking.name}, ${when(booking.date, booking.time)}`,
    text: [`${heading} by ${who}.`, '', factsText(rows), '', `Staff area: ${studio.siteUrl}/admin/bookings`].join('\n'),
    html: render(
      <EmailLayout preview={`${heading}: ${booking.name}`} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          {heading}
        </Heading>
        <Facts rows={rows} />
        <Text style={textStyle}>
          <Link href={`${studio.siteUrl}/admin/bookings`}>Open the bookings in the staff area</Link>
        </Text>
      </EmailLayout>,
    ),
  };
}

const itemLine = (item: OrderFacts['items'][number]) =>
  `${item.productName} (${item.size}) × ${item.quantity}: ${formatNaira(item.unitPrice * item.quantity)}`;

const shippingNote = 'Shipping is quoted separately on WhatsApp within 1–2 hours and paid on delivery.';

function orderMessage(order: OrderFacts, studio: StudioDetails, heading: string, lead: string, subject: string) {
  const due = order.amountPaid === undefined ? 0 : order.amount - order.amountPaid;
  const rows: Array<[string, string]> = [
    ['Items', order.items.map(itemLine).join('; ')],
    ['Amount paid', formatNaira(order.amount - Math.max(0, due))],
    ...(due > 0 ? [['To pay on delivery', formatNaira(due)] as [string, string]] : []),
    ['Delivery address', order.shippingAddress],
    ['Reference', order.reference],
  ];
  return {
    subject,
    text: [`Dear ${order.name},`, '', lead, '', factsText(rows), '', shippingNote, '', studioName].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          {heading}
        </Heading>
        <Greeting name={order.name} lead={lead} />
        <Facts rows={rows} />
        <Text style={textStyle}>{shippingNote}</Text>
      </EmailLayout>,
    ),
  };
}

export const orderConfirmation = (order: OrderFacts, studio: StudioDetails): RenderedMessage =>
  orderMessage(
    order,
    studio,
    'Thank you for your order',
    'Thank you for your order. We are getting it ready.',
    'Your order is confirmed',
  );

export const orderShipped = (order: OrderFacts, studio: StudioDetails): RenderedMessage =>
  orderMessage(
    order,
    studio,
    'Your order is on its way',
    'Your order has been sent out and is on its way to you.',
    'Your order is on its way',
  );

export const orderDelivered = (order: OrderFacts, studio: StudioDetails): RenderedMessage =>
  orderMessage(
    order,
    studio,
    'Your order has been delivered',
    'Your order has been delivered. We hope you love it.',
    'Your order has been delivered',
  );

export function orderCancelled(order: OrderFacts, refund: RefundFacts | null, studio: StudioDetails): RenderedMessage {
  const lead = 'We are sorry: your order has been cancelled and will not be sent.';
  const money = refundSentence(refund, 'order');
  const rows: Array<[string, string]> = [
    ['Items', order.items.map(itemLine).join('; ')],
    ['Amount paid', formatNaira(order.amount)],
    ['Reference', order.reference],
  ];
  const contact = `Questions? Call or WhatsApp us on ${studio.phone}.`;
  return {
    subject: 'Your order has been cancelled',
    text: [`Dear ${order.name},`, '', lead, money, '', factsText(rows), '', contact, '', studioName].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Your order is cancelled
        </Heading>
        <Greeting name={order.name} lead={lead} />
        <Text style={textStyle}>{money}</Text>
        <Facts rows={rows} />
        <Text style={textStyle}>
          Questions? Call or WhatsApp us on{' '}
          <Link href={`tel:${studio.phone.replace(/[^\d+]/g, '')}`}>{studio.phone}</Link>.
        </Text>
      </EmailLayout>,
    ),
  };
}

/** Double opt-in: the sign-up counts only once its address is confirmed from this link. */
export function waitlistConfirm(firstName: string, confirmUrl: string, studio: StudioDetails): RenderedMessage {
  const lead =
    'Thank you for joining the waitlist of our massage training academy. Please confirm your email address to keep your place.';
  const note = 'The link works for 7 days. If you did not sign up, ignore this email and we will not write again.';
  return {
    subject: 'Please confirm your place on the academy waitlist',
    text: [`Dear ${firstName},`, '', lead, '', `Confirm: ${confirmUrl}`, '', note, '', studioName].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Confirm your place
        </Heading>
        <Greeting name={firstName} lead={lead} />
        <Button href={confirmUrl} style={buttonStyle}>
          Confirm my email
        </Button>
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>{note}</Text>
      </EmailLayout>,
    ),
  };
}

/** WhatsApp news goes only to a number that wrote to the studio itself: how to start it. */
const whatsappOptIn = (studio: StudioDetails) =>
  `Academy news on WhatsApp too? Send us any message on WhatsApp (${studio.phone}) from the number you gave us; reply STOP at any time to stop.`;

export function waitlistWelcome(firstName: string, studio: StudioDetails): RenderedMessage {
  const lead =
    'Thank you for joining the waitlist of our massage training academy. We will write as soon as enrolment opens.';
  return {
    subject: 'You are on the academy waitlist',
    text: [
      `Dear ${firstName},`,
      '',
      lead,
      'The first 50 to register receive a special discount on tuition.',
      whatsappOptIn(studio),
      '',
      studioName,
    ].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Welcome to the waitlist
        </Heading>
        <Greeting name={firstName} lead={lead} />
        <Text style={textStyle}>The first 50 to register receive a special discount on tuition.</Text>
        <Text style={textStyle}>{whatsappOptIn(studio)}</Text>
      </EmailLayout>,
    ),
  };
}

/** A bulk email to one waitlist subscriber, with its own unsubscribe link. */
export function campaignEmail(
  firstName: string,
  subject: string,
  body: string,
  unsubscribeUrl: string,
  studio: StudioDetails,
): RenderedMessage {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const footer = 'You receive this because you joined the waitlist of our massage training academy.';
  return {
    subject,
    text: [
      `Dear ${firstName},`,
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      studioName,
      '',
      footer,
      `Unsubscribe: ${unsubscribeUrl}`,
    ].join('\n'),
    html: render(
      <EmailLayout preview={paragraphs[0] ?? subject} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          {subject}
        </Heading>
        <Text style={textStyle}>Dear {firstName},</Text>
        {paragraphs.map((paragraph) => (
          <Text key={paragraph} style={textStyle}>
            {paragraph}
          </Text>
        ))}
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>
          {footer} <Link href={unsubscribeUrl}>Unsubscribe</Link>
        </Text>
      </EmailLayout>,
    ),
    whatsapp: { name: 'academy_update', parameters: [firstName, whatsappCampaignText(body)] },
  };
}

/** The facts of a team invitation: who is invited, by whom, as what, and the one-time link. */
export interface TeamInvitationFacts {
  name: string;
  invitedBy: string;
  role: string;
  link: string;
  expiresAt: string;
}

/** To a new member of the team: the link to choose a password (valid 72 hours, once). */
export function teamInvitation(invite: TeamInvitationFacts, studio: StudioDetails): RenderedMessage {
  const lead = `${invite.invitedBy} has invited you to the staff area of ${studioName} as ${invite.role}. Choose your password to start.`;
  const note = `The link works once, until ${formatShortDateTime(invite.expiresAt)} (WAT). If you did not expect this email, ignore it and nothing will happen.`;
  return {
    subject: `You are invited to the ${studioName} staff area`,
    text: [`Dear ${invite.name},`, '', lead, '', `Choose your password: ${invite.link}`, '', note, '', studioName].join(
      '\n',
    ),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Welcome to the team
        </Heading>
        <Greeting name={invite.name} lead={lead} />
        <Button href={invite.link} style={buttonStyle}>
          Choose my password
        </Button>
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>{note}</Text>
      </EmailLayout>,
    ),
  };
}

/** To a member of the team who asked: the link to choose a new password (valid 1 hour, once). */
export function passwordReset(reset: { name: string; link: string }, studio: StudioDetails): RenderedMessage {
  const lead =
    'Someone (we hope you) asked to reset your password for the staff area. Choose a new one with the link below; every device signed in as you will be signed out.';
  const note = 'The link works once, for 1 hour. If you did not ask, ignore this email: your password stays as it is.';
  return {
    subject: `Reset your ${studioName} staff password`,
    text: [`Dear ${reset.name},`, '', lead, '', `Choose a new password: ${reset.link}`, '', note, '', studioName].join(
      '\n',
    ),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Reset your password
        </Heading>
        <Greeting name={reset.name} lead={lead} />
        <Button href={reset.link} style={buttonStyle}>
          Choose a new password
        </Button>
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>{note}</Text>
      </EmailLayout>,
    ),
  };
}

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

const formatDay = formatDate;

/** To the buyer at once: what was bought, for whom, and when it is sent. */
export function voucherReceipt(voucher: VoucherFacts, studio: StudioDetails): RenderedMessage {
  const lead = `Thank you for your gift. We will send ${voucher.recipientName} their gift voucher by ${deliveredBy(voucher)} on ${formatDay(voucher.deliverOn)}, and let you know when it has gone.`;
  const rows: Array<[string, string]> = [
    ['Gift voucher', voucherValue(voucher)],
    ['For', voucher.recipientName],
    ['Delivery date', formatDay(voucher.deliverOn)],
    ['Valid until', formatDay(voucher.expiresOn)],
    ['Amount paid', formatNaira(voucher.amount)],
    ['Reference', voucher.reference],
  ];
  return {
    subject: `Your gift voucher for ${voucher.recipientName}`,
    text: [`Dear ${voucher.buyerName},`, '', lead, '', factsText(rows), '', studioName].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Thank you for your gift
        </Heading>
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
export function voucherDelivery(voucher: VoucherFacts, studio: StudioDetails): RenderedMessage {
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
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          A gift for you
        </Heading>
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
export function voucherDelivered(voucher: VoucherFacts, studio: StudioDetails): RenderedMessage {
  const lead = `Your gift voucher has been sent to ${voucher.recipientName} by ${deliveredBy(voucher)}.`;
  const rows: Array<[string, string]> = [
    ['Gift voucher', voucherValue(voucher)],
    ['Valid until', formatDay(voucher.expiresOn)],
    ['Reference', voucher.reference],
  ];
  return {
    subject: `Your gift voucher has reached ${voucher.recipientName}`,
    text: [`Dear ${voucher.buyerName},`, '', lead, '', factsText(rows), '', studioName].join('\n'),
    html: render(
      <EmailLayout preview={lead} studio={studio}>
        <Heading as="h1" style={headingStyle}>
          Your gift is on its way
        </Heading>
        <Greeting name={voucher.buyerName} lead={lead} />
        <Facts rows={rows} />
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
  };
}

/** A review request's facts: who is asked, and the links (one per product of an order). */
export interface ReviewRequestFacts {
  name: string;
  /** The visit: its treatments and day; or each product of a delivered order with its own link. */
  visit?: { treatments: string; date: string; therapistName: string | null; link: string };
  products?: Array<{ name: string; link: string }>;
}

/** A day after a visit or a delivery: a few words, by a private link, only for those who came or bought. */
export function reviewRequest(facts: ReviewRequestFacts, studio: StudioDetails): RenderedMessage {
  const { visit, products = [] } = facts;
  const lead = visit
    ? `thank you for visiting us on ${formatDay(visit.date)}. How was your ${visit.treatments}${visit.therapistName ? ` with ${visit.therapistName}` : ''}?`
    : `we hope you are enjoying your ${products.map((product) => product.name).join(', ')}. How do you find ${products.length === 1 ? 'it' : 'them'}?`;
  const ask =
    'A star rating and a few words take a minute, and help others choose. The link is yours alone; we read every review before it is shown, with your first name and initial only.';
  const links = visit
    ? [{ name: 'Review your visit', link: visit.link }]
    : products.map((product) => ({ name: `Review ${product.name}`, link: product.link }));
  return {
    subject: visit ? 'How was your visit?' : 'How do you like your order?',
    text: [
      `Dear ${facts.name}, ${lead}`,
      '',
      ask,
      '',
      ...links.map((entry) => `${entry.name}: ${entry.link}`),
      '',
      studioName,
    ].join('\n'),
    html: render(
      <EmailLayout
        preview={
          visit ? 'How was your visit? A minute of your time helps others choose.' : 'How do you like your order?'
        }
        studio={studio}
      >
        <Heading as="h1" style={headingStyle}>
          {visit ? 'How was your visit?' : 'How do you like your order?'}
        </Heading>
        <Text style={textStyle}>
          Dear {facts.name}, {lead}
        </Text>
        <Text style={textStyle}>{ask}</Text>
        {links.map((entry) => (
          <Section key={entry.link} style={{ margin: '0 0 12px' }}>
            <Button href={entry.link} style={buttonStyle}>
              {entry.name}
            </Button>
          </Section>
        ))}
        <CallUs studio={studio} style={{ marginTop: '24px' }} />
      </EmailLayout>,
    ),
    whatsapp: visit
      ? { name: 'review_request', parameters: [facts.name, visit.treatments, formatDay(visit.date), visit.link] }
      : undefined,
  };
}
