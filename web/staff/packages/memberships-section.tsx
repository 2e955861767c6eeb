/**
 * The Packages screen's memberships: each plan with its monthly price, sessions and shop discount,
 * whether Paystack holds its plan yet (only then can visitors join), and add and edit.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { HeaderAction, StatusBadge } from '../kits/admin-ui';
import { loadMemberships, MembershipForm, type StaffMembership } from './membership-form';

export type NoticeState = { tone: 'success' | 'error'; text: string };

export function MembershipsSection({ onNotice }: { onNotice: (notice: NoticeState) => void }) {
  const { rows, failed, reload } = useCatalogue(loadMemberships);
  const [form, setForm] = useState<{ open: boolean; editing?: StaffMembership }>({ open: false });

  return (
    <section className="admin-section" aria-labelledby="memberships-heading">
      <div className="admin-section__head">
        <h2 id="memberships-heading">Memberships</h2>
        <HeaderAction onClick={() => setForm({ open: true })}>Add membership</HeaderAction>
      </div>
      <CatalogueList
        rows={rows}
        failed={failed}
        onRetry={reload}
        failedText="Error fetching the memberships."
        emptyText="No memberships yet. A membership renews by card each month."
        renderRow={(plan) => (
          <CatalogueItem
            key={plan._id}
            item={plan}
            headingLevel="h3"
            badges={plan.paystackReady ? null : <StatusBadge status="Not at Paystack yet" tone="warning" />}
            onEdit={() => setForm({ open: true, editing: plan })}
          >
            <span className="admin-catalogue__price">{`${formatNaira(plan.price)} a month`}</span>
            <span>{`${plan.sessionsPerMonth} ${plan.sessionsPerMonth === 1 ? 'session' : 'sessions'} a month`}</span>
            <span>{plan.shopPercent > 0 ? `${plan.shopPercent}% off the shop` : 'no shop discount'}</span>
          </CatalogueItem>
        )}
      />
      {form.open ? (
        <MembershipForm
          key={form.editing?._id ?? 'new'}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
          onSaved={(notice) => {
            onNotice(notice);
            void reload();
          }}
        />
      ) : null}
    </section>
  );
}

/** A catalogue's rows, fetched on mount; `reload` fetches them again, `failed` when that did not work. */
export function useCatalogue<Row>(load: () => Promise<Row[]>) {
  const [rows, setRows] = useState<Row[]>();
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setFailed(false);
    try {
      setRows(await load());
    } catch {
      setFailed(true);
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return { rows, failed, reload };
}

/** A catalogue's list: the fetch error with Try again, Loading..., the empty note, or its items. */
export function CatalogueList<Row>({
  rows,
  failed,
  onRetry,
  failedText,
  emptyText,
  renderRow,
}: {
  rows: Row[] | undefined;
  failed: boolean;
  onRetry: () => Promise<void>;
  failedText: string;
  emptyText: string;
  renderRow: (row: Row) => ReactNode;
}) {
  if (failed) {
    return (
      <p className="admin-alert admin-alert--error">
        {failedText}{' '}
        <button type="button" className="button button--small button--secondary" onClick={() => void onRetry()}>
          Try again
        </button>
      </p>
    );
  }
  if (!rows) return <p>Loading...</p>;
  if (rows.length === 0) return <p className="admin-list__empty">{emptyText}</p>;
  return <ul className="admin-list admin-catalogue__list">{rows.map(renderRow)}</ul>;
}

/**
 * One package or membership: its name and badges, its facts (`children`), the treatments it
 * covers, and its buttons (`actions` before Edit).
 */
export function CatalogueItem({
  item,
  headingLevel: Heading,
  badges,
  actions,
  onEdit,
  children,
}: {
  item: { name: string; shown: boolean; treatments: { name: string }[] };
  headingLevel: 'h2' | 'h3';
  badges?: ReactNode;
  actions?: ReactNode;
  onEdit: () => void;
  children: ReactNode;
}) {
  return (
    <li className={`admin-catalogue__item${item.shown ? '' : ' admin-catalogue__item--hidden'}`}>
      <div className="admin-catalogue__main">
        <div className="admin-catalogue__head">
          <Heading className="admin-catalogue__name">{item.name}</Heading>
          {item.shown ? null : <StatusBadge status="Hidden" tone="info" />}
          {badges}
        </div>
        <p className="admin-catalogue__facts">{children}</p>
        <p className="admin-table__note">{item.treatments.map((treatment) => treatment.name).join(', ')}</p>
      </div>
      <div className="admin-row__actions">
        {actions}
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {item.name}</span>
        </button>
      </div>
    </li>
  );
}
