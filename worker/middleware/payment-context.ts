import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { PaymentContext } from '../services/checkout/context';
import { studioDetails } from '../services/outbox/notifications';
import { queueMessages } from '../services/outbox/outbox';
import { refreshCataloguePages } from '../services/pages/catalogue-pages';
import { paymentGateway } from '../services/payments/gateway';
import { sitePages } from '../shared/site-pages';
import { afterResponse } from './after-response';

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
