import { app } from './app';
import { applyRunClock } from './run-clock';
import { handleMessageBatch } from './services/jobs/message-queue';
import { runScheduledTasks } from './services/jobs/scheduled';
import { backgroundProblem } from './services/site-config';

/**
 * The cron and the queue refuse to work too while the site runs with published secrets, or with
 * a local SITE_URL not declared a development install (ENVIRONMENT).
 */
async function refused(env: Env): Promise<boolean> {
  const problem = await backgroundProblem(env);
  if (problem) console.error(problem);
  return problem !== undefined;
}

export default {
  fetch: (request, env, ctx) => {
    applyRunClock(env);
    return app.fetch(request, env, ctx);
  },
  scheduled: (controller, env, ctx) => {
    applyRunClock(env);
    return ctx.waitUntil(
      refused(env).then((stop) => (stop ? undefined : runScheduledTasks(env, new Date(controller.scheduledTime)))),
    );
  },
  queue: async (batch, env) => {
    applyRunClock(env);
    // Kept for later: the messages wait on the queue until the secrets are set.
    if (await refused(env)) return batch.retryAll({ delaySeconds: 300 });
    return handleMessageBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
