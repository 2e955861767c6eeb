/**
 * Packages (managers, owners): the packages of prepaid sessions the studio sells, with what one
 * session costs and what the package saves against single visits; staff add and edit them, show
 * or hide them on the site, and sell them at the desk; and the monthly memberships beside them.
 */
import { useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { packageValue } from '../../../worker/shared/prepaid/package-rules';
import { AdminPageHeader, HeaderAction, Notice } from '../kits/admin-ui';
import {
  CatalogueItem,
  CatalogueList,
  MembershipsSection,
  type NoticeState,
  useCatalogue,
} from './memberships-section';
import { loadPackages, PackageForm, type StaffPackage } from './package-form';
import { SellPackageForm } from './sell-package-form';

export default function PackagesPage() {
  const { rows, failed, reload } = useCatalogue(loadPackages);
  const [notice, setNotice] = useState<NoticeState>();
  const [form, setForm] = useState<{ open: boolean; editing?: StaffPackage }>({ open: false });
  const [selling, setSelling] = useState<StaffPackage>();

  return (
    <div className="admin-page">
      <AdminPageHeader title="Packages">
        <HeaderAction onClick={() => setForm({ open: true })}>Add package</HeaderAction>
      </AdminPageHeader>
      <Notice notice={notice} />
      <CatalogueList
        rows={rows}
        failed={failed}
        onRetry={reload}
        failedText="Error fetching the packages."
        emptyText="No packages yet. A package sells several sessions at once, at a saving."
        renderRow={(pkg) => (
          <PackageItem
            key={pkg._id}
            pkg={pkg}
            onSell={() => setSelling(pkg)}
            onEdit={() => setForm({ open: true, editing: pkg })}
          />
        )}
      />
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

/** One package: its price, what one session costs and saves, how long it lasts, Sell and Edit. */
function PackageItem({ pkg, onSell, onEdit }: { pkg: StaffPackage; onSell: () => void; onEdit: () => void }) {
  const { perSession, saving } = packageValue(pkg);
  return (
    <CatalogueItem
      item={pkg}
      headingLevel="h2"
      actions={
        <button type="button" className="button button--primary button--small" onClick={onSell}>
          Sell<span className="visually-hidden"> {pkg.name}</span>
        </button>
      }
      onEdit={onEdit}
    >
      <span className="admin-catalogue__price">{formatNaira(pkg.price)}</span>
      <span>
        {pkg.sessions} sessions, {formatNaira(perSession)} each
      </span>
      <span>{saving > 0 ? `saves ${formatNaira(saving)}` : 'no saving'}</span>
      <span>valid {pkg.validMonths} months</span>
    </CatalogueItem>
  );
}
