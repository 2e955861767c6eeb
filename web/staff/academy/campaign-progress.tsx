import { useEffect, useState } from 'react';
import { formatShortDateTime } from '../../../worker/shared/time';
import { adminRequest, api } from '../frame/admin-api';

type Campaign = Awaited<ReturnType<typeof loadCampaigns>>[number];
const loadCampaigns = () => adminRequest(api.campaigns.$get());

const POLL_MS = 1_500;

const isFinished = (campaign: Campaign) =>
  campaign.queued + campaign.failed === 0 && campaign.sent + campaign.dead + campaign.held >= campaign.total;

/**
 * The recent campaigns and how far each has gone: read again every 1.5 s while one is still
 * sending, and whenever staff start another (`version`).
 */
export function CampaignList({ version }: { version: number }) {
  const [campaigns, setCampaigns] = useState<Campaign[]>();
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says when to read again.
  useEffect(() => {
    let timer: number | undefined;
    let current = true;
    const read = async () => {
      try {
        const next = await loadCampaigns();
        if (!current) return;
        setCampaigns(next);
        setFailed(false);
        if (next.some((campaign) => !isFinished(campaign))) timer = window.setTimeout(read, POLL_MS);
      } catch {
        if (current) setFailed(true);
      }
    };
    void read();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [version]);

  if (failed) return <p className="admin-inline-error">The campaigns could not be read.</p>;
  if (!campaigns || campaigns.length === 0) return null;
  return (
    <section className="admin-campaigns" aria-labelledby="campaigns-title">
      <h3 id="campaigns-title" className="admin-campaigns__title">
        Recent campaigns
      </h3>
      <ul className="admin-campaigns__list">
        {campaigns.map((campaign) => (
          <li key={campaign._id}>
            <CampaignProgress campaign={campaign} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const done = campaign.sent + campaign.dead + campaign.held;
  return (
    <div className="admin-campaign">
      <p className="admin-campaign__title">
        {campaign.channel === 'email' ? 'Email' : 'WhatsApp'}: “{campaign.subject}” ·{' '}
        {formatShortDateTime(campaign.createdAt)} · {isFinished(campaign) ? 'finished' : 'sending…'}
      </p>
      <progress
        className="admin-campaign__bar"
        max={Math.max(campaign.total, 1)}
        value={done}
        aria-label={`Progress of “${campaign.subject}”`}
      >
        {done} of {campaign.total}
      </progress>
      <dl className="admin-campaign__counts">
        {(
          [
            ['Total', campaign.total],
            ['Queued', campaign.queued],
            ['Sent', campaign.sent],
            ['Failed (retrying)', campaign.failed],
            ['Held', campaign.held],
            ['Gave up', campaign.dead],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {campaign.held > 0 ? (
        <p className="admin-campaign__note">Held messages wait until a WhatsApp token is set, then go out.</p>
      ) : null}
    </div>
  );
}
