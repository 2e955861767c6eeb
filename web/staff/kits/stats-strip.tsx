import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { adminRequest, api } from '../frame/admin-api';
import { adminDataVersionAtom } from '../frame/admin-session';

type Stats = Awaited<ReturnType<typeof loadStats>>;
const loadStats = () => adminRequest(api.stats.$get());

/** The figures at a glance, computed by the server on the Lagos calendar; re-read after every change. */
export function StatsStrip() {
  const version = useAtomValue(adminDataVersionAtom);
  const [stats, setStats] = useState<Stats>();
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the data version says when to read again.
  useEffect(() => {
    let current = true;
    loadStats().then(
      (result) => {
        if (!current) return;
        setStats(result);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [version]);

  const figures: Array<[string, string | undefined]> = [
    ['Appointments today', stats && String(stats.todayAppointments)],
    ['Appointments this week', stats && String(stats.weekAppointments)],
    ['Booking revenue this month', stats && formatNaira(stats.monthBookingRevenue)],
    ['Shop revenue this month', stats && formatNaira(stats.monthOrderRevenue)],
    ['Orders to ship', stats && String(stats.ordersToShip)],
  ];
  return (
    <section className="admin-stats" aria-label="At a glance">
      <dl className="admin-stats__list">
        {figures.map(([label, value]) => (
          <div key={label} className="admin-stats__item">
            <dt>{label}</dt>
            <dd>{value ?? (failed ? '–' : '…')}</dd>
          </div>
        ))}
      </dl>
      {failed ? <p className="admin-inline-error">The figures could not be loaded.</p> : null}
    </section>
  );
}
