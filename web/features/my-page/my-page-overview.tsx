import type { InferResponseType } from 'hono/client';
import { type ReactNode, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { formatAppointment, formatDate, lagosDate } from '../../../worker/shared/time';
import { FormError } from '../../components/ui/field';
import { Link } from '../../components/ui/link';
import { ApiError, api, GENERIC_ERROR_MESSAGE, request } from '../../lib/api-client';

export type MyPageView = InferResponseType<typeof api.account.$get, 200>;

const statusLabels: Record<string, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  completed: 'Completed',
  'no-show': 'Missed',
  cancelled: 'Cancelled',
  active: 'Active',
  unpaid: 'Payment failed',
  ending: 'Ends at the end of the paid month',
  ended: 'Ended',
};

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="account-section card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length > 0 ? <ul className="account-list">{children}</ul> : <p className="account-empty">{empty}</p>}
    </section>
  );
}

/** The membership, with Paystack's page to change the card or cancel it. */
function MembershipCard({ membership }: { membership: NonNullable<MyPageView['membership']> }) {
  const [error, setError] = useState<string>();
  const [opening, setOpening] = useState(false);
  async function manage() {
    setOpening(true);
    setError(undefined);
    try {
      const { link } = await request(api.account.membership.manage.$post());
      window.location.assign(link);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
      setOpening(false);
    }
  }
  return (
    <li className="account-item">
      <div>
        <h3>{membership.planName}</h3>
        <p>{statusLabels[membership.status] ?? membership.status}</p>
        <p>
          {membership.status === 'ended'
            ? 'No sessions left.'
            : `${membership.sessionsLeft} ${membership.sessionsLeft === 1 ? 'session' : 'sessions'} left · ${
                membership.status === 'active' || membership.status === 'unpaid' ? 'renews' : 'ends'
              } ${formatDate(membership.renewsOn)}`}
        </p>
        <p className="account-muted">{`Code ending ${membership.codeLast4}`}</p>
        <FormError message={error} />
      </div>
      {membership.canManage ? (
        <button type="button" className="button button--secondary button--small" disabled={opening} onClick={manage}>
          {opening ? 'Opening…' : 'Manage my membership'}
        </button>
      ) : null}
    </li>
  );
}

/** A visit to come, with its link to move or cancel it. */
function UpcomingVisit({ visit }: { visit: MyPageView['upcoming'][number] }) {
  return (
    <li className="account-item">
      <div>
        <h3>{visit.treatments.join(', ')}</h3>
        <p>{formatAppointment(visit.date, visit.time)}</p>
        <p className="account-muted">{visit.therapist ? `With ${visit.therapist}` : 'Any therapist'}</p>
      </div>
      {visit.manageUrl ? (
        <a className="button button--secondary button--small" href={visit.manageUrl}>
          Move or cancel<span className="visually-hidden">{` ${visit.treatments.join(', ')}`}</span>
        </a>
      ) : (
        <p className="account-muted">To move or cancel, use the link in the email confirming this visit.</p>
      )}
    </li>
  );
}

/** A visit done (or missed), with Book again. */
function PastVisit({ visit }: { visit: MyPageView['past'][number] }) {
  return (
    <li className="account-item">
      <div>
        <h3>{visit.treatments.join(', ')}</h3>
        <p>{formatAppointment(visit.date, visit.time)}</p>
        <p className="account-muted">
          {[statusLabels[visit.status] ?? visit.status, visit.therapist ? `with ${visit.therapist}` : '']
            .filter(Boolean)
            .join(' ')}
        </p>
      </div>
      <Link to={visit.bookAgainUrl} className="button button--primary button--small">
        Book again<span className="visually-hidden">{` ${visit.treatments.join(', ')}`}</span>
      </Link>
    </li>
  );
}

/** A package bought: its sessions left and until when. */
function PackageItem({ bought }: { bought: MyPageView['packages'][number] }) {
  return (
    <li className="account-item">
      <div>
        <h3>{bought.name}</h3>
        <p>{`${bought.sessionsLeft} of ${bought.sessions} sessions left`}</p>
        <p className="account-muted">
          {`${bought.expired ? 'Expired' : 'Valid until'} ${formatDate(bought.expiresOn)} · code ending ${bought.codeLast4}`}
        </p>
      </div>
    </li>
  );
}

/** A gift voucher bought or received: what is left on it. */
function VoucherItem({ voucher }: { voucher: MyPageView['vouchers'][number] }) {
  return (
    <li className="account-item">
      <div>
        <h3>{voucher.title}</h3>
        <p>
          {voucher.role === 'received'
            ? `${formatNaira(voucher.balance)} left`
            : `Bought for ${voucher.recipientName} · ${formatNaira(voucher.balance)} left`}
        </p>
        <p className="account-muted">
          {`${voucher.usable ? 'Valid until' : 'Ended'} ${formatDate(voucher.expiresOn)}${voucher.codeLast4 ? ` · code ending ${voucher.codeLast4}` : ''}`}
        </p>
      </div>
    </li>
  );
}

/** A payment, with the link to its receipt. */
function ReceiptItem({ receipt }: { receipt: MyPageView['receipts'][number] }) {
  return (
    <li className="account-item">
      <div>
        <h3>{receipt.description}</h3>
        <p>{`${formatNaira(receipt.amount)} · ${formatDate(lagosDate(new Date(receipt.paidAt)))}`}</p>
      </div>
      <Link to={`/account/receipts/${receipt.reference}`} className="button button--secondary button--small">
        Receipt<span className="visually-hidden">{` ${receipt.reference}`}</span>
      </Link>
    </li>
  );
}

/** Everything the client has with the studio, newest first where it matters. */
export function MyPageOverview({ view, onSignOut }: { view: MyPageView; onSignOut: () => void }) {
  return (
    <div className="account">
      <Section title="Upcoming visits" empty="No visits booked. Book one whenever you like.">
        {view.upcoming.map((visit) => (
          <UpcomingVisit key={visit._id} visit={visit} />
        ))}
      </Section>
      <Section title="Past visits" empty="No past visits yet.">
        {view.past.map((visit) => (
          <PastVisit key={visit._id} visit={visit} />
        ))}
      </Section>
      <Section title="Packages" empty="No packages. A package pays several visits at a saving.">
        {view.packages.map((bought) => (
          <PackageItem key={bought._id} bought={bought} />
        ))}
      </Section>
      <Section title="Membership" empty="No membership.">
        {view.membership ? [<MembershipCard key="membership" membership={view.membership} />] : []}
      </Section>
      <Section title="Gift vouchers" empty="No gift vouchers bought or received.">
        {view.vouchers.map((voucher) => (
          <VoucherItem key={voucher._id} voucher={voucher} />
        ))}
      </Section>
      <Section title="Receipts" empty="No payments yet.">
        {view.receipts.map((receipt) => (
          <ReceiptItem key={receipt.reference} receipt={receipt} />
        ))}
      </Section>
      <button type="button" className="button button--secondary" onClick={onSignOut}>
        Sign out
      </button>
    </div>
  );
}
