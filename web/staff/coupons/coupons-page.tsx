import { useState } from 'react';
import { couponScopeLabels } from '../../../worker/shared/catalogue/coupon-rules';
import { couponFormMessages } from '../../../worker/shared/catalogue/coupon-schema';
import { formatNaira } from '../../../worker/shared/money';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { AdminPageHeader, CardTable, HeaderAction, ListFrame, Notice, Panel, StatusBadge } from '../kits/admin-ui';
import { useAdminList } from '../kits/use-admin-list';
import { useScreenNotice } from '../kits/use-screen-notice';
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
    <CardTable headings={['Code', 'Discount', 'Min Amount', 'Applies to', 'Uses', 'Expires', 'Status', 'Actions']}>
      {rows.map((coupon) => (
        <CouponRow key={coupon._id} coupon={coupon} {...actions} />
      ))}
    </CardTable>
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
  const { notice, setNotice, act, dataChanged } = useScreenNotice();

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

  const toggle = (coupon: Coupon) =>
    act(
      () => adminRequest(api.coupons[':id'].$patch({ param: { id: coupon._id }, json: { active: !coupon.active } })),
      `Coupon ${coupon.code} is now ${coupon.active ? 'inactive' : 'active'}.`,
      couponPageMessages.status,
    );

  async function remove(coupon: Coupon) {
    if (!window.confirm(couponPageMessages.confirmDelete)) return;
    await act(
      () => adminRequest(api.coupons[':id'].$delete({ param: { id: coupon._id } })),
      couponFormMessages.deleted,
      couponPageMessages.remove,
    );
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Coupon Management">
        <HeaderAction onClick={() => setForm({ open: true })}>Create Coupon</HeaderAction>
      </AdminPageHeader>
      <Notice notice={notice} />
      <Panel id="existing-coupons" title="Existing Coupons">
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
      </Panel>
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
