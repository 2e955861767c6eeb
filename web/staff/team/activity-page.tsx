import { useEffect, useId, useState } from 'react';
import { type AuditAction, auditActions, isAuditAction } from '../../../worker/shared/audit-actions';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatShortDateTime } from '../../../worker/shared/time';
import { FieldFrame, ItemOptions } from '../../components/ui/field';
import { adminPage, adminRequest, api } from '../frame/admin-api';
import { AdminPageHeader, CardTable, ListFrame, Pager } from '../kits/admin-ui';
import { useAdminList } from '../kits/use-admin-list';

interface Filters {
  actor: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

const noFilters: Filters = { actor: '', action: '', from: '', to: '' };

/** A detail's words: "refund: yes", "date: 2026-12-01". */
const detailText = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([key, value]) => {
      const shown = typeof value === 'boolean' ? (value ? 'yes' : 'no') : Array.isArray(value) ? value.length : value;
      return `${key}: ${String(shown)}`;
    })
    .join(' · ');

/** A page of the activity, filtered: only the filters set are sent. */
const loadActivity = (filters: Filters, page: number) =>
  adminPage(
    api.activity.$get({
      query: {
        page: String(page),
        pageSize: String(DEFAULT_PAGE_SIZE),
        ...(filters.actor ? { actor: filters.actor } : {}),
        ...(filters.action ? { action: filters.action } : {}),
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
      },
    }),
  );
type Entry = Awaited<ReturnType<typeof loadActivity>>['rows'][number];

/** Person, What, From and To; `formId` names their controls, `set` changes filters (back to page 1). */
function ActivityFilters({
  formId,
  filters,
  people,
  set,
}: {
  formId: string;
  filters: Filters;
  people: Array<{ _id: string; name: string }>;
  set: (change: Partial<Filters>) => void;
}) {
  return (
    <fieldset className="admin-filters">
      <legend className="visually-hidden">Filter the activity</legend>
      <FieldFrame id={`${formId}-actor`} label="Person">
        <select
          id={`${formId}-actor`}
          className="field__control field__control--select"
          value={filters.actor}
          onChange={(event) => set({ actor: event.target.value })}
        >
          <option value="">Everyone</option>
          <ItemOptions items={people} />
        </select>
      </FieldFrame>
      <FieldFrame id={`${formId}-action`} label="What">
        <select
          id={`${formId}-action`}
          className="field__control field__control--select"
          value={filters.action}
          onChange={(event) => set({ action: isAuditAction(event.target.value) ? event.target.value : '' })}
        >
          <option value="">Anything</option>
          {Object.entries(auditActions).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
      </FieldFrame>
      <FieldFrame id={`${formId}-from`} label="From">
        <input
          id={`${formId}-from`}
          className="field__control"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </FieldFrame>
      <FieldFrame id={`${formId}-to`} label="To">
        <input
          id={`${formId}-to`}
          className="field__control"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </FieldFrame>
    </fieldset>
  );
}

/** The entries: when, who, what (and on what), the details and the address it came from. */
function ActivityTable({ rows }: { rows: Entry[] }) {
  return (
    <CardTable headings={['When', 'Who', 'What', 'Details', 'Address']}>
      {rows.map((entry) => (
        <tr key={entry._id}>
          <td data-label="When">{formatShortDateTime(entry.at)}</td>
          <th scope="row" data-label="Who">
            {entry.actor?.name ?? 'Unknown'}
          </th>
          <td data-label="What">
            {isAuditAction(entry.action) ? auditActions[entry.action] : entry.action}
            {entry.target ? <span className="admin-table__note">{entry.target}</span> : null}
          </td>
          <td data-label="Details">{detailText(entry.details) || '-'}</td>
          <td data-label="Address">{entry.address ?? '-'}</td>
        </tr>
      ))}
    </CardTable>
  );
}

/** Activity (owners): who did what and when, from which address, filtered by person, action and days. */
export default function ActivityPage() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(1);
  const [people, setPeople] = useState<Array<{ _id: string; name: string }>>([]);
  const formId = useId();
  const { state, retry } = useAdminList(() => loadActivity(filters, page), `${JSON.stringify(filters)}:${page}`);

  useEffect(() => {
    adminRequest(api.team.$get()).then(
      (team) => setPeople(team.map((member) => ({ _id: member._id, name: member.name }))),
      () => undefined,
    );
  }, []);

  const set = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <div className="admin-page">
      <AdminPageHeader title="Activity" />
      <p className="admin-total">Every sign-in and every change the team makes, kept for 2 years.</p>
      <ActivityFilters formId={formId} filters={filters} people={people} set={set} />
      <ListFrame
        state={state}
        errorMessage="Error fetching the activity"
        emptyMessage="Nothing matches"
        onRetry={retry}
      >
        {(rows) => <ActivityTable rows={rows} />}
      </ListFrame>
      {state.status === 'ready' ? (
        <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={setPage} />
      ) : null}
    </div>
  );
}
