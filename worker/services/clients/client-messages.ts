/**
 * Which message carries a client's sign-in code for their own page. The templates render with
 * React's server renderer, a quarter of the Worker: they are imported when a message is built, so
 * a cold start does not parse them.
 */
import type { StudioDetails } from '../../messages/layout';
import { email, whatsapp } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

/** A sign-in code for a client's own page, to the address they gave (one message per code). */
export async function accountCodeMessages(
  code: { id: string; digits: string; minutes: number },
  to: { channel: 'email' | 'whatsapp'; address: string },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = await (await import('../../messages/templates/my-page')).accountCode(
    code.digits,
    code.minutes,
    studio,
  );
  return [
    to.channel === 'email'
      ? email('account-code', code.id, to.address, message)
      : whatsapp('account-code', code.id, to.address, message),
  ];
}
