import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { recordStaffRead } from '../../middleware/audit-trail';
import { validate } from '../../middleware/validate';
import { treatmentIdsInOrder } from '../../services/catalogue/catalogue';
import { toCsv } from '../../services/csv';
import { listCommissionSettings, saveCommissionSetting } from '../../services/reports/commission-settings';
import { periodProblem, presetPeriods } from '../../shared/report-rules';
import { lagosDate } from '../../shared/time';
import { routeGroup } from '../route-group';

export const commissionMessages = {
  percent: 'A commission is a whole percent from 0 to 100.',
  treatments: 'Please choose treatments from the menu.',
  therapistNotFound: 'That therapist no longer exists.',
} as const;

// Loaded on a report's first request: the Worker starts without it (startup CPU is budgeted).
const buildReport: typeof import('../../services/reports/report').buildReport = async (...args) =>
  (await import('../../services/reports/report')).buildReport(...args);

/** `?from=&to=` (Lagos dates, both included); this month when neither is given. */
const periodQuery = () => z.object({ from: z.optional(z.string()), to: z.optional(z.string()) });

function periodOf(query: { from?: string; to?: string }) {
  if (query.from === undefined && query.to === undefined) return presetPeriods(lagosDate(new Date())).thisMonth;
  const problem = periodProblem(query.from ?? '', query.to ?? '');
  return problem ? { problem } : { from: query.from ?? '', to: query.to ?? '' };
}

const percent = () =>
  z
    .int({ error: commissionMessages.percent })
    .check(z.gte(0, commissionMessages.percent), z.lte(100, commissionMessages.percent));

const commissionBody = () =>
  z.object({
    percent: percent(),
    treatments: z._default(
      z
        .record(z.string().check(z.minLength(1), z.maxLength(64)), percent())
        .check(z.refine((record) => Object.keys(record).length <= 200, commissionMessages.treatments)),
      {},
    ),
  });

/** Owners and managers: the Reports screen's figures, the commissions for payroll, and their settings. */
export const reportRoutes = routeGroup()
  .get('/reports', validate('query', periodQuery), async (c) => {
    const period = periodOf(c.req.valid('query'));
    if ('problem' in period) return c.json({ message: period.problem }, 400);
    const { from, to } = period;
    return c.json(await buildReport(c.var.db, from, to, new Date()), 200, { 'Cache-Control': 'no-store' });
  })
  .get('/reports/commissions.csv', validate('query', periodQuery), async (c) => {
    const period = periodOf(c.req.valid('query'));
    if ('problem' in period) return c.json({ message: period.problem }, 400);
    const { from, to } = period;
    const report = await buildReport(c.var.db, from, to, new Date());
    const rows = report.therapists.flatMap((therapist) => [
      ...therapist.commissionLines.map((line) => [
        therapist.name,
        line.treatment,
        line.visits,
        line.value,
        line.percent,
        line.commission,
      ]),
      [therapist.name, 'All treatments', therapist.completedVisits, therapist.visitValue, '', therapist.commission],
    ]);
    recordStaffRead(c, 'csv-export', { details: { list: 'commissions', from, to, rows: rows.length } });
    return c.body(
      toCsv(
        ['Therapist', 'Treatment', 'Completed visits', 'Visit value (NGN)', 'Commission (%)', 'Commission (NGN)'],
        rows,
      ),
      200,
      {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="commissions-${from}-to-${to}.csv"`,
      },
    );
  })
  .get('/commissions', async (c) => c.json(await listCommissionSettings(c.var.db)))
  .put('/commissions/:therapistId', sameOriginJson, validate('json', commissionBody), async (c) => {
    const menu = new Set(await treatmentIdsInOrder(c.var.db));
    if (!Object.keys(c.req.valid('json').treatments).every((id) => menu.has(id))) {
      return c.json({ message: commissionMessages.treatments }, 400);
    }
    const saved = await saveCommissionSetting(c.var.db, c.req.param('therapistId'), c.req.valid('json'));
    if (!saved) return c.json({ message: commissionMessages.therapistNotFound }, 404);
    const settings = await listCommissionSettings(c.var.db);
    return c.json(settings.find((setting) => setting.therapistId === c.req.param('therapistId')));
  });
