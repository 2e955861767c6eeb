/**
 * Packages (managers, owners): the packages of prepaid sessions the studio sells, with what one
 * session costs and what the package saves against single visits; staff add and edit them, show
 * or hide them on the site, and sell them at the desk; and the monthly memberships beside them.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { packageValue } from '../../../worker/shared/prepaid/package-rules';
import { AdminPageHeader, Notice, StatusBadge } from '../kits/admin-ui';
import { MembershipsSection } from './memberships-section';
import { loadPackages, PackageForm, type StaffPackage } from './package-form';
import { SellPackageForm } from './sell-package-form';

type NoticeState = { tone: 'success' | 'error'; text: string };

export default function PackagesPage() {
  const [rows, setRows] = useState<StaffPackage[]>();
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<NoticeState>();
  const [form, setForm] = useState<{ open: boolean; editing?: StaffPackage }>({ open: false });
  const [selling, setSelling] = useState<StaffPackage>();

  const reload = useCallback(async () => {
    setFailed(false);
    try {
      setRows(await loadPackages());
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <div className="admin-page">
      <AdminPageHeader title="Packages">
        <button type="button" className="button button--primary button--small" onClick={() => setForm({ open: true })}>
          Add package
        </button>
      </AdminPageHeader>
      <Notice notice={notice} />
      {failed ? (
        <p className="admin-alert admin-alert--error">
          Error fetching the packages.{' '}
          <button type="button" className="button button--small button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      ) : !rows ? (
        <p>Loading...</p>
      ) : rows.length === 0 ? (
        <p className="admin-list__empty">No packages yet. A package sells several sessions at once, at a saving.</p>
      ) : (
        <ul className="admin-list admin-catalogue__list">
          {rows.map((pkg) => {
            const { perSession, saving } = packageValue(pkg);
            return (
              <li key={pkg._id} className={`admin-catalogue__item${pkg.shown ? '' : ' admin-catalogue__item--hidden'}`}>
                <div className="admin-catalogue__main">
                  <div className="admin-catalogue__head">
                    <h2 className="admin-catalogue__name">{pkg.name}</h2>
                    {pkg.shown ? null : <StatusBadge status="Hidden" tone="info" />}
                  </div>
                  <p className="admin-catalogue__facts">
                    <span className="admin-catalogue__price">{formatNaira(pkg.price)}</span>
                    <span>
                      {pkg.sessions} sessions, {formatNaira(perSession)} each
                    </span>
                    <span>{saving > 0 ? `saves ${formatNaira(saving)}` : 'no saving'}</span>
                    <span>valid {pkg.validMonths} months</span>
                  </p>
                  <p className="admin-table__note">{pkg.treatments.map((treatment) => treatment.name).join(', ')}</p>
                </div>
                <div className="admin-row__actions">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => setSelling(pkg)}
                  >
                    Sell<span className="visually-hidden"> {pkg.name}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setForm({ open: true, editing: pkg })}
                  >
                    Edit<span className="visually-hidden"> {pkg.name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {form.open ? (
        <PackageForm
          key={form.editing?._id ?? 'new'}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
          onSaved={(text) => {
            setNotice({ tone: 'success', text });
            void reload();
          }}
        />
      ) : null}
      <MembershipsSection onNotice={setNotice} />
      {selling ? (
        <SellPackageForm
          key={selling._id}
          pkg={selling}
          onClose={() => setSelling(undefined)}
          onSold={(text) => setNotice({ tone: 'success', text })}
        />
      ) : null}
    </div>
  );
}
