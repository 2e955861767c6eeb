/**
 * What the team is told about their account's security: a second factor added or removed, an
 * account locked by wrong authenticator codes, factors reset by the owner. Plain facts (what,
 * when, from which address) and what to do if it was not them.
 */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { studioName } from '../../shared/site-pages';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { opening, type RenderedMessage, render } from './shared';

export interface SecurityNoticeFacts {
  /** Who reads it. */
  name: string;
  subject: string;
  heading: string;
  /** What happened, one or two sentences. */
  lead: string;
  facts: Array<[string, string]>;
  /** What to do if it was not them. */
  advice: string;
}

export async function securityNotice(notice: SecurityNoticeFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const text = [
    ...opening(notice.name, notice.lead),
    ...notice.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    notice.advice,
    '',
    studioName,
  ].join('\n');
  const html = await render(
    <EmailLayout preview={notice.lead} studio={studio} heading={notice.heading}>
      <Text style={textStyle}>Dear {notice.name},</Text>
      <Text style={textStyle}>{notice.lead}</Text>
      <Section
        style={{ padding: '16px 20px', backgroundColor: colours.sand, borderRadius: '12px', margin: '0 0 20px' }}
      >
        {notice.facts.map(([label, value]) => (
          <Text key={label} style={{ ...textStyle, margin: '0 0 8px' }}>
            <strong>{label}:</strong> {value}
          </Text>
        ))}
      </Section>
      <Text style={textStyle}>{notice.advice}</Text>
    </EmailLayout>,
  );
  return { subject: notice.subject, text, html };
}
