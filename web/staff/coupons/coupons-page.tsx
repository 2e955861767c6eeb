import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { couponScopeLabels } from '../../../worker/shared/catalogue/coupon-rules';
import { couponFormMessages } from '../../../worker/shared/catalogue/coupon-schema';
import { formatNaira } from '../../../worker/shared/money';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import { AdminPageHeader, ListFrame, Notice, StatusBadge } from '../kits/admin-ui';
import { useAdminList } from '../kits/use-admin-list';
import { CouponForm } from './coupon-form';
import type { CouponValues } from './coupon-form-fields';

const loadCoupons = async () => {
  const rows = await adminRequest(api['get-coupons'].$get());
  return { rows, total: rows.length };
};
type Coupon = Awaited<ReturnType<typeof loadCoupons>>['rows'][number];

/** The spec's messages for Coupon Management. */
export const couponPageMessages = {
  fetch: 'Error fetching coupons',
  create: 'Error creating coupon',
  update: 'Error updating coupon',
  status: 'Error updating coupon status',
  remove: 'Error deleting coupon',
  confirmDelete: 'Are you sure you want to delete this coupon?',
} as const;

/** What a coupon's row can do: open it in the form, switch it on or off, delete it. */
interface CouponActions {
  onEdit: (coupon: Coupon) => void;
  onToggle: (coupon: Coupon) => void;
  onRemove: (coupon: Coupon) => void;
}

/** Existing Coupons: a row per coupon, each with its Edit, Activate/Deactivate and Delete buttons. */
function CouponsTable({ rows, ...actions }: CouponActions & { rows: Coupon[] }) {
  return (
    <table className="admin-table admin-table--cards">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Discount</th>
          <th scope="col">Min Amount</th>
          <th scope="col">Applies to</th>
          <th scope="col">Uses</th>
          <th scope="col">Expires</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((coupon) => (
          <CouponRow key={coupon._id} coupon={coupon} {...actions} />
        ))}
      </tbody>
    </table>
  );
}

function CouponRow({ coupon, onEdit, onToggle, onRemove }: CouponActions & { coupon: Coupon }) {
  return (
    <tr>
      <th scope="row" data-label="Code" className="admin-table__code">
        {coupon.code}
      </th>
      <td data-label="Discount">{coupon.type === 'percent' ? `${coupon.discount}%` : formatNaira(coupon.discount)}</td>
      <td data-label="Min Amount">{formatNaira(coupon.minAmount)}</td>
      <td data-label="Applies to">
        {couponScopeLabels[coupon.appliesTo]}
        {coupon.oncePerCustomer ? <span className="admin-table__note">One use per customer</span> : null}
      </td>
      <td data-label="Uses">{coupon.maxUses === null ? coupon.uses : `${coupon.uses} of ${coupon.maxUses}`}</td>
      <td data-label="Expires">
        {coupon.expiryDate}
        {coupon.startsAt ? <span className="admin-table__note">Starts {coupon.startsAt}</span> : null}
      </td>
      <td data-label="Status">
        <StatusBadge status={coupon.active ? 'Active' : 'Inactive'} tone={coupon.active ? 'success' : 'info'} />
      </td>
      <td data-label="Actions">
        <div className="admin-table__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Edit ${coupon.code}`}
            onClick={() => onEdit(coupon)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
            onClick={() => onToggle(coupon)}
          >
            {coupon.active ? 'Deactivate' : 'Activate'}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={`Delete ${coupon.code}`}
            onClick={() => onRemove(coupon)}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function CouponsPage() {
  const { state, retry } = useAdminList(loadCoupons, 'coupons');
  const [form, setForm] = useState<{ open: boolean; editing?: Coupon }>({ open: false });
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  async function save(values: CouponValues) {
    const editing = form.editing;
    try {
      if (editing) await adminRequest(api.coupons[':id'].$put({ param: { id: editing._id }, json: values }));
      else await adminRequest(api['create-coupons'].$post({ json: values }));
    } catch (error) {
      throw new Error(messageOf(error, editing ? couponPageMessages.update : couponPageMessages.create));
    }
    setNotice({ tone: 'success', text: editing ? couponFormMessages.updated : couponFormMessages.created });
    dataChanged();
  }

  async function toggle(coupon: Coupon) {
    setNotice(undefined);
    try {
      await adminRequest(api.coupons[':id'].$patch({ param: { id: coupon._id }, json: { active: !coupon.active } }));
      setNotice({
        tone: 'success',
        text: `Coupon ${coupon.code} is now ${coupon.active ? 'inactive' : 'active'}.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, couponPageMessages.status) });
    }
    dataChanged();
  }

  async function remove(coupon: Coupon) {
    if (!window.confirm(couponPageMessages.confirmDelete)) return;
    setNotice(undefined);
    try {
      await adminRequest(api.coupons[':id'].$delete({ param: { id: coupon._id } }));
      setNotice({ tone: 'success', text: couponFormMessages.deleted });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, couponPageMessages.remove) });
    }
    dataChanged();
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Coupon Management">
        <button type="button" className="button button--primary button--small" onClick={() => setForm({ open: true })}>
          Create Coupon
        </button>
      </AdminPageHeader>
      <Notice notice={notice} />
      <section className="admin-panel" aria-labelledby="existing-coupons">
        <h2 id="existing-coupons" className="admin-panel__title">
          Existing Coupons
        </h2>
        <ListFrame state={state} errorMessage={couponPageMessages.fetch} emptyMessage="No coupons yet" onRetry={retry}>
          {(rows) => (
            <CouponsTable
              rows={rows}
              onEdit={(coupon) => setForm({ open: true, editing: coupon })}
              onToggle={toggle}
              onRemove={remove}
            />
          )}
        </ListFrame>
      </section>
      {/* Mounted while open, one per coupon: each opening starts from its own coupon's values. */}
      {form.open ? (
        <CouponForm
          key={form.editing?._id ?? 'new'}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
          onSave={save}
        />
      ) : null}
    </div>
  );
}
