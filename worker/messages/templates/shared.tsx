/**
 * What the studio says, once per template, one file per family in this folder: the email's subject,
 * its HTML (React Email, rendered here in the Worker) and its plain text, and for WhatsApp the
 * approved template's name and parameters. Dates and times always come from the one formatter, in
 * Lagos time, labelled WAT.
 *
 * The parts every message family shares: the rendered shape (subject, HTML, text), the fact rows,
 * the greeting, the studio's call-us line and closing, and the refund sentence.
 */

import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { formatNaira } from '../../shared/money';
import { studioName } from '../../shared/site-pages';
import { formatAppointmentWat } from '../../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  whatsapp?: { name: string; parameters: string[] };
}

/** A cancelled booking's refund, as the visitor is told of it. */
export interface RefundFacts {
  status: 'pending' | 'processed' | 'failed';
  amount: number;
  testMode: boolean;
}

export const when = formatAppointmentWat;

/**
 * An email's HTML. React's static render, the one the Worker's pages use (one React server in the
 * upload, not two): it marks where text nodes meet for hydration (`<!-- -->`), which an email has
 * no use for, so they go.
 */
export async function render(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  const html = (await new Response(prelude).text()).replaceAll('<!-- -->', '');
  return html.startsWith('<!DOCTYPE html>') ? html : `<!DOCTYPE html>${html}`;
}

/** A code the reader types elsewhere (a package's, a membership's, a sign-in's): large, monospaced, on dark. */
export const codeBoxStyle = {
  ...textStyle,
  margin: '8px 0 24px',
  padding: '16px',
  borderRadius: '12px',
  backgroundColor: colours.espresso,
  color: colours.cream,
  textAlign: 'center' as const,
  fontFamily: 'Menlo, Consolas, monospace',
  fontSize: '24px',
  letterSpacing: '2px',
  fontWeight: 700,
};

const labelStyle = { ...textStyle, margin: '0', fontSize: '13px', color: colours.inkSoft };

const valueStyle = { ...textStyle, margin: '0 0 12px', fontWeight: 600 };

export function Facts({ rows }: { rows: Array<[string, string]> }) {
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

export const buttonStyle = {
  backgroundColor: colours.cocoa,
  color: '#ffffff',
  padding: '12px 22px',
  borderRadius: '999px',
  fontWeight: 700,
  fontSize: '15px',
};

/** "Questions? Call or WhatsApp us on …", the number a link to call. */
/** The plain-text twin of `CallUs`. */
export const callUsText = (studio: StudioDetails) => `Questions? Call or WhatsApp us on ${studio.phone}.`;

/** The studio's phone number as a link to call it. */
export const PhoneLink = ({ studio }: { studio: StudioDetails }) => (
  <Link href={`tel:${studio.phone.replace(/[^\d+]/g, '')}`}>{studio.phone}</Link>
);

export function CallUs({ studio, style }: { studio: StudioDetails; style?: CSSProperties }) {
  return (
    <Text style={{ ...textStyle, ...style }}>
      Questions? Call or WhatsApp us on <PhoneLink studio={studio} />.
    </Text>
  );
}

/** "Dear Ada, your appointment …": the greeting, then the lead sentence. */
export function Greeting({ name, lead }: { name: string; lead: string }) {
  return (
    <Text style={textStyle}>
      Dear {name}, {lead.charAt(0).toLowerCase()}
      {lead.slice(1)}
    </Text>
  );
}

/** A text message's opening: the greeting, then its lead, each a paragraph. */
export const opening = (name: string, lead: string) => [`Dear ${name},`, '', lead, ''];

export const factsText = (rows: Array<[string, string]>) =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** What the visitor is told of their money when a booking is cancelled. */
export function refundSentence(refund: RefundFacts | null, what: 'booking' | 'order' = 'booking'): string {
  if (!refund) return `No refund is due for this ${what}.`;
  const amount = formatNaira(refund.amount);
  if (refund.testMode) return `TEST MODE: a refund of ${amount} is recorded as processed; no money moved.`;
  if (refund.status === 'processed') return `Your refund of ${amount} has been processed by Paystack.`;
  return `We have asked Paystack to refund ${amount} to the card or account you paid with. It usually arrives within 5 to 10 working days.`;
}

/** A cancelled booking or order, as both emails say it: what happened, the money, the facts, how to reach us. */
export interface Cancellation {
  name: string;
  subject: string;
  heading: string;
  lead: string;
  money: string;
  rows: Array<[string, string]>;
  /** A booking's invitation to book again: where, and the words the link stands in. */
  again?: { url: string };
}

export async function cancellationMessage(
  cancellation: Cancellation,
  studio: StudioDetails,
): Promise<Omit<RenderedMessage, 'whatsapp'>> {
  const { name, subject, heading, lead, money, rows, again } = cancellation;
  return {
    subject,
    text: [
      `Dear ${name},`,
      '',
      lead,
      money,
      '',
      factsText(rows),
      '',
      ...(again ? [`We hope to see you another time: ${again.url}`] : []),
      callUsText(studio),
      '',
      studioName,
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading={heading}>
        <Greeting name={name} lead={lead} />
        <Text style={textStyle}>{money}</Text>
        <Facts rows={rows} />
        {again ? (
          <Text style={textStyle}>
            We hope to see you another time: <Link href={again.url}>book again</Link>. Questions? Call or WhatsApp us on{' '}
            <PhoneLink studio={studio} />.
          </Text>
        ) : (
          <CallUs studio={studio} />
        )}
      </EmailLayout>,
    ),
  };
}

/** A message that carries a code to type when booking (a package's, a membership's). */
export interface CodeMessageParts {
  subject: string;
  heading: string;
  name: string;
  lead: string;
  /** "package", "membership": what the code is of. */
  codeOf: string;
  code: string;
  rows: Array<[string, string]>;
  howTo: string;
}

/** The code's message: greeting and lead, the code boxed, its facts, how to use it, how to reach us. */
export async function codeMessage(
  parts: CodeMessageParts,
  studio: StudioDetails,
): Promise<Omit<RenderedMessage, 'whatsapp'>> {
  const { subject, heading, name, lead, codeOf, code, rows, howTo } = parts;
  return {
    subject,
    text: [
      ...opening(name, lead),
      `Your ${codeOf} code: ${code}`,
      '',
      factsText(rows),
      '',
      howTo,
      '',
      callUsText(studio),
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading={heading}>
        <Greeting name={name} lead={lead} />
        <Text style={{ ...textStyle, margin: '0' }}>Your {codeOf} code:</Text>
        <Text style={codeBoxStyle}>{code}</Text>
        <Facts rows={rows} />
        <Text style={textStyle}>{howTo}</Text>
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
  };
}
