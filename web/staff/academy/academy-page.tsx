import { useState } from 'react';
import { campaignDefaults } from '../../../worker/shared/academy/campaign';
import { DEFAULT_PAGE_SIZE } from '../../../worker/shared/pagination';
import { formatJoinedDate } from '../../../worker/shared/time';
import { TextAreaField, TextField } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { adminPage, adminRequest, api } from '../frame/admin-api';
import { AdminPageHeader, CardTable, ExportButton, ListFrame, Pager, Panel, StatusBadge } from '../kits/admin-ui';
import { useAdminList } from '../kits/use-admin-list';
import { CampaignList } from './campaign-progress';

/**
 * A page of the waitlist: its rows and how many entries there are to page through (X-Total-Count,
 * sign-ups awaiting confirmation included), and Total Subscribers (confirmed ones only).
 */
const loadAcademyWaitlist = async (page: number) => {
  const { rows, total } = await adminPage(
    api['academy-waitlist'].$get({ query: { page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } }),
  );
  return { rows: rows.waitlist, total, subscribers: rows.totalSubscribers };
};

/** The spec's alerts for the bulk sends. */
export const bulkAlerts = {
  emailSent: 'Bulk email sent successfully!',
  emailFailed: 'Failed to send bulk email.',
  whatsappSent: 'Bulk WhatsApp messages sent successfully!',
  whatsappFailed: 'Failed to send WhatsApp messages.',
  fetch: 'Error fetching waitlist',
} as const;

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '-');

type AcademyWaitlistRow = Awaited<ReturnType<typeof loadAcademyWaitlist>>['rows'][number];

/** The waitlist as a table (a card a subscriber on a phone): who, how to reach them, and their state. */
function AcademyWaitlistTable({ rows }: { rows: AcademyWaitlistRow[] }) {
  return (
    <CardTable headings={['Name', 'Email', 'WhatsApp', 'State', 'Joined Date']}>
      {rows.map((entry) => (
        <tr key={entry._id}>
          <th scope="row" data-label="Name">
            {orDash(entry.firstName)}
            {entry.confirmedAt ? null : (
              <>
                {' '}
                <StatusBadge status="Awaiting confirmation" tone="warning" />
              </>
            )}
            {entry.unsubscribedAt ? (
              <>
                {' '}
                <StatusBadge status="Unsubscribed" tone="info" />
              </>
            ) : null}
          </th>
          <td data-label="Email">{orDash(entry.email)}</td>
          <td data-label="WhatsApp">
            {orDash(entry.whatsapp)}
            {entry.whatsapp && !entry.whatsappConfirmedAt ? (
              <span className="admin-table__note">Email only until they message us on WhatsApp</span>
            ) : null}
          </td>
          <td data-label="State">{orDash(entry.state)}</td>
          <td data-label="Joined Date">{entry.joinedAt ? formatJoinedDate(entry.joinedAt) : '-'}</td>
        </tr>
      ))}
    </CardTable>
  );
}

/** The bulk email and WhatsApp sends: which is under way, how the last went, and a count to reload their progress. */
function useBulkSend(subject: string, text: string) {
  const [sending, setSending] = useState<'email' | 'whatsapp'>();
  const [result, setResult] = useState<{ ok: boolean; text: string; detail?: string }>();
  const [campaignsVersion, setCampaignsVersion] = useState(0);

  async function send(channel: 'email' | 'whatsapp') {
    setSending(channel);
    setResult(undefined);
    const json = {
      ...(subject.trim() ? { subject: subject.trim() } : {}),
      ...(text.trim() ? { text: text.trim() } : {}),
    };
    try {
      const started =
        channel === 'email'
          ? await adminRequest(api['send-bulk-email'].$post({ json }))
          : await adminRequest(api['send-whatsapp-bulk'].$post({ json }));
      setCampaignsVersion((version) => version + 1);
      setResult({
        ok: true,
        text: channel === 'email' ? bulkAlerts.emailSent : bulkAlerts.whatsappSent,
        detail: started.message,
      });
    } catch (error) {
      setResult({
        ok: false,
        text: channel === 'email' ? bulkAlerts.emailFailed : bulkAlerts.whatsappFailed,
        detail: error instanceof ApiError && error.status !== 0 ? error.message : undefined,
      });
    } finally {
      setSending(undefined);
    }
  }

  return { sending, result, campaignsVersion, send };
}

/** The message to the waitlist, its two send buttons, how the send went, and the sends' progress. */
function ComposePanel() {
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const { sending, result, campaignsVersion, send } = useBulkSend(subject, text);
  return (
    <Panel id="compose-title" className="admin-compose" title="Message the waitlist">
      <TextField
        label="Subject (optional)"
        name="subject"
        maxLength={150}
        placeholder={campaignDefaults.subject}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextAreaField
        label="Message (optional)"
        name="text"
        maxLength={5_000}
        rows={4}
        hint="Left empty, subscribers get the academy update. Every email carries an unsubscribe link. WhatsApp goes only to numbers that have messaged the studio."
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="admin-compose__buttons">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={sending !== undefined}
          onClick={() => send('email')}
        >
          {sending === 'email' ? 'Sending...' : 'Send Bulk Email'}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={sending !== undefined}
          onClick={() => send('whatsapp')}
        >
          {sending === 'whatsapp' ? 'Sending...' : 'Send Bulk WhatsApp'}
        </button>
      </div>
      <div className="admin-notice-slot" role="status" aria-live="polite">
        {result ? (
          <div className={`admin-alert admin-alert--${result.ok ? 'success' : 'error'}`}>
            <p>{result.text}</p>
            {result.detail ? <p className="admin-alert__detail">{result.detail}</p> : null}
          </div>
        ) : null}
      </div>
      <CampaignList version={campaignsVersion} />
    </Panel>
  );
}

/** Academy: the waitlist with its total, and the bulk email and WhatsApp sends with their progress. */
export default function AcademyPage() {
  const [page, setPage] = useState(1);
  const [subscribers, setSubscribers] = useState<number>();
  const { state, retry } = useAdminList(async () => {
    const { subscribers: confirmed, ...list } = await loadAcademyWaitlist(page);
    setSubscribers(confirmed);
    return list;
  }, String(page));

  return (
    <div className="admin-page">
      <AdminPageHeader title="Academy">
        <ExportButton name="waitlist" />
      </AdminPageHeader>
      <ComposePanel />
      <section className="admin-panel" aria-labelledby="waitlist-title">
        <div className="admin-panel__heading">
          <h2 id="waitlist-title" className="admin-panel__title">
            Waitlist
          </h2>
          <p className="admin-total">
            Total Subscribers: <strong>{subscribers ?? '…'}</strong>
          </p>
        </div>
        <ListFrame state={state} errorMessage={bulkAlerts.fetch} emptyMessage="No subscribers yet" onRetry={retry}>
          {(rows) => <AcademyWaitlistTable rows={rows} />}
        </ListFrame>
        {state.total ? <Pager page={page} pageSize={DEFAULT_PAGE_SIZE} total={state.total} onPage={setPage} /> : null}
      </section>
    </div>
  );
}
