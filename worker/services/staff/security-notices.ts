/**
 * Emails about a staff account's security, to the account's holder (and, when it was locked by
 * wrong codes, to every owner): a second factor added or removed, the account's code step locked,
 * the owner resetting its factors. One message per event and recipient (the outbox's key).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts } from '../../db/schema';
import type { Bindings } from '../../env';
import { formatShortDateTime } from '../../shared/time';
import { studioDetails } from '../outbox/notifications';
import { type NewMessage, queueMessages } from '../outbox/outbox';

export type SecurityEvent =
  | { kind: 'code-step-locked' }
  | { kind: 'factor-added'; factor: string }
  | { kind: 'factor-removed'; factor: string }
  | { kind: 'factors-reset'; by: string };

interface Recipient {
  id: string;
  name: string;
  email: string | null;
}

const notRecognised =
  'If this was not you, sign in and remove what you do not recognise on Your account, change your password, and tell the studio’s owner.';

function noticeFor(event: SecurityEvent, account: Recipient, reader: Recipient) {
  const yours = reader.id === account.id;
  const whose = yours ? 'your account' : `${account.name}’s account`;
  switch (event.kind) {
    case 'code-step-locked':
      return {
        subject: `Wrong authenticator codes on ${whose}`,
        heading: 'Sign-in paused',
        lead: `Someone who knew the password of ${whose} entered 10 wrong authenticator codes. Signing in with a code is paused for 15 minutes.`,
        advice: yours
          ? 'If this was not you, your password is known: change it as soon as you can, and tell the studio’s owner.'
          : `If ${account.name} did not do this, their password is known: ask them to change it, or deactivate the account on the Team screen.`,
      };
    case 'factor-added':
    case 'factor-removed': {
      const [done, fromOrTo] = event.kind === 'factor-added' ? ['added', 'to'] : ['removed', 'from'];
      return {
        subject: `A second factor was ${done} ${fromOrTo} ${whose}`,
        heading: `Second factor ${done}`,
        lead: `${event.factor} was ${done} ${fromOrTo} ${whose}.`,
        advice: notRecognised,
      };
    }
    case 'factors-reset':
      return {
        subject: `Your second factors were reset`,
        heading: 'Second factors reset',
        lead: `${event.by} removed the passkeys and the authenticator app of ${whose}. Your next sign-in uses your password, then asks you to add one again.`,
        advice: 'If you did not ask for this, tell the studio’s owner at once.',
      };
  }
}

/** Queues the notice of `event` on `accountId` (at `at`, from `address`). */
export async function sendSecurityNotice(
  env: Bindings,
  db: Database,
  accountId: string,
  event: SecurityEvent,
  context: { at: Date; address: string | null },
): Promise<NewMessage[]> {
  const people = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name, email: staffAccounts.email, role: staffAccounts.role })
    .from(staffAccounts)
    .where(and(isNotNull(staffAccounts.email), eq(staffAccounts.active, true)));
  const [account] = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name, email: staffAccounts.email })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, accountId));
  if (!account) return [];
  const owners = event.kind === 'code-step-locked' ? people.filter((person) => person.role === 'owner') : [];
  const readers = [account, ...owners.filter((owner) => owner.id !== account.id)];
  const studio = studioDetails(env);
  const { securityNotice } = await import('../../messages/templates/security-notice');
  const facts: Array<[string, string]> = [
    ['Account', account.email ?? account.name],
    ['When', `${formatShortDateTime(context.at.toISOString())} (WAT)`],
    ['From the address', context.address ?? 'unknown'],
  ];
  const messages = await Promise.all(
    readers
      .filter((reader): reader is Recipient & { email: string } => Boolean(reader.email))
      .map(async (reader): Promise<NewMessage> => {
        const rendered = await securityNotice(
          { name: reader.name, facts, ...noticeFor(event, account, reader) },
          studio,
        );
        return {
          channel: 'email',
          recipient: reader.email,
          template: 'security-notice',
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          idempotencyKey: `security-notice:email:${accountId}:${event.kind}:${context.at.toISOString()}:${reader.id}`,
        };
      }),
  );
  await queueMessages(db, env.MESSAGES, messages);
  return messages;
}
