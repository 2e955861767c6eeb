/** The pieces every admin list shares: tabs, the loading/error/empty frame, paging, badges, export. */
import { useAtomValue } from 'jotai';
import { type ReactNode, useState } from 'react';
import { can, type Permission } from '../../../worker/shared/permissions';
import { FormError } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { downloadCsv, type ExportName } from '../frame/admin-api';
import { staffUserAtom } from '../frame/admin-session';
import type { ListState } from './use-admin-list';

export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page__header">
      <h1>{title}</h1>
      {children ? <div className="admin-page__actions">{children}</div> : null}
    </div>
  );
}

interface TabsProps<Value extends string> {
  label: string;
  tabs: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange: (value: Value) => void;
  /** The id of the panel the tabs control. */
  panelId: string;
}

/** Tabs as the ARIA pattern has them: arrow keys move between them, the panel follows. */
export function Tabs<Value extends string>({ label, tabs, value, onChange, panelId }: TabsProps<Value>) {
  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(`${panelId}-tab-${next.value}`)?.focus();
  }
  return (
    <div className="admin-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.value}
          id={`${panelId}-tab-${tab.value}`}
          type="button"
          role="tab"
          className="admin-tabs__tab"
          aria-selected={tab.value === value}
          aria-controls={panelId}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

interface ListFrameProps<Row> {
  state: ListState<Row>;
  errorMessage: string;
  emptyMessage: string;
  onRetry: () => void;
  children: (rows: Row[]) => ReactNode;
}

/** 'Loading...' while fetching, the failure with Retry, the empty message, or the rows. */
export function ListFrame<Row>({ state, errorMessage, emptyMessage, onRetry, children }: ListFrameProps<Row>) {
  return (
    <>
      {state.status === 'loading' ? (
        <p className="admin-list__loading" role="status">
          Loading...
        </p>
      ) : null}
      {state.status === 'error' ? (
        <div className="admin-alert admin-alert--error" role="alert">
          <span>{errorMessage}</span>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && state.rows.length === 0 ? <p className="admin-list__empty">{emptyMessage}</p> : null}
      {state.rows && state.rows.length > 0 ? children(state.rows) : null}
    </>
  );
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** "Showing 26–50 of 132" with Previous and Next. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <p className="admin-pager__summary">
        Showing {first}–{last} of {total}
      </p>
      {pages > 1 ? (
        <div className="admin-pager__buttons">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span className="admin-pager__page">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </div>
      ) : null}
    </nav>
  );
}

export function StatusBadge({
  status,
  tone,
}: {
  status: string;
  tone?: 'warning' | 'danger' | 'success' | 'info' | 'arrived';
}) {
  return <span className={`admin-badge admin-badge--${tone ?? status}`}>{status}</span>;
}

/** Where a cancelled booking's or order's money is. */
export function RefundBadge({ refund }: { refund: { status: 'pending' | 'processed' | 'failed'; testMode: boolean } }) {
  if (refund.status === 'failed') return <StatusBadge status="Refund failed" tone="danger" />;
  if (refund.status === 'pending') return <StatusBadge status="Refund pending" tone="warning" />;
  return <StatusBadge status={refund.testMode ? 'Refunded (test mode)' : 'Refunded'} tone="success" />;
}

/** Whether the signed-in person's role has `permission` (what the screens offer; the API decides). */
export function useCan(permission: Permission): boolean {
  const user = useAtomValue(staffUserAtom);
  return user !== null && user !== undefined && can(user.role, permission);
}

/** Export CSV of the list's current tab (for the roles that may export). */
export function ExportButton({ name, status }: { name: ExportName; status?: string }) {
  if (!useCan('exports')) return null;
  return <ExportCsv name={name} status={status} />;
}

function ExportCsv({ name, status }: { name: ExportName; status?: string }) {
  return (
    <DownloadButton
      label="Export CSV"
      busyLabel="Exporting..."
      failure="The export failed. Please try again."
      download={() => downloadCsv(name, status)}
    />
  );
}

/** A button that downloads a file, busy while it does, saying why when it cannot. */
export function DownloadButton({
  label,
  busyLabel,
  failure,
  download,
  primary,
}: {
  label: string;
  busyLabel: string;
  /** Said when the download fails without the server's reason. */
  failure: string;
  download: () => Promise<void>;
  primary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function start() {
    setBusy(true);
    setError(undefined);
    try {
      await download();
    } catch (problem) {
      setError(problem instanceof ApiError ? problem.message : failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className={`button button--small ${primary ? 'button--primary' : 'button--secondary'}`}
        disabled={busy}
        onClick={start}
      >
        {busy ? busyLabel : label}
      </button>
      {error ? (
        <p className="admin-inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A short-lived line saying what just happened (or what failed), read out by screen readers. */
export function Notice({ notice }: { notice?: { tone: 'success' | 'error'; text: string } }) {
  return (
    <div className="admin-notice-slot" role="status" aria-live="polite">
      {notice ? <p className={`admin-alert admin-alert--${notice.tone}`}>{notice.text}</p> : null}
    </div>
  );
}

/** One line of a row's details. */
export function Detail({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'admin-details__item admin-details__item--wide' : 'admin-details__item'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A group's radio buttons, each with its label beside it; the caller's fieldset and legend name the group. */
export function RadioOptions<Value extends string>({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <>
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type="radio"
            className="checkbox__input"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </>
  );
}

/** A list as a table that folds into cards on a phone: its column headings, then its rows. */
export function CardTable({ headings, children }: { headings: readonly string[]; children: ReactNode }) {
  return (
    <table className="admin-table admin-table--cards">
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A panel of a screen: a section named by its heading. */
export function Panel({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`admin-panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="admin-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A form's buttons: its submit (what `children` says) and, given `onCancel`, Cancel. */
export function FormButtons({
  disabled,
  onCancel,
  children,
}: {
  disabled?: boolean;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="admin-compose__buttons">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {children}
      </button>
      {onCancel ? (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/** A dialog form's Cancel and submit, in the dialog's order: Cancel first. */
export function DialogButtons({
  onCancel,
  disabled,
  className = 'admin-coupon-form__buttons',
  error,
  children,
}: {
  onCancel: () => void;
  disabled: boolean;
  /** The form's own failure, said above the buttons. */
  error?: string;
  /** The catalogue's forms' buttons fill a phone's width. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <div className={className}>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={disabled}>
          {children}
        </button>
      </div>
    </>
  );
}

/** A screen's main action beside its title: Add, Invite, Sell, New booking. */
export function HeaderAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="button button--primary button--small" onClick={onClick}>
      {children}
    </button>
  );
}
