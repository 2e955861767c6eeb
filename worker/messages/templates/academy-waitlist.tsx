/**
 * The academy waitlist's messages and the studio's campaigns.
 */

import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { whatsappCampaignText } from '../../shared/academy/campaign';
import { studioName } from '../../shared/site-pages';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { buttonStyle, Greeting, type RenderedMessage, render } from './shared';

/** Double opt-in: the sign-up counts only once its address is confirmed from this link. */
export async function academyWaitlistConfirm(
  firstName: string,
  confirmUrl: string,
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const lead =
    'Thank you for joining the waitlist of our massage training academy. Please confirm your email address to keep your place.';
  const note = 'The link works for 7 days. If you did not sign up, ignore this email and we will not write again.';
  return {
    subject: 'Please confirm your place on the academy waitlist',
    text: [`Dear ${firstName},`, '', lead, '', `Confirm: ${confirmUrl}`, '', note, '', studioName].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Confirm your place">
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

export async function academyWaitlistWelcome(firstName: string, studio: StudioDetails): Promise<RenderedMessage> {
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
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Welcome to the waitlist">
        <Greeting name={firstName} lead={lead} />
        <Text style={textStyle}>The first 50 to register receive a special discount on tuition.</Text>
        <Text style={textStyle}>{whatsappOptIn(studio)}</Text>
      </EmailLayout>,
    ),
  };
}

/** A bulk email to one waitlist subscriber, with its own unsubscribe link. */
export async function campaignEmail(
  firstName: string,
  subject: string,
  body: string,
  unsubscribeUrl: string,
  studio: StudioDetails,
): Promise<RenderedMessage> {
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
    html: await render(
      <EmailLayout preview={paragraphs[0] ?? subject} studio={studio} heading={subject}>
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
