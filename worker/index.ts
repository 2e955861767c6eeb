import { app } from './app';
import { handleMessageBatch } from './services/message-queue';
import { runScheduledTasks } from './services/scheduled';
import { unsafeConfiguration } from './services/site-config';

/** The cron and the queue refuse to work too while the site runs with published secrets. */
async function refused(env: Env): Promise<boolean> {
  const problem = await unsafeConfiguration(env);
  if (problem) console.error(problem);
  return problem !== undefined;
}

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) =>
    ctx.waitUntil(
      refused(env).then((stop) => (stop ? undefined : runScheduledTasks(env, new Date(controller.scheduledTime)))),
    ),
  queue: async (batch, env) => {
    // Kept for later: the messages wait on the queue until the secrets are set.
    if (await refused(env)) return batch.retryAll({ delaySeconds: 300 });
    return handleMessageBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
