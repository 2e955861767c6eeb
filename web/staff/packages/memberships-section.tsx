/**
 * The Packages screen's memberships: each plan with its monthly price, sessions and shop discount,
 * whether Paystack holds its plan yet (only then can visitors join), and add and edit.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { StatusBadge } from '../kits/admin-ui';
import { loadMemberships, MembershipForm, type StaffMembership } from './membership-form';

type NoticeState = { tone: 'success' | 'error'; text: string };

export function MembershipsSection({ onNotice }: { onNotice: (notice: NoticeState) => void }) {
  const [rows, setRows] = useState<StaffMembership[]>();
  const [failed, setFailed] = useState(false);
  const [form, setForm] = useState<{ open: boolean; editing?: StaffMembership }>({ open: false });

  const reload = useCallback(async () => {
    setFailed(false);
    try {
      setRows(await loadMemberships());
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <section className="admin-section" aria-labelledby="memberships-heading">
      <div className="admin-section__head">
        <h2 id="memberships-heading">Memberships</h2>
        <button type="button" className="button button--primary button--small" onClick={() => setForm({ open: true })}>
          Add membership
        </button>
      </div>
      {failed ? (
        <p className="admin-alert admin-alert--error">
          Error fetching the memberships.{' '}
          <button type="button" className="button button--small button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      ) : !rows ? (
        <p>Loading...</p>
      ) : rows.length === 0 ? (
        <p className="admin-list__empty">No memberships yet. A membership renews by card each month.</p>
      ) : (
        <ul className="admin-list admin-catalogue__list">
          {rows.map((plan) => (
            <li key={plan._id} className={`admin-catalogue__item${plan.shown ? '' : ' admin-catalogue__item--hidden'}`}>
              <div className="admin-catalogue__main">
                <div className="admin-catalogue__head">
                  <h3 className="admin-catalogue__name">{plan.name}</h3>
                  {plan.shown ? null : <StatusBadge status="Hidden" tone="info" />}
                  {plan.paystackReady ? null : <StatusBadge status="Not at Paystack yet" tone="warning" />}
                </div>
                <p className="admin-catalogue__facts">
                  <span className="admin-catalogue__price">{`${formatNaira(plan.price)} a month`}</span>
                  <span>{`${plan.sessionsPerMonth} ${plan.sessionsPerMonth === 1 ? 'session' : 'sessions'} a month`}</span>
                  <span>{plan.shopPercent > 0 ? `${plan.shopPercent}% off the shop` : 'no shop discount'}</span>
                </p>
                <p className="admin-table__note">{plan.treatments.map((treatment) => treatment.name).join(', ')}</p>
              </div>
              <div className="admin-row__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setForm({ open: true, editing: plan })}
                >
                  Edit<span className="visually-hidden"> {plan.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
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
