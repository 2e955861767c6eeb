/**
 * The waitlist's private links, one chunk for both (each lazy route costs every page's entry
 * script its import and its list of scripts): a client's own entry, `/time-waitlist/<token>`, and a
 * place offered to them, `/waitlist-offer/<token>`.
 */
import { useLocation } from 'react-router-dom';
import { TimeWaitlistPage } from '../time-waitlist/entry-page';
import { TimeWaitlistOfferPage } from '../time-waitlist/offer-page';

export default function TimeWaitlistLinkPage() {
  return useLocation().pathname.startsWith('/time-waitlist/') ? <TimeWaitlistPage /> : <TimeWaitlistOfferPage />;
}
