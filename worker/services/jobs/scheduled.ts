import { createDb } from '../../db/client';
import type { Bindings } from '../../env';
import { loggable } from '../../shared/loggable';
import { forgetUnconfirmed } from '../academy/academy-waitlist';
import { resumeCampaigns } from '../academy/campaigns';
import { queueReminders } from '../bookings/reminders';
import { eraseOldHealthAnswers } from '../day/health-retention';
import { studioDetails } from '../outbox/notifications';
import { sweepOutbox } from '../outbox/outbox';
import { forgetMessageLinks } from '../outbox/outbox-links';
import { forgetUnpaidPaymentDetails } from '../payments/payment-retention';
import { retryRefunds } from '../payments/refunds';
import { sendDeskVoucherSummary } from '../prepaid/desk-voucher-summary';
import { deliverDueVouchers } from '../prepaid/voucher-delivery';
import { sendWeeklyDigest } from '../reports/weekly-digest';
import { queueReviewRequests } from '../reviews/reviews';
import { forgetOldActivity } from '../staff/audit-log';
import { forgetExpiredChallenges } from '../staff/auth-challenges';
import { forgetOldAttempts } from '../staff/login-throttle';
import { sealStoredTotpKeys } from '../staff/second-factor';
import { forgetEndedEntries } from '../time-waitlist/time-waitlist';
import { offerFreedPlaces } from '../time-waitlist/time-waitlist-offers';
import { backgroundScope } from './background-scope';
import { reconcilePayments } from './maintenance';

/**
 * The cron trigger's work. Each task is independent: one failing is logged and the others still
 * run.
 */
export type ScheduledTask = (env: Bindings, now: Date) => Promise<void>;

const sweepMessages: ScheduledTask = (env, now) =>
  sweepOutbox(createDb(env.DB), env.MESSAGES, now, Boolean(env.WHATSAPP_TOKEN));

const finishCampaigns: ScheduledTask = (env, now) =>
  resumeCampaigns(createDb(env.DB), env.MESSAGES, now, studioDetails(env), env.LINK_SECRET);

const forgetLoginAttempts: ScheduledTask = async (env, now) => {
  const db = createDb(env.DB);
  await Promise.all([forgetOldAttempts(db, now), forgetExpiredChallenges(db, now)]);
};

const summariseDeskVouchers: ScheduledTask = (env, now) => sendDeskVoucherSummary(env, now).then(() => undefined);

const sendOwnersWeeklyDigest: ScheduledTask = (env, now) => sendWeeklyDigest(env, now).then(() => undefined);

const forgetUnpaidDetails: ScheduledTask = (env, now) => forgetUnpaidPaymentDetails(createDb(env.DB), now);

const forgetOldMessageLinks: ScheduledTask = (env, now) => forgetMessageLinks(createDb(env.DB), now);

const sealTotpKeys: ScheduledTask = (env) => sealStoredTotpKeys(createDb(env.DB), env.ADMIN_PASSWORD_PEPPER);

const expireUnconfirmedSignups: ScheduledTask = (env, now) => forgetUnconfirmed(createDb(env.DB), now);

const eraseExpiredHealthAnswers: ScheduledTask = (env, now) => eraseOldHealthAnswers(createDb(env.DB), now);

const forgetOldAuditEntries: ScheduledTask = (env, now) => forgetOldActivity(createDb(env.DB), now);

/** Lapsed offers' places and places freed at night (offered from 07:00) go to the waitlist. */
const offerTimeWaitlistPlaces: ScheduledTask = async (env, now) => {
  const { scope, finished } = backgroundScope(env, now, createDb(env.DB));
  await offerFreedPlaces(scope);
  await finished();
};

const forgetEndedTimeWaitlistEntries: ScheduledTask = (env, now) => forgetEndedEntries(createDb(env.DB), now);

export const scheduledTasks: ScheduledTask[] = [
  offerTimeWaitlistPlaces,
  forgetEndedTimeWaitlistEntries,
  reconcilePayments,
  deliverDueVouchers,
  queueReminders,
  queueReviewRequests,
  sweepMessages,
  finishCampaigns,
  retryRefunds,
  forgetLoginAttempts,
  sealTotpKeys,
  forgetOldMessageLinks,
  forgetUnpaidDetails,
  summariseDeskVouchers,
  sendOwnersWeeklyDigest,
  expireUnconfirmedSignups,
  forgetOldAuditEntries,
  eraseExpiredHealthAnswers,
];

export async function runScheduledTasks(env: Bindings, now: Date, tasks = scheduledTasks): Promise<void> {
  const results = await Promise.allSettled(tasks.map((task) => task(env, now)));
  for (const result of results) {
    if (result.status === 'rejected') console.error('Scheduled task failed', loggable(result.reason));
  }
}
