import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { runScheduledTasks, type ScheduledTask } from '../../../worker/services/jobs/scheduled';

describe('runScheduledTasks', () => {
  it('runs every task with the trigger time, even when one fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const now = new Date('2026-11-22T08:00:00Z');
    const seen: Date[] = [];
    const failing: ScheduledTask = async () => {
      throw new Error('provider down');
    };
    const recording: ScheduledTask = async (_env, time) => {
      seen.push(time);
    };
    await runScheduledTasks(env, now, [failing, recording]);
    expect(seen).toEqual([now]);
    expect(log).toHaveBeenCalledWith('Scheduled task failed', expect.stringContaining('Error: provider down'));
    log.mockRestore();
  });
});
