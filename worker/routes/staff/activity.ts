import * as z from 'zod/mini';
import { validate } from '../../middleware/validate';
import { listActivity } from '../../services/staff/audit-log';
import { type AuditAction, auditActions } from '../../shared/audit-actions';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { isIsoDate } from '../../shared/time';
import { pageQuery } from '../list-query';
import { routeGroup } from '../route-group';

export const activityMessages = {
  date: 'Please give dates as yyyy-MM-dd.',
  action: 'Please choose one of the listed actions.',
  order: 'The first day must not be after the last.',
} as const;

const day = () => z.optional(z.string().check(z.refine(isIsoDate, activityMessages.date)));

const activityQuery = () =>
  z
    .extend(pageQuery(), {
      actor: z.optional(z.string().check(z.maxLength(64))),
      action: z.optional(
        z.enum(Object.keys(auditActions) as [AuditAction, ...AuditAction[]], { error: activityMessages.action }),
      ),
      from: day(),
      to: day(),
    })
    .check(z.refine(({ from, to }) => !from || !to || from <= to, activityMessages.order));

/** Owners: the audit log, newest first, filtered by person, action and days (Lagos). */
export const activityRoutes = routeGroup().get('/activity', validate('query', activityQuery), async (c) => {
  const { page, pageSize, ...filters } = c.req.valid('query');
  const { entries, total } = await listActivity(c.var.db, filters, { page, pageSize });
  return c.json(entries, 200, { [TOTAL_COUNT_HEADER]: String(total) });
});
