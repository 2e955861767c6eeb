import type { Bindings } from '../env';
import { reconcilePayments } from './payment-maintenance';

/**
 * The cron trigger's work. Each task is independent: one failing is logged and the others still
 * run. Booking reminders join this list with the messaging issue.
 */
export type ScheduledTask = (env: Bindings, now: Date) => Promise<void>;

export const scheduledTasks: ScheduledTask[] = [reconcilePayments];

export async function runScheduledTasks(env: Bindings, now: Date, tasks = scheduledTasks): Promise<void> {
  const results = await Promise.allSettled(tasks.map((task) => task(env, now)));
  for (const result of results) {
    if (result.status === 'rejected') console.error('Scheduled task failed', result.reason);
  }
}
