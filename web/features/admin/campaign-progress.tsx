import { useEffect, useState } from 'react';
import { adminRequest, api } from './admin-api';

type Progress = Awaited<ReturnType<typeof loadProgress>>;
const loadProgress = (id: string) => adminRequest(api.campaigns[':id'].$get({ param: { id } }));

const POLL_MS = 1_500;

/** A campaign's delivery as it happens: read every 1.5 s until nothing is left waiting to go. */
export function CampaignProgress({ campaignId }: { campaignId: string }) {
  const [progress, setProgress] = useState<Progress>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let timer: number | undefined;
    let current = true;
    const read = async () => {
      try {
        const next = await loadProgress(campaignId);
        if (!current) return;
        setProgress(next);
        setFailed(false);
        if (next.queued + next.failed > 0 || next.sent + next.dead + next.held < next.total) {
          timer = window.setTimeout(read, POLL_MS);
        }
      } catch {
        if (current) setFailed(true);
      }
    };
    void read();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [campaignId]);

  if (failed) return <p className="admin-inline-error">The campaign’s progress could not be read.</p>;
  if (!progress) return null;
  const done = progress.sent + progress.dead + progress.held;
  const finished = done >= progress.total && progress.queued + progress.failed === 0;
  return (
    <div className="admin-campaign">
      <p className="admin-campaign__title">
        {progress.channel === 'email' ? 'Email' : 'WhatsApp'}: “{progress.subject}” ·{' '}
        {finished ? 'finished' : 'sending…'}
      </p>
      <progress
        className="admin-campaign__bar"
        max={Math.max(progress.total, 1)}
        value={done}
        aria-label="Campaign progress"
      >
        {done} of {progress.total}
      </progress>
      <dl className="admin-campaign__counts">
        {(
          [
            ['Total', progress.total],
            ['Queued', progress.queued],
            ['Sent', progress.sent],
            ['Failed (retrying)', progress.failed],
            ['Held', progress.held],
            ['Gave up', progress.dead],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {progress.held > 0 ? (
        <p className="admin-campaign__note">Held messages wait until a WhatsApp token is set, then go out.</p>
      ) : null}
    </div>
  );
}
