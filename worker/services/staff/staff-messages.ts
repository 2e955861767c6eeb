/**
 * Which messages the team's links send: an invitation, a password reset. The templates render with
 * React's server renderer, a quarter of the Worker: they are imported when a message is built, so
 * a cold start does not parse them.
 */
import type { StudioDetails } from '../../messages/layout';
import type { TeamInvitationFacts } from '../../messages/templates/team';
import { email } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

/** An invitation to the team: one email per link issued (a resent invitation is a new email). */
export async function teamInvitationMessages(
  accountId: string,
  to: string,
  invite: TeamInvitationFacts,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { teamInvitation } = await import('../../messages/templates/team');
  return [email('team-invitation', `${accountId}@${invite.expiresAt}`, to, await teamInvitation(invite, studio))];
}

/** A password reset link: one email per link issued. */
export async function passwordResetMessages(
  accountId: string,
  to: string,
  reset: { name: string; link: string; expiresAt: string },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { passwordReset } = await import('../../messages/templates/team');
  return [email('password-reset', `${accountId}@${reset.expiresAt}`, to, await passwordReset(reset, studio))];
}
