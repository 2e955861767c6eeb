/**
 * The waitlist for full times: the confirmation of joining (with the link to confirm the entry, or
 * for WhatsApp a reply, and the private link to see or leave it), its end after offers lapsed, and the offer of a freed place (held for a few minutes, with the link to book it).
 */

import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { formatNaira } from '../../shared/money';
import { formatDate } from '../../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import {
  buttonStyle,
  CallUs,
  callUsText,
  Facts,
  factsText,
  Greeting,
  opening,
  type RenderedMessage,
  render,
  when,
} from './shared';

export interface TimeWaitlistEntryFacts {
  name: string;
  treatments: string[];
  therapistName: string | null;
  dates: string[];
  dayPart: string;
  /** The private link to see or leave the entry. */
  entryUrl: string;
  /** The email's link to confirm the entry (its page's button posts the confirmation). */
  confirmUrl: string;
}

/** How the owner confirms: the email's link, or a reply on WhatsApp from the number given. */
export type ConfirmBy = 'link' | 'reply';

export interface TimeWaitlistEndedFacts {
  name: string;
  treatments: string[];
  dates: string[];
}

export interface TimeWaitlistOfferFacts {
  name: string;
  treatments: string[];
  therapistName: string;
  date: string;
  time: string;
  /** What is paid online to book it (a deposit or the whole price). */
  payNow: number;
  /** Minutes the place is held. */
  heldMinutes: number;
  offerUrl: string;
}

export async function timeWaitlistJoined(
  entry: TimeWaitlistEntryFacts,
  studio: StudioDetails,
  confirmBy: ConfirmBy = 'link',
): Promise<RenderedMessage> {
  const days = entry.dates.map(formatDate).join(', ');
  const lead = `You are on the waitlist for ${entry.treatments.join(', ')}. Please confirm your place: we offer freed times only to confirmed places, by email and WhatsApp.`;
  const confirm =
    confirmBy === 'link' ? `Confirm your place: ${entry.confirmUrl}` : 'Reply to this message to confirm your place.';
  const unconfirmed = 'A place not confirmed within 24 hours ends.';
  const rows: Array<[string, string]> = [
    ['Treatments', entry.treatments.join(', ')],
    ['Therapist', entry.therapistName ?? 'Any therapist'],
    ['Days', days],
    ['Part of the day', entry.dayPart],
  ];
  const note =
    'An offered place is held for you for a short time only, so please answer soon. You can leave the waitlist at any time from the link.';
  return {
    subject: 'You are on the waitlist',
    text: [
      ...opening(entry.name, lead),
      factsText(rows),
      '',
      `${confirm} ${unconfirmed}`,
      '',
      note,
      `See or leave your place: ${entry.entryUrl}`,
      '',
      callUsText(studio),
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="You are on the waitlist">
        <Greeting name={entry.name} lead={lead} />
        <Facts rows={rows} />
        <Button href={entry.confirmUrl} style={buttonStyle}>
          Confirm my place
        </Button>
        <Text style={textStyle}>{unconfirmed}</Text>
        <Text style={textStyle}>
          {note} See or leave your place: <a href={entry.entryUrl}>{entry.entryUrl}</a>
        </Text>
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
    whatsapp: {
      name: 'time_waitlist_joined',
      // The approved template asks for a reply to confirm (a reply from the number given proves it is theirs).
      parameters: [entry.name, entry.treatments.join(', '), days, entry.entryUrl],
    },
  };
}

/** An entry ended because two offers in a row lapsed without an answer: the owner is told. */
export async function timeWaitlistEnded(
  entry: TimeWaitlistEndedFacts,
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const days = entry.dates.map(formatDate).join(', ');
  const lead = `Your place on the waitlist for ${entry.treatments.join(', ')} has ended: two places we offered you in a row were not answered in time.`;
  const note = 'You are welcome to join the waitlist again from the booking page.';
  return {
    subject: 'Your place on the waitlist has ended',
    text: [`Dear ${entry.name},`, '', lead, `Days: ${days}`, '', note, '', callUsText(studio)].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Your place on the waitlist has ended">
        <Greeting name={entry.name} lead={lead} />
        <Facts rows={[['Days', days]]} />
        <Text style={textStyle}>{note}</Text>
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
    whatsapp: { name: 'time_waitlist_ended', parameters: [entry.name, entry.treatments.join(', '), days] },
  };
}

export async function waitlistOffer(offer: TimeWaitlistOfferFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const visit = when(offer.date, offer.time);
  const lead = `A place has freed on ${visit} for ${offer.treatments.join(', ')} with ${offer.therapistName}. It is held for you for ${offer.heldMinutes} minutes.`;
  const rows: Array<[string, string]> = [
    ['Date and time', visit],
    ['Therapist', offer.therapistName],
    ['Treatments', offer.treatments.join(', ')],
    ['To pay now', formatNaira(offer.payNow)],
  ];
  const note = 'If you cannot come, please choose "No, thanks" so the next person can have it.';
  return {
    subject: `A place for you on ${visit}: held for ${offer.heldMinutes} minutes`,
    text: [
      ...opening(offer.name, lead),
      factsText(rows),
      '',
      `Book and pay: ${offer.offerUrl}`,
      note,
      '',
      callUsText(studio),
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="A place for you">
        <Greeting name={offer.name} lead={lead} />
        <Facts rows={rows} />
        <Button href={offer.offerUrl} style={buttonStyle}>
          Book and pay
        </Button>
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>{note}</Text>
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
    whatsapp: {
      name: 'waitlist_offer',
      parameters: [offer.name, visit, String(offer.heldMinutes), offer.offerUrl],
    },
  };
}
