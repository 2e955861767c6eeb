import { PrivateLinkStatus } from '../../components/ui/private-link-status';
import { ManagedBooking } from '../../features/manage-booking/managed-booking';
import { api, request } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { usePrivateLink } from '../../lib/use-private-link';

const loadBooking = (token: string) => request(api['manage-booking'][':token'].$get({ param: { token } }));

/** The private page of one booking, opened from the confirmation page, email or reminder. */
export default function ManageBookingPage() {
  usePageMeta('manageBooking');
  const { token, state, setView, retry } = usePrivateLink(loadBooking);

  if (state.step !== 'ready') {
    return (
      <PrivateLinkStatus
        state={state}
        eyebrow="Your booking"
        loading={{ title: 'Manage your booking', text: 'Loading your booking…' }}
        missingTitle="Booking not found"
        failedTitle="We could not load your booking"
        onRetry={retry}
      />
    );
  }
  return <ManagedBooking token={token} view={state.view} onChange={setView} />;
}
