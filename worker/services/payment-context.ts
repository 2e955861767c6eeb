import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { afterResponse } from '../middleware/after-response';
import { sitePages } from '../shared/site-pages';
import { refreshCataloguePages } from './catalogue-pages';
import { studioDetails } from './notifications';
import { queueMessages } from './outbox';
import { paymentGateway } from './payment-gateway';
import type { PaymentContext } from './payments';

/** The payment flow's dependencies for one request: its database, gateway, origin, clock and outbox. */
export function paymentContext(c: Context<AppEnv>): PaymentContext {
  const origin = new URL(c.req.url).origin;
  return {
    db: c.var.db,
    gateway: paymentGateway(c.env, c.var.db, origin),
    origin,
    linkSecret: c.env.MANAGE_LINK_SECRET,
    now: new Date(),
    notify: (messages) => {
      const queued = queueMessages(c.var.db, c.env.MESSAGES, messages);
      afterResponse(c, queued);
      return queued;
    },
    queue: c.env.MESSAGES,
    stockMoved: () => afterResponse(c, refreshCataloguePages(c.env, [sitePages.shop.path])),
    studio: studioDetails(c.env),
  };
}
