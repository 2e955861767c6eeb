import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatShortDate } from '../../../worker/shared/time';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import {
  AdminPageHeader,
  CardTable,
  HeaderAction,
  ListFrame,
  Notice,
  Pager,
  StatusBadge,
  useCan,
} from '../kits/admin-ui';
import { SearchField, useTypedSearch } from '../kits/search-field';
import { useAdminList } from '../kits/use-admin-list';
import { SellVoucherForm } from './sell-voucher-form';
import { VoidVoucherForm } from './void-voucher-form';
import { codeName, loadVouchers, type Voucher, type VoucherList } from './voucher-list';

/** A Lagos calendar day, short: "26 Nov 2027". */
const formatDay = (date: string) => formatShortDate(`${date}T12:00:00Z`);

const stateTones = {
  'to deliver': 'info',
  delivered: 'success',
  used: 'info',
  expired: 'warning',
  void: 'danger',
} as const;

const paymentLabels: Record<string, string> = {
  paystack: 'Online',
  test: 'Online (test mode)',
  cash: 'Cash at the desk',
  transfer: 'Transfer at the desk',
  pos: 'POS at the desk',
};

/** This month's sales and what the studio owes on its vouchers. */
function VoucherFigures({ figures }: { figures: NonNullable<VoucherList['figures']> }) {
  return (
    <dl className="admin-stats__list admin-vouchers__figures" aria-label="Gift voucher figures">
      <div className="admin-stats__item">
        <dt>Vouchers sold this month</dt>
        <dd>{figures.soldThisMonth.count}</dd>
      </div>
      <div className="admin-stats__item">
        <dt>Sold this month for</dt>
        <dd>{formatNaira(figures.soldThisMonth.amount)}</dd>
      </div>
      <div className="admin-stats__item">
        <dt>Outstanding balance (owed)</dt>
        <dd>{formatNaira(figures.outstanding)}</dd>
      </div>
    </dl>
  );
}

/** What a voucher's row can do: resend it with a new code, or (for those who may) void it. */
interface VoucherActions {
  mayVoid: boolean;
  onResend: (voucher: Voucher) => void;
  onVoid: (voucher: Voucher) => void;
}

function VouchersTable({ rows, ...actions }: VoucherActions & { rows: Voucher[] }) {
  return (
    <CardTable headings={['Code', 'For', 'From', 'Value', 'Balance', 'Delivery', 'Expires', 'Status', 'Actions']}>
      {rows.map((voucher) => (
        <VoucherRow key={voucher._id} voucher={voucher} {...actions} />
      ))}
    </CardTable>
  );
}

function VoucherRow({ voucher, ...actions }: VoucherActions & { voucher: Voucher }) {
  return (
    <tr>
      <th scope="row" data-label="Code" className="admin-table__code admin-vouchers__code">
        {voucher.last4 ? (
          `…${voucher.last4}`
        ) : (
          <span className="admin-table__note admin-vouchers__no-code">Made when sent</span>
        )}
      </th>
      <td data-label="For">
        {voucher.recipientName}
        <span className="admin-table__note">
          {[voucher.recipientEmail, voucher.recipientPhone].filter(Boolean).join(' · ')}
        </span>
      </td>
      <td data-label="From">
        {voucher.buyerName}
        <span className="admin-table__note">
          {paymentLabels[voucher.payment] ?? voucher.payment}
          {voucher.soldBy ? ` by ${voucher.soldBy}` : ''}
        </span>
      </td>
      <td data-label="Value">
        {voucher.treatment ? `${voucher.treatment} (${formatNaira(voucher.amount)})` : formatNaira(voucher.amount)}
      </td>
      <td data-label="Balance">{formatNaira(voucher.balance)}</td>
      <td data-label="Delivery">
        {voucher.deliveredAt ? `Sent ${formatShortDate(voucher.deliveredAt)}` : `On ${formatDay(voucher.deliverOn)}`}
      </td>
      <td data-label="Expires">{formatDay(voucher.expiresOn)}</td>
      <td data-label="Status">
        <StatusBadge status={voucher.state} tone={stateTones[voucher.state]} />
        {voucher.voidReason ? <span className="admin-table__note">{voucher.voidReason}</span> : null}
      </td>
      <td data-label="Actions">
        {voucher.state !== 'to deliver' && voucher.state !== 'delivered' ? null : (
          <VoucherActionButtons voucher={voucher} {...actions} />
        )}
      </td>
    </tr>
  );
}

