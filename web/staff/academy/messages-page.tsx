import { useId, useState } from 'react';
import { messageChannels, messageStatuses, messageTemplates } from '../../../worker/shared/message-kinds';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatShortDateTime } from '../../../worker/shared/time';
import { FieldFrame, SelectField } from '../../components/ui/field';
import { adminRequest, api } from '../frame/admin-api';
import { AdminPageHeader, Detail, ListFrame, Pager, StatusBadge } from '../kits/admin-ui';
import { ExpandableRow } from '../kits/tabbed-list';
import { useAdminList } from '../kits/use-admin-list';
import { messageKindLabels } from './message-kind-labels';

interface Filters {
  status?: (typeof messageStatuses)[number];
  channel?: (typeof messageChannels)[number];
  template?: (typeof messageTemplates)[number];
}

const loadMessages = async (filters: Filters, page: number) => {
  const result = await adminRequest(
    api.messages.$get({ query: { ...filters, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } }),
  );
  return { rows: result.messages, total: result.total };
};

const statusTone = { queued: 'info', sent: 'success', failed: 'warning', dead: 'danger', held: 'info' } as const;

/** Messages: the outbox, newest first, filtered by status, channel and template; a row opens to what was sent. */
export default function MessagesPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const { state, retry } = useAdminList(() => loadMessages(filters, page), `${JSON.stringify(filters)}:${page}`);

  const choose = <Key extends keyof Filters>(key: Key, value: string) => {
    setFilters((current) => ({ ...current, [key]: value || undefined }));
    setPage(1);
  };

  return (
    <div className="admin-page">
      <AdminPageHeader title="Messages" />
      <div className="admin-filters">
        <FilterSelect
          label="Status"
          options={messageStatuses}
          value={filters.status}
          onChange={(value) => choose('status', value)}
        />
        <FilterSelect
          label="Channel"
          options={messageChannels}
          value={filters.channel}
          onChange={(value) => choose('channel', value)}
        />
        <KindFilter value={filters.template} onChange={(value) => choose('template', value)} />
      </div>
      <ListFrame state={state} errorMessage="Error fetching messages" emptyMessage="No messages found" onRetry={retry}>
        {(rows) => (
          <ul className="admin-list" aria-label="Messages">
            {rows.map((message) => (
              <ExpandableRow
                key={message._id}
                name={message.to}
                summary={
                  <>
                    <h2 className="admin-row__name">{message.subject}</h2>
                    <p className="admin-row__when">
                      {message.channel === 'email' ? 'Email' : 'WhatsApp'} to {message.to} ·{' '}
                      {formatShortDateTime(message.createdAt)}
                    </p>
                    <div className="admin-row__badges">
                      <StatusBadge status={message.status} tone={statusTone[message.status]} />
                      <StatusBadge status={messageKindLabels[message.template]} tone="info" />
                    </div>
                  </>
                }
              >
                <dl className="admin-details">
                  <Detail label="Attempts">{message.attempts}</Detail>
                  <Detail label="Sent">{message.sentAt ? formatShortDateTime(message.sentAt) : '-'}</Detail>
                  <Detail label="Last error" wide>
                    {message.lastError || '-'}
                  </Detail>
                  <Detail label="As it was rendered" wide>
                    <a href={`/api/messages/${encodeURIComponent(message._id)}/preview`} target="_blank" rel="noopener">
                      Open the message in a new tab
                    </a>
                  </Detail>
                </dl>
              </ExpandableRow>
            ))}
          </ul>
        )}
      </ListFrame>
      {state.total ? <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={setPage} /> : null}
    </div>
  );
}

function FilterSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <SelectField
      label={label}
      placeholder="All"
      options={options}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Which kind of message, in words (the API's filter takes the template's name). */
function KindFilter({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FieldFrame id={id} label="Kind of message">
      <select
        id={id}
        className="field__control field__control--select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All</option>
        {messageTemplates.map((template) => (
          <option key={template} value={template}>
            {messageKindLabels[template]}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
