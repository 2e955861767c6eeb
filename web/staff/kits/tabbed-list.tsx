/**
 * The frame of the Bookings, Orders and Reviews screens: a title (with Export CSV), status tabs, and the
 * current tab's list a page at a time; the tab and page live in the address, so a reload or a
 * shared link keeps them. Staff actions on a row report back in one notice line.
 */
import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { ApiError } from '../../lib/api-client';
import type { ExportName } from '../frame/admin-api';
import { adminDataChangedAtom } from '../frame/admin-session';
import { AdminPageHeader, ExportButton, ListFrame, Notice, Pager, Tabs } from './admin-ui';
import { SEARCH_PAUSE_MS, SearchField } from './search-field';
import { useAdminList } from './use-admin-list';

type TabList<Tab extends string> = ReadonlyArray<{ value: Tab; label: string }>;
type NoticeState = { tone: 'success' | 'error'; text: string };

interface TabbedListProps<Tab extends string, Row> {
  title: string;
  /** The CSV export beside the title, where the list has one. */
  exportName?: ExportName;
  tabs: TabList<Tab>;
  /**
   * Loads a page of a tab; with `search` (what staff typed into the list's search), of every tab's
   * rows that match it, the tab left out.
   */
  load: (tab: Tab | undefined, page: number, search: string) => Promise<{ rows: Row[]; total: number }>;
  /** The list's search box, where it has one: its label and what it finds. */
  search?: { label: string; hint: string };
  errorMessage: string;
  emptyMessage: (tabLabel: string) => string;
  /** Renders a row; `act` runs a staff action and reports it. */
  renderRow: (row: Row, act: AdminAction) => ReactNode;
  /** More buttons beside Export CSV; `done` reports what they did and reloads the list. */
  actions?: (done: (success: string) => void) => ReactNode;
}

/** Runs a change, says what happened ("… marked complete" or the server's reason), and reloads. */
export type AdminAction = (change: () => Promise<unknown>, success: string, failure: string) => Promise<void>;

export function TabbedList<Tab extends string, Row>(props: TabbedListProps<Tab, Row>) {
  const { title, exportName, tabs, load, errorMessage, emptyMessage, renderRow, actions, search } = props;
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((entry) => entry.value === params.get('tab')) ?? tabs[0];
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const searched = search ? (params.get('q') ?? '').trim() : '';
  const panelId = useId();
  const { state, retry } = useAdminList(
    () => load(searched ? undefined : (tab?.value as Tab), page, searched),
    `${tab?.value}:${page}:${searched}`,
  );
  const [notice, setNotice] = useState<NoticeState>();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  const go = (next: { tab?: Tab; page?: number; q?: string }) => {
    const q = next.q ?? searched;
    const query = { tab: next.tab ?? tab?.value ?? '', page: String(next.page ?? 1), ...(q ? { q } : {}) };
    // Typing into the search replaces the address rather than adding a step to Back for each pause.
    setParams(query, { replace: next.q !== undefined });
  };

  const act: AdminAction = async (change, success, failure) => {
    setNotice(undefined);
    try {
      await change();
      setNotice({ tone: 'success', text: success });
    } catch (error) {
      const reason = error instanceof ApiError && error.status !== 0 ? `: ${error.message}` : '. Please try again.';
      setNotice({ tone: 'error', text: `${failure}${reason}` });
    }
    dataChanged();
  };

  if (!tab) return null;
  return (
    <div className="admin-page">
      <AdminPageHeader title={title}>
        {actions?.((success) => {
          setNotice({ tone: 'success', text: success });
          dataChanged();
        })}
        {exportName ? <ExportButton name={exportName} status={tab.value} /> : null}
      </AdminPageHeader>
      {search ? <ListSearch {...search} searched={searched} onSearch={(q) => go({ q, page: 1 })} /> : null}
      {searched ? null : (
        <Tabs label={title} tabs={tabs} value={tab.value} onChange={(value) => go({ tab: value })} panelId={panelId} />
      )}
      <div
        id={panelId}
        className="admin-panel"
        {...(searched
          ? { role: 'region', 'aria-label': `${title} matching “${searched}”` }
          : { role: 'tabpanel', 'aria-labelledby': `${panelId}-tab-${tab.value}` })}
      >
        <Notice notice={notice} />
        <ListFrame
          state={state}
          errorMessage={errorMessage}
          emptyMessage={searched ? `Nothing in any tab matches “${searched}”.` : emptyMessage(tab.label.toLowerCase())}
          onRetry={retry}
        >
          {(rows) => (
            <ul
              className="admin-list"
              aria-label={searched ? `${title} matching “${searched}”` : `${tab.label} ${title.toLowerCase()}`}
            >
              {rows.map((row) => renderRow(row, act))}
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

/**
 * The list's search: it follows typing once it pauses, and keeps what was searched in the address
 * (a reload or a shared link finds the same rows); every tab's matches show together.
 */
function ListSearch({
  label,
  hint,
  searched,
  onSearch,
}: {
  label: string;
  hint: string;
  searched: string;
  onSearch: (q: string) => void;
}) {
  const [typed, setTyped] = useState(searched);
  const onSearchNow = useRef(onSearch);
  onSearchNow.current = onSearch;
  // Back or a link can change the address's search: the box follows it.
  useEffect(() => setTyped((text) => (text.trim() === searched ? text : searched)), [searched]);
  useEffect(() => {
    if (typed.trim() === searched) return;
    const timer = setTimeout(() => onSearchNow.current(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, searched]);
  return <SearchField label={label} hint={hint} value={typed} onChange={setTyped} />;
}

interface ExpandableRowProps {
  /** Who the row is about, for the Details button's accessible name. */
  name: string;
  attention?: boolean;
  summary: ReactNode;
  /** The row's one forward step (Mark Complete, Ship, Deliver), if it has one now. */
  action?: { label: string; run: () => Promise<void> };
  children: ReactNode;
}

/** A row that opens to its details, from its Details button or a click anywhere on its summary. */
export function ExpandableRow({ name, attention, summary, action, children }: ExpandableRowProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const detailsId = useId();

  async function runAction() {
    if (!action) return;
    setBusy(true);
    await action.run();
    setBusy(false);
  }

  function toggleFromSummary(event: React.MouseEvent) {
    if ((event.target as HTMLElement).closest('button, a')) return;
    setOpen((isOpen) => !isOpen);
  }

  return (
    <li className={`admin-row${attention ? ' admin-row--attention' : ''}`}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a convenience beside the Details button. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Details button is the keyboard's way. */}
      <div className="admin-row__summary" onClick={toggleFromSummary}>
        <div className="admin-row__main">{summary}</div>
        <div className="admin-row__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            {open ? 'Hide details' : 'Details'}
            <span className="visually-hidden"> for {name}</span>
          </button>
          {action ? (
            <button type="button" className="button button--primary button--small" disabled={busy} onClick={runAction}>
              {busy ? 'Saving...' : action.label}
            </button>
          ) : null}
        </div>
      </div>
      <div id={detailsId} className="admin-row__details" hidden={!open}>
        {children}
      </div>
    </li>
  );
}
