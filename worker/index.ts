import { app } from './app';
import { handleMessageBatch } from './services/message-queue';
import { runScheduledTasks } from './services/scheduled';

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduledTasks(env, new Date(controller.scheduledTime))),
  queue: (batch, env) => handleMessageBatch(batch, env),
} satisfies ExportedHandler<Env>;
