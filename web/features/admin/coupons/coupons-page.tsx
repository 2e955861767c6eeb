import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { couponScopeLabels } from '../../../../worker/shared/coupon-rules';
import { couponFormMessages } from '../../../../worker/shared/coupon-schema';
import { formatNaira } from '../../../../worker/shared/money';
import { adminRequest, api, messageOf } from '../admin-api';
import { adminDataChangedAtom } from '../admin-session';
import { AdminPageHeader, ListFrame, Notice, StatusBadge } from '../admin-ui';
import { useAdminList } from '../use-admin-list';
import { CouponForm, type CouponValues } from './coupon-form';

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
                  <tr key={coupon._id}>
                    <th scope="row" data-label="Code" className="admin-table__code">
                      {coupon.code}
                    </th>
                    <td data-label="Discount">
                      {coupon.type === 'percent' ? `${coupon.discount}%` : formatNaira(coupon.discount)}
                    </td>
                    <td data-label="Min Amount">{formatNaira(coupon.minAmount)}</td>
                    <td data-label="Applies to">
                      {couponScopeLabels[coupon.appliesTo]}
                      {coupon.oncePerCustomer ? <span className="admin-table__note">One use per customer</span> : null}
                    </td>
                    <td data-label="Uses">
                      {coupon.maxUses === null ? coupon.uses : `${coupon.uses} of ${coupon.maxUses}`}
                    </td>
                    <td data-label="Expires">
                      {coupon.expiryDate}
                      {coupon.startsAt ? <span className="admin-table__note">Starts {coupon.startsAt}</span> : null}
                    </td>
                    <td data-label="Status">
                      <StatusBadge
                        status={coupon.active ? 'Active' : 'Inactive'}
                        tone={coupon.active ? 'success' : 'info'}
                      />
                    </td>
                    <td data-label="Actions">
                      <div className="admin-table__actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Edit ${coupon.code}`}
                          onClick={() => setForm({ open: true, editing: coupon })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
                          onClick={() => toggle(coupon)}
                        >
                          {coupon.active ? 'Deactivate' : 'Activate'}
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={`Delete ${coupon.code}`}
                          onClick={() => remove(coupon)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
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
