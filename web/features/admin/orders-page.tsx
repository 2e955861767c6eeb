import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatNaira } from '../../../worker/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatShortDateTime } from '../../../worker/shared/time';
import { ApiError } from '../../lib/api-client';
import { adminPage, adminRequest, api } from './admin-api';
import { adminDataChangedAtom } from './admin-session';
import {
  AdminPageHeader,
  Detail,
  ExportButton,
  ListFrame,
  Notice,
  Pager,
  StatusBadge,
  Tabs,
  toggleFromSummary,
} from './admin-ui';
import { useAdminList } from './use-admin-list';

const tabs = [
  { value: 'processing', label: 'Processing' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
] as const;
type Tab = (typeof tabs)[number]['value'];

/** The one step forward from each status, and the button that takes it. */
const nextStep = {
  processing: { to: 'shipped', label: 'Ship' },
  shipped: { to: 'delivered', label: 'Deliver' },
} as const;

const loadOrders = (status: Tab, page: number) =>
  adminPage(api.orders.$get({ query: { status, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } }));
type Order = Awaited<ReturnType<typeof loadOrders>>['rows'][number];

export const ORDERS_FETCH_ERROR = 'Error fetching orders';
export const ORDER_UPDATE_ERROR = 'Error updating order';

/** Orders: Processing, Shipped, Delivered; Ship and Deliver move an order one step forward. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.some((entry) => entry.value === params.get('tab')) ? (params.get('tab') as Tab) : 'processing';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const panelId = useId();
  const { state, retry } = useAdminList(() => loadOrders(tab, page), `${tab}:${page}`);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  const go = (next: { tab?: Tab; page?: number }) => setParams({ tab: next.tab ?? tab, page: String(next.page ?? 1) });

  async function advance(order: Order, to: 'shipped' | 'delivered') {
    setNotice(undefined);
    try {
      await adminRequest(api.orders[':id'].$put({ param: { id: order._id }, json: { orderStatus: to } }));
      setNotice({ tone: 'success', text: `${order.name}’s order is marked ${to}.` });
    } catch (error) {
      setNotice({
        tone: 'error',
        text:
          error instanceof ApiError && error.status !== 0
            ? `${ORDER_UPDATE_ERROR}: ${error.message}`
            : `${ORDER_UPDATE_ERROR}. Please try again.`,
      });
    }
    dataChanged();
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Orders">
        <ExportButton name="orders" status={tab} />
      </AdminPageHeader>
      <Tabs label="Orders" tabs={tabs} value={tab} onChange={(value) => go({ tab: value })} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${tab}`} className="admin-panel">
        <Notice notice={notice} />
        <ListFrame
          state={state}
          errorMessage={ORDERS_FETCH_ERROR}
          emptyMessage={`No ${tab} orders found`}
          onRetry={retry}
        >
          {(rows) => (
            <ul className="admin-list" aria-label={`${tabs.find((entry) => entry.value === tab)?.label} orders`}>
              {rows.map((order) => (
                <OrderRow key={order._id} order={order} onAdvance={advance} />
              ))}
            </ul>
          )}
        </ListFrame>
        {state.total ? (
          <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={(next) => go({ page: next })} />
        ) : null}
      </div>
    </div>
  );
}

function OrderRow({
  order,
  onAdvance,
}: {
  order: Order;
  onAdvance: (order: Order, to: 'shipped' | 'delivered') => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const detailsId = useId();
  const step = order.orderStatus === 'delivered' ? undefined : nextStep[order.orderStatus];

  async function advance() {
    if (!step) return;
    setBusy(true);
    await onAdvance(order, step.to);
    setBusy(false);
  }

  return (
    <li className="admin-row">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a convenience beside the Details button. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Details button handles the keyboard. */}
      <div className="admin-row__summary" onClick={(event) => toggleFromSummary(event, setOpen)}>
        <div className="admin-row__main">
          <h2 className="admin-row__name">{order.name}</h2>
          <p className="admin-row__when">{formatShortDateTime(order.createdAt)}</p>
          <p className="admin-row__amount">{formatNaira(order.amount)}</p>
          <div className="admin-row__badges">
            <StatusBadge status={order.orderStatus} />
          </div>
        </div>
        <div className="admin-row__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden"> for {order.name}</span>
          </button>
          {step ? (
            <button type="button" className="button button--primary button--small" disabled={busy} onClick={advance}>
              {busy ? 'Saving...' : step.label}
            </button>
          ) : null}
        </div>
      </div>
      <div id={detailsId} className="admin-row__details" hidden={!open}>
        <dl className="admin-details">
          <Detail label="Email">
            <a href={`mailto:${order.email}`}>{order.email}</a>
          </Detail>
          <Detail label="Phone">
            <a href={`tel:${order.phone}`}>{order.phone}</a>
          </Detail>
          <Detail label="Shipping address" wide>
            {order.shippingAddress}
          </Detail>
          <Detail label="Items" wide>
            <ul className="admin-details__items">
              {order.items.map((item) => (
                <li key={`${item.productName}-${item.productSize}`}>
                  {item.productName} × {item.productQuantity}{' '}
                  <span className="admin-details__muted">
                    ({item.productSize}, {formatNaira(item.unitPrice)} each)
                  </span>
                </li>
              ))}
            </ul>
          </Detail>
          <Detail label="Coupon">{order.couponCode || '-'}</Detail>
          <Detail label="Payment reference">{order.paymentReference}</Detail>
        </dl>
      </div>
    </li>
  );
}
