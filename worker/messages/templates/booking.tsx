/**
 * A booking's messages: confirmation, its time taken meanwhile, reminder, the studio's notice, moved,
 * cancelled, missed (a no-show), the health form's link, and the staff's change notice.
 */

import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { googleCalendarUrl } from '../../shared/bookings/calendar';
import { formatVisit } from '../../shared/bookings/schedule';
import { formatNaira } from '../../shared/money';
import { withShortReference } from '../../shared/short-reference';
import { studioName } from '../../shared/site-pages';
import { EmailLayout, type StudioDetails, textStyle } from '../layout';
import {
  buttonStyle,
  CallUs,
  callUsText,
  cancellationMessage,
  Facts,
  factsText,
  Greeting,
  opening,
  type RefundFacts,
  type RenderedMessage,
  refundSentence,
  render,
  when,
} from './shared';

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

export const cancellationPolicy =
  'Need to change your plans? Please give us at least 24 hours’ notice to reschedule or cancel. Please arrive 10 minutes early.';

/** The last lines of every booking message's text: the policy, how to reach us, who we are. */
const closingText = (studio: StudioDetails) => [cancellationPolicy, callUsText(studio), '', studioName];

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
    ['Reference', withShortReference(booking.reference)],
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

export async function bookingConfirmation(booking: BookingFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const rows = bookingRows(booking, studio);
  const calendar = calendarLink(booking, studio);
  return {
    subject: `Your booking is confirmed: ${when(booking.date, booking.time)}`,
    text: [
      ...opening(booking.name, `Thank you for booking with us. ${confirmedLine(booking)}`),
      factsText(rows),
      '',
      `Add it to your calendar: ${calendar}`,
      '',
      ...manageText(booking),
      ...closingText(studio),
    ].join('\n'),
    html: await render(
      <EmailLayout
        preview={`Your appointment on ${when(booking.date, booking.time)} is confirmed.`}
        studio={studio}
        heading="Your booking is confirmed"
      >
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
export async function bookingSlotTaken(booking: BookingFacts, studio: StudioDetails): Promise<RenderedMessage> {
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
      callUsText(studio),
      '',
      studioName,
    ].join('\n'),
    html: await render(
      <EmailLayout
        preview="Your payment is safe: please choose another time."
        studio={studio}
        heading="Please choose another time"
      >
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

export async function bookingReminder(booking: BookingFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const rows = bookingRows(booking, studio).filter(([label]) => !paidLabels.has(label));
  return {
    subject: `Reminder: your appointment on ${when(booking.date, booking.time)}`,
    text: [
      ...opening(booking.name, 'This is a reminder of your appointment with us within the next 24 hours.'),
      factsText(rows),
      '',
      ...manageText(booking),
      ...closingText(studio),
    ].join('\n'),
    html: await render(
      <EmailLayout preview={`See you on ${when(booking.date, booking.time)}.`} studio={studio} heading="See you soon">
        <Text style={textStyle}>Dear {booking.name}, this is a reminder of your appointment with us.</Text>
        <Facts rows={rows} />
        <Text style={textStyle}>{cancellationPolicy}</Text>
        <ManageLink booking={booking} />
      </EmailLayout>,
    ),
    whatsapp: { name: 'booking_reminder', parameters: [booking.name, withTherapist(booking), dueLine(booking)] },
  };
}

/**
 * A booking staff took has no health answers: the private link to give them before the visit (at
 * booking, and again a day before while they are still missing).
 */
export async function visitFormRequest(
  booking: BookingFacts,
  formUrl: string,
  studio: StudioDetails,
  again: boolean,
): Promise<RenderedMessage> {
  const visit = when(booking.date, booking.time);
  const lead = again
    ? `Your appointment on ${visit} is close, and we do not have your health answers yet.`
    : `Before your appointment on ${visit}, please answer a few health questions.`;
  const why =
    'They help your therapist treat you safely, take two minutes, and stay private: only your therapist, managers and the owner see them.';
  return {
    subject: again ? `Your health questions for ${visit}` : `A few health questions before your visit on ${visit}`,
    text: [`Dear ${booking.name},`, '', lead, why, '', `Answer them here: ${formUrl}`, ...closingText(studio)].join(
      '\n',
    ),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Before your visit">
        <Greeting name={booking.name} lead={lead} />
        <Text style={textStyle}>{why}</Text>
        <Button href={formUrl} style={buttonStyle}>
          Answer the health questions
        </Button>
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
    whatsapp: { name: 'visit_form', parameters: [booking.name, visit, formUrl] },
  };
}

/** To the studio: the booking, and where to read the client's health answers. */
export async function bookingNotice(booking: BookingFacts, studio: StudioDetails): Promise<RenderedMessage> {
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
    ['Reference', withShortReference(booking.reference)],
  ];
  const intro = booking.slotTaken
    ? 'A new booking has been paid after its hold ran out, into a slot that had already filled. The client has been asked to choose another time; please call them.'
    : booking.paidOnArrival
      ? 'A new booking has been taken, to be paid at the studio.'
      : 'A new booking has been paid.';
  return {
    subject: `${booking.slotTaken ? 'Over capacity: move this booking' : 'New booking'}: ${booking.name}, ${when(booking.date, booking.time)}`,
    text: [intro, '', factsText(rows), '', `Staff area: ${studio.siteUrl}/admin/bookings`].join('\n'),
    html: await render(
      <EmailLayout
        preview={`${booking.name} booked ${booking.treatments.join(', ')}.`}
        studio={studio}
        heading="New booking"
      >
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
export async function bookingRescheduled(
  booking: BookingFacts,
  previous: { date: string; time: string },
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const rows: Array<[string, string]> = [
    ...bookingRows(booking, studio).filter(([label]) => !paidLabels.has(label)),
    ['Previously', when(previous.date, previous.time)],
  ];
  const lead = `Your appointment has moved to ${when(booking.date, booking.time)}. The price is unchanged.`;
  return {
    subject: `Your booking has moved to ${when(booking.date, booking.time)}`,
    text: [...opening(booking.name, lead), factsText(rows), '', ...manageText(booking), ...closingText(studio)].join(
      '\n',
    ),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Your booking has moved">
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

export async function bookingCancelled(
  booking: BookingFacts,
  refund: RefundFacts | null,
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const rows = bookingRows(booking, studio).filter(([label]) => label !== 'Address');
  const lead = `Your appointment on ${when(booking.date, booking.time)} is cancelled.`;
  const money = refundSentence(refund);
  return {
    ...(await cancellationMessage(
      {
        name: booking.name,
        subject: `Your booking on ${when(booking.date, booking.time)} is cancelled`,
        heading: 'Your booking is cancelled',
        lead,
        money,
        rows,
        again: { url: `${studio.siteUrl}/booking` },
      },
      studio,
    )),
    whatsapp: { name: 'booking_cancelled', parameters: [booking.name, when(booking.date, booking.time), money] },
  };
}

/**
 * A visit the client did not come to (marked a no-show by staff): one kind word and a way back.
 * What was paid is kept unless staff refund it, and the message says so only when something was.
 */
export async function bookingMissed(booking: BookingFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const rows = bookingRows(booking, studio).filter(([label]) => label !== 'Address');
  const lead = `We missed you at your appointment on ${when(booking.date, booking.time)}. We hope all is well.`;
  const paid = booking.paidOnArrival ? 0 : (booking.amountPaid ?? booking.amount);
  const money =
    paid > 0
      ? `The ${formatNaira(paid)} paid for it is kept, as our booking terms say. If something kept you away, call or WhatsApp us.`
      : 'If something kept you away, call or WhatsApp us.';
  return {
    ...(await cancellationMessage(
      {
        name: booking.name,
        subject: `We missed you on ${when(booking.date, booking.time)}`,
        heading: 'We missed you',
        lead,
        money,
        rows,
        again: { url: `${studio.siteUrl}/booking` },
      },
      studio,
    )),
    whatsapp: {
      name: 'booking_missed',
      parameters: [booking.name, when(booking.date, booking.time), `${studio.siteUrl}/booking`],
    },
  };
}

/** The studio's notice of a move or a cancellation, whoever made it. */
export async function bookingChangeNotice(
  booking: BookingFacts,
  change:
    | { kind: 'rescheduled'; from: { date: string; time: string } }
    | { kind: 'cancelled'; refund: RefundFacts | null },
  by: 'visitor' | 'staff',
  studio: StudioDetails,
): Promise<RenderedMessage> {
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
    ['Reference', withShortReference(booking.reference)],
  ];
  const heading = change.kind === 'rescheduled' ? 'Booking moved' : 'Booking cancelled';
  return {
    subject: `${heading}: ${booking.name}, ${when(booking.date, booking.time)}`,
    text: [`${heading} by ${who}.`, '', factsText(rows), '', `Staff area: ${studio.siteUrl}/admin/bookings`].join('\n'),
    html: await render(
      <EmailLayout preview={`${heading}: ${booking.name}`} studio={studio} heading={heading}>
        <Facts rows={rows} />
        <Text style={textStyle}>
          <Link href={`${studio.siteUrl}/admin/bookings`}>Open the bookings in the staff area</Link>
        </Text>
      </EmailLayout>,
    ),
  };
}
