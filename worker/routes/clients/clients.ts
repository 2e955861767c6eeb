import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { recordHealthView, recordStaffRead, recordVisitNotesView } from '../../middleware/audit-trail';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { forViewer } from '../../services/bookings/booking-visibility';
import { liftNoShowRule } from '../../services/bookings/no-show-rule';
import { eraseClient } from '../../services/client-files/client-erasure';
import { clientExport } from '../../services/client-files/client-export';
import { clientRecord, saveClientNotes, searchClients } from '../../services/client-files/clients';
import { clientVisitNotes } from '../../services/day/visit-notes';
import { refreshCataloguePages } from '../../services/pages/catalogue-pages';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { can } from '../../shared/permissions';
import { multiLine } from '../../shared/plain-text';
import { searchQuery } from '../list-query';
import { routeGroup } from '../route-group';
import { exportPage } from './client-export-page';

export const clientMessages = {
  notFound: 'That client is no longer on record.',
  notes: 'Please keep notes to at most 2,000 characters.',
} as const;

const notesBody = () =>
  z.object({
    notes: z
      .string({ error: clientMessages.notes })
      .check(multiLine(), z.trim(), z.maxLength(2000, clientMessages.notes)),
  });

const exportQuery = () => z.object({ format: z._default(z.enum(['json', 'html']), 'json') });

/** Staff: find a client as they type, read their record, write notes; owners: their data and erasure. */
export const clientRoutes = routeGroup()
  .get('/clients', validate('query', searchQuery), async (c) => {
    const { q, page, pageSize } = c.req.valid('query');
    const { clients, total } = await searchClients(c.var.db, q, { page, pageSize }, new Date());
    return c.json(clients, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .get('/clients/:id', async (c) => {
    const record = await clientRecord(c.var.db, c.req.param('id'), new Date());
    if (!record) return c.json({ message: clientMessages.notFound }, 404);
    const member = staffMember(c);
    const bookings = record.bookings.map((booking) => forViewer(booking, member));
    // Visit notes are health data: only for those who may read health answers.
    const visitNotes = can(member.role, 'healthAnswers') ? await clientVisitNotes(c.var.db, record._id) : [];
    recordStaffRead(c, 'client-view', { target: record._id });
    recordHealthView(c, bookings);
    recordVisitNotesView(
      c,
      visitNotes.map((note) => note.bookingId),
    );
    return c.json({ ...record, bookings, visitNotes });
  })
  .put('/clients/:id', sameOriginJson, validate('json', notesBody), async (c) => {
    const id = c.req.param('id');
    if (!(await saveClientNotes(c.var.db, id, c.req.valid('json').notes))) {
      return c.json({ message: clientMessages.notFound }, 404);
    }
    return c.json({ success: true as const, notes: c.req.valid('json').notes || null });
  })
  .post('/clients/:id/no-show-rule/lift', sameOriginJson, async (c) => {
    if (!(await liftNoShowRule(c.var.db, c.req.param('id'), new Date()))) {
      return c.json({ message: clientMessages.notFound }, 404);
    }
    return c.json({ success: true as const, noShows: 0 });
  })
  .get('/clients/:id/export', validate('query', exportQuery), async (c) => {
    const id = c.req.param('id');
    const data = await clientExport(c.var.db, id, new Date());
    if (!data) return c.json({ message: clientMessages.notFound }, 404);
    const format = c.req.valid('query').format;
    recordStaffRead(c, 'client-export', { target: id, details: { format: format ?? 'json' } });
    const headers = { 'Cache-Control': 'no-store' };
    if (format === 'html') return c.html(exportPage(data), 200, headers);
    return c.json(data, 200, {
      ...headers,
      'Content-Disposition': `attachment; filename="client-${id}.json"`,
    });
  })
  .delete('/clients/:id', sameOriginJson, async (c) => {
    if (!(await eraseClient(c.var.db, c.req.param('id')))) return c.json({ message: clientMessages.notFound }, 404);
    // Their approved reviews leave the pages that showed them.
    afterResponse(c, refreshCataloguePages(c.env));
    return c.json({ success: true as const });
  });