/** Resend (once sent) and Void, for a voucher still to deliver or delivered. */
function VoucherActionButtons({ voucher, mayVoid, onResend, onVoid }: VoucherActions & { voucher: Voucher }) {
  return (
    <div className="admin-table__actions">
      {/* One waiting for its day is the cron's to send, on the day the buyer chose. */}
      {voucher.deliveredAt ? (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={`Resend the voucher for ${voucher.recipientName} (${codeName(voucher)}) with a new code`}
          onClick={() => onResend(voucher)}
        >
          Resend
        </button>
      ) : null}
      {mayVoid ? (
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={`Void the voucher for ${voucher.recipientName} (${codeName(voucher)})`}
          onClick={() => onVoid(voucher)}
        >
          Void
        </button>
      ) : null}
    </div>
  );
}

/** Vouchers: every gift voucher, what is left of it and what the studio owes; sell, resend, void. */
export default function VouchersPage() {
  const { typed, setTyped, query, page, setPage } = useTypedSearch();
  const [figures, setFigures] = useState<VoucherList['figures']>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [selling, setSelling] = useState(false);
  const [voiding, setVoiding] = useState<Voucher>();
  const dataChanged = useSetAtom(adminDataChangedAtom);
  const mayVoid = useCan('voucherVoid');

  const { state, retry } = useAdminList(async () => {
    const list = await loadVouchers(query, page);
    setFigures(list.figures);
    return list;
  }, `${query}:${page}`);

  async function resend(voucher: Voucher) {
    setNotice(undefined);
    try {
      const sent = await adminRequest(api.vouchers[':id'].resend.$post({ param: { id: voucher._id } }));
      setNotice({
        tone: 'success',
        text: `The voucher is sent to ${voucher.recipientName} again with a new code (…${sent.last4}); the old code and card link no longer work.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOf(error, 'Error resending the voucher') });
    }
    dataChanged();
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Gift Vouchers">
        <HeaderAction onClick={() => setSelling(true)}>Sell a voucher</HeaderAction>
      </AdminPageHeader>
      {figures ? <VoucherFigures figures={figures} /> : null}
      <Notice notice={notice} />
      <SearchField
        label="Find a voucher"
        hint="The code’s last 4 characters, or the buyer’s or recipient’s name or email."
        value={typed}
        onChange={setTyped}
      />
      <ListFrame
        state={state}
        errorMessage="Error fetching gift vouchers"
        emptyMessage={query ? `No gift voucher matches “${query}”.` : 'No gift vouchers yet.'}
        onRetry={retry}
      >
        {(rows) => <VouchersTable rows={rows} mayVoid={mayVoid} onResend={resend} onVoid={setVoiding} />}
      </ListFrame>
      {state.status === 'ready' ? (
        <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={setPage} />
      ) : null}
      {selling ? (
        <SellVoucherForm
          onClose={() => setSelling(false)}
          onSold={(text) => {
            setNotice({ tone: 'success', text });
            dataChanged();
          }}
        />
      ) : null}
      {voiding ? (
        <VoidVoucherForm
          voucher={voiding}
          onClose={() => setVoiding(undefined)}
          onVoided={(text) => {
            setNotice({ tone: 'success', text });
            dataChanged();
          }}
        />
      ) : null}
    </div>
  );
}
