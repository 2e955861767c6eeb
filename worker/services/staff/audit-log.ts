/**
 * The audit log: recording an entry, reading them with the Activity screen's filters, and
 * forgetting those older than 2 years (the cron).
 */
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { type Database, pageOf } from '../../db/client';
import { auditLog } from '../../db/schema';
import { AUDIT_RETENTION_DAYS, type AuditAction } from '../../shared/audit-actions';
import { isoBefore, lagosToUtc } from '../../shared/time';

export interface AuditEntry {
  actor: { _id: string; name: string } | null;
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown>;
  address?: string | null;
  at?: Date;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?._id ?? null,
    actorName: entry.actor?.name ?? null,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    address: entry.address ?? null,
    ...(entry.at ? { at: entry.at.toISOString() } : {}),
  });
}

export interface ActivityFilters {
  actor?: string;
  action?: AuditAction;
  /** Lagos days, yyyy-MM-dd, both included. */
  from?: string;
  to?: string;
}

export interface ActivityView {
  _id: string;
  at: string;
  actor: { _id: string; name: string } | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  address: string | null;
}

/** The entries matching the filters, newest first, a page at a time, with their total. */
export async function listActivity(
  db: Database,
  filters: ActivityFilters,
  page: { page: number; pageSize: number },
): Promise<{ entries: ActivityView[]; total: number }> {
  const conditions: Array<SQL | undefined> = [
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, lagosToUtc(filters.from, '00:00').toISOString()) : undefined,
    filters.to
      ? lte(auditLog.at, new Date(lagosToUtc(filters.to, '00:00').getTime() + 86_399_999).toISOString())
      : undefined,
  ];
  const where = and(...conditions);
  const { rows, total } = await pageOf(db, auditLog, where, [desc(auditLog.at), desc(auditLog.id)], page);
  return {
    entries: rows.map((row) => ({
      _id: row.id,
      at: row.at,
      actor: row.actorId ? { _id: row.actorId, name: row.actorName ?? '' } : null,
      action: row.action,
      target: row.target,
      details: row.details,
      address: row.address,
    })),
    total,
  };
}

/** Forgets entries older than the retention period. */
export async function forgetOldActivity(db: Database, now: Date): Promise<void> {
  const before = isoBefore(now, AUDIT_RETENTION_DAYS, 'days');
  await db.delete(auditLog).where(lt(auditLog.at, before));
}
