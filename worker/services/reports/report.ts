/**
 * The Reports screen's answer for one period (GET /api/reports): every figure, each under the
 * name its definition has (shared/report-rules.ts), read in parallel.
 */
import type { Database } from '../../db/client';
import { daysBetween, type Report, rate, reportDefinitions, type TherapistFigures } from '../../shared/report-rules';
import { liabilityAt, productsSold, revenueByDay } from './money';
import { utilisation } from './utilisation';
import { appointmentCounts, clientFigures, commissionRates, emptyCounts, visitValues, withRates } from './visits';
import { reportWindow } from './window';

export async function buildReport(db: Database, from: string, to: string, now: Date): Promise<Report> {
  const window = reportWindow(from, to, now);
  const [revenue, products, liability, used, appointments, rates, clients] = await Promise.all([
    revenueByDay(db, window),
    productsSold(db, window),
    liabilityAt(db, window),
    utilisation(db, window),
    appointmentCounts(db, window),
    commissionRates(db),
    clientFigures(db, window),
  ]);
  const visits = await visitValues(db, window, rates);
  const therapists = used.therapists.map((row): TherapistFigures => {
    const own = visits.therapists.get(row.id);
    const lines = visits.commissions.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      completedVisits: own?.visits ?? 0,
      visitValue: own?.value ?? 0,
      commission: lines.reduce((sum, line) => sum + line.commission, 0),
      commissionLines: lines,
      appointments: withRates(appointments.byTherapist.get(row.id) ?? emptyCounts()),
      utilisation: { bookedMinutes: row.bookedMinutes, workingMinutes: row.workingMinutes, rate: row.rate },
    };
  });
  return {
    period: { from, to, days: daysBetween(from, to) },
    definitions: reportDefinitions,
    revenue,
    treatments: visits.treatments,
    products,
    therapists,
    utilisation: used,
    appointments: withRates(appointments.studio),
    clients: {
      completedVisits: visits.completedVisits,
      visitValue: visits.total,
      averageVisitValue: visits.completedVisits > 0 ? Math.round(visits.total / visits.completedVisits) : null,
      withCompletedVisits: clients.clients,
      rebooked: clients.rebooked,
      rebookingRate: rate(clients.rebooked, clients.clients),
      newClients: clients.newClients,
      returningClients: clients.returningClients,
    },
    liability,
  };
}
