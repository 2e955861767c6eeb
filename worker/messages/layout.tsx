/**
 * The frame every email shares, in the site's colours: the studio's name, the message, and a
 * footer with the studio's address and phone. React Email's components write the table layout
 * and inline styles that Gmail, Outlook and Apple Mail all read the same way.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { studioName } from '../shared/site-pages';

export interface StudioDetails {
  phone: string;
  email: string;
  address: string;
  siteUrl: string;
}

export const colours = {
  espresso: '#1e130d',
  cocoa: '#3b2619',
  ink: '#2a1d16',
  inkSoft: '#5a483d',
  gold: '#d8b57f',
  cream: '#faf6f0',
  sand: '#f2e8db',
  line: '#e3d5c3',
} as const;

const font = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const serif = "Georgia, 'Times New Roman', serif";

export const textStyle = {
  margin: '0 0 16px',
  fontSize: '16px',
  lineHeight: '24px',
  color: colours.ink,
  fontFamily: font,
};

const headingStyle = { margin: '0 0 16px', fontSize: '24px', lineHeight: '32px', color: colours.cocoa };

export function EmailLayout({
  preview,
  studio,
  heading,
  children,
}: {
  preview: string;
  studio: StudioDetails;
  /** The message's title, first in its body. */
  heading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: '24px 0', backgroundColor: colours.cream, fontFamily: font }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', backgroundColor: '#ffffff', borderRadius: '16px' }}>
          <Section style={{ padding: '24px 32px', backgroundColor: colours.espresso, borderRadius: '16px 16px 0 0' }}>
            <Text style={{ margin: 0, fontFamily: serif, fontSize: '22px', color: '#f7efe4' }}>{studioName}</Text>
          </Section>
          <Section style={{ padding: '32px' }}>
            {heading === undefined ? null : (
              <Heading as="h1" style={headingStyle}>
                {heading}
              </Heading>
            )}
            {children}
          </Section>
          <Hr style={{ borderColor: colours.line, margin: 0 }} />
          <Section style={{ padding: '20px 32px 28px' }}>
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: '20px', color: colours.inkSoft, fontFamily: font }}>
              {studioName} · {studio.address}
              <br />
              {studio.phone} · {studio.email}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
