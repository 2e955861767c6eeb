import * as z from 'zod/mini';
import { recordStaffRead } from '../../middleware/audit-trail';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { findMessage, listMessages } from '../../services/outbox/outbox';
import { escapeHtml } from '../../shared/html';
import { messageChannels, messageStatuses, messageTemplates } from '../../shared/message-kinds';
import { pageQuery } from '../list-query';
import { routeGroup } from '../route-group';

const messagesQuery = () =>
  z.extend(pageQuery(), {
    status: z.optional(z.enum(messageStatuses)),
    channel: z.optional(z.enum(messageChannels)),
    template: z.optional(z.enum(messageTemplates)),
  });

const notFound = { message: 'That message does not exist.' } as const;

/** Staff only: the outbox, newest first, and one message as it was rendered. */
export const messageRoutes = routeGroup()
  .get('/messages', validate('query', messagesQuery), async (c) => {
    const { page, pageSize, ...filters } = c.req.valid('query');
    const listed = await listMessages(c.var.db, filters, { page, pageSize });
    // Messages carry clients' names and addresses: each read of them is in the activity log.
    recordStaffRead(c, 'messages-view', { details: { ...filters, page } });
    return c.json(listed);
  })
  .get('/messages/:id', async (c) => {
    const message = await findMessage(c.var.db, c.req.param('id'), { owner: staffMember(c).role === 'owner' });
    if (!message) return c.json(notFound, 404);
    recordStaffRead(c, 'messages-view', { target: message._id });
    return c.json(message);
  })
  // The email's HTML on a page of its own (opened in a new tab), with a policy that lets its inline
  // styles show and nothing run.
  .get('/messages/:id/preview', async (c) => {
    const message = await findMessage(c.var.db, c.req.param('id'), { owner: staffMember(c).role === 'owner' });
    if (!message) return c.json(notFound, 404);
    recordStaffRead(c, 'messages-view', { target: message._id, details: { preview: true } });
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'",
    );
    c.header('X-Robots-Tag', 'noindex');
    return c.html(message.html ?? `<pre>${escapeHtml(message.text)}</pre>`);
  });
