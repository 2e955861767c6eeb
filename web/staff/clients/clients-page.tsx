import { useLocation } from 'react-router-dom';
import { formatNaira } from '../../../worker/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatDate } from '../../../worker/shared/time';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { adminPage, api } from '../frame/admin-api';
import { AdminPageHeader, CardTable, ListFrame, Notice, Pager } from '../kits/admin-ui';
import { SearchField, useTypedSearch } from '../kits/search-field';
import { useAdminList } from '../kits/use-admin-list';

/** Clients: everyone who booked or ordered, found by name, email or phone as staff type. */
export default function ClientsPage() {
  const { typed, setTyped, query, page, setPage } = useTypedSearch();
  // Back from an erasure: say it happened.
  const erased = (useLocation().state as { erased?: string } | null)?.erased;

  const { state, retry } = useAdminList(
    () => adminPage(api.clients.$get({ query: { q: query, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } })),
    `${query}:${page}`,
  );

  return (
    <div className="admin-page">
      <AdminPageHeader title="Clients" />
      <Notice notice={erased ? { tone: 'success', text: `${erased} is erased.` } : undefined} />
      <SearchField
        label="Search clients"
        hint="A name, an email or a phone number, in part: 0803…, +234 803… and 803… all find the same person."
        value={typed}
        onChange={setTyped}
      />
      <ListFrame
        state={state}
        errorMessage="Error fetching clients"
        emptyMessage={query ? `No client matches “${query}”.` : 'No clients yet.'}
        onRetry={retry}
      >
        {(rows) => (
          <CardTable headings={['Name', 'Email', 'Phone', 'Visits', 'Last visit', 'Spent']}>
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
          </CardTable>
        )}
      </ListFrame>
      {state.status === 'ready' ? (
        <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={setPage} />
      ) : null}
    </div>
  );
}
