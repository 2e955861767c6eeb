import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatNaira } from '../../../../worker/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../../worker/shared/pagination';
import { formatDate } from '../../../../worker/shared/time';
import { paths } from '../../../config/paths';
import { adminPage, api } from '../admin-api';
import { AdminPageHeader, ListFrame, Notice, Pager } from '../admin-ui';
import { useAdminList } from '../use-admin-list';

/** How long typing pauses before the list follows it. */
const SEARCH_PAUSE_MS = 250;

/** Clients: everyone who booked or ordered, found by name, email or phone as staff type. */
export default function ClientsPage() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const searchId = useId();
  // Back from an erasure: say it happened.
  const erased = (useLocation().state as { erased?: string } | null)?.erased;

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed.trim());
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { state, retry } = useAdminList(
    () => adminPage(api.clients.$get({ query: { q: query, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } })),
    `${query}:${page}`,
  );

  return (
    <div className="admin-page">
      <AdminPageHeader title="Clients" />
      <Notice notice={erased ? { tone: 'success', text: `${erased} is erased.` } : undefined} />
      <div className="field admin-clients__search">
        <label className="field__label" htmlFor={searchId}>
          Search clients
        </label>
        <input
          id={searchId}
          className="field__control"
          type="search"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${searchId}-hint`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <p className="field__hint" id={`${searchId}-hint`}>
          A name, an email or a phone number, in part: 0803…, +234 803… and 803… all find the same person.
        </p>
      </div>
      <ListFrame
        state={state}
        errorMessage="Error fetching clients"
        emptyMessage={query ? `No client matches “${query}”.` : 'No clients yet.'}
        onRetry={retry}
      >
        {(rows) => (
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Visits</th>
                <th scope="col">Last visit</th>
                <th scope="col">Spent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((client) => (
                <tr key={client._id}>
                  <th scope="row" data-label="Name">
                    <Link to={`${paths.admin}/clients/${client._id}`}>{client.name}</Link>
                  </th>
                  <td data-label="Email">{client.email ?? '-'}</td>
                  <td data-label="Phone">{client.phone || '-'}</td>
                  <td data-label="Visits">
                    {client.visits}
                    {client.orderCount > 0
                      ? ` · ${client.orderCount} ${client.orderCount === 1 ? 'order' : 'orders'}`
                      : ''}
                  </td>
                  <td data-label="Last visit">{client.lastVisit ? formatDate(client.lastVisit) : '-'}</td>
                  <td data-label="Spent">{formatNaira(client.totalSpent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
      {state.status === 'ready' ? (
        <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={setPage} />
      ) : null}
    </div>
  );
}
