/**
 * Which messages an academy waitlist sign-up sends: the address's confirmation link, then the
 * welcome. The templates render with React's server renderer, a quarter of the Worker: they are
 * imported when a message is built, so a cold start does not parse them.
 */
import type { StudioDetails } from '../../messages/layout';
import { email } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

/**
 * The confirmation link of a sign-up; signing up again within the same hour sends nothing new
 * (the key holds the hour), later it sends the link again.
 */
export async function academyConfirmMessages(
  entry: { entryId: string; firstName: string; email: string },
  confirmUrl: string,
  studio: StudioDetails,
  now: Date,
): Promise<NewMessage[]> {
  const { academyWaitlistConfirm } = await import('../../messages/templates/academy-waitlist');
  return [
    email(
      'waitlist-confirm',
      `${entry.entryId}@${now.toISOString().slice(0, 13)}`,
      entry.email,
      await academyWaitlistConfirm(entry.firstName, confirmUrl, studio),
    ),
  ];
}

export async function academyWelcomeMessages(firstName: string, to: string, studio: StudioDetails) {
  const { academyWaitlistWelcome } = await import('../../messages/templates/academy-waitlist');
  return [email('waitlist-welcome', to.toLowerCase(), to, await academyWaitlistWelcome(firstName, studio))];
}
