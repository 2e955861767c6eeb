/**
 * A review request after a visit or an order.
 */

import { Button } from '@react-email/button';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { studioName } from '../../shared/site-pages';
import { EmailLayout, type StudioDetails, textStyle } from '../layout';
import { buttonStyle, CallUs, type RenderedMessage, render } from './shared';
import { formatDay } from './vouchers';

/** A review request's facts: who is asked, and the links (one per product of an order). */
export interface ReviewRequestFacts {
  name: string;
  /** The visit: its treatments and day; or each product of a delivered order with its own link. */
  visit?: { treatments: string; date: string; therapistName: string | null; link: string };
  products?: Array<{ name: string; link: string }>;
}

/** A day after a visit or a delivery: a few words, by a private link, only for those who came or bought. */
export async function reviewRequest(facts: ReviewRequestFacts, studio: StudioDetails): Promise<RenderedMessage> {
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
    html: await render(
      <EmailLayout
        preview={
          visit ? 'How was your visit? A minute of your time helps others choose.' : 'How do you like your order?'
        }
        studio={studio}
        heading={visit ? 'How was your visit?' : 'How do you like your order?'}
      >
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
