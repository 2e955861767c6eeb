/**
 * The team's messages: an invitation, a password reset.
 */

import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { studioName } from '../../shared/site-pages';
import { formatShortDateTime } from '../../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { buttonStyle, Greeting, type RenderedMessage, render } from './shared';

/** The facts of a team invitation: who is invited, by whom, as what, and the one-time link. */
export interface TeamInvitationFacts {
  name: string;
  invitedBy: string;
  role: string;
  link: string;
  expiresAt: string;
}

/** To a new member of the team: the link to choose a password (valid 72 hours, once). */
export async function teamInvitation(invite: TeamInvitationFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `${invite.invitedBy} has invited you to the staff area of ${studioName} as ${invite.role}. Choose your password to start.`;
  const note = `The link works once, until ${formatShortDateTime(invite.expiresAt)} (WAT). If you did not expect this email, ignore it and nothing will happen.`;
  return {
    subject: `You are invited to the ${studioName} staff area`,
    text: [`Dear ${invite.name},`, '', lead, '', `Choose your password: ${invite.link}`, '', note, '', studioName].join(
      '\n',
    ),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Welcome to the team">
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
export async function passwordReset(
  reset: { name: string; link: string },
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const lead =
    'Someone (we hope you) asked to reset your password for the staff area. Choose a new one with the link below; every device signed in as you will be signed out.';
  const note = 'The link works once, for 1 hour. If you did not ask, ignore this email: your password stays as it is.';
  return {
    subject: `Reset your ${studioName} staff password`,
    text: [`Dear ${reset.name},`, '', lead, '', `Choose a new password: ${reset.link}`, '', note, '', studioName].join(
      '\n',
    ),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Reset your password">
        <Greeting name={reset.name} lead={lead} />
        <Button href={reset.link} style={buttonStyle}>
          Choose a new password
        </Button>
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>{note}</Text>
      </EmailLayout>,
    ),
  };
}
