/**
 * The owner's first-run checklist, above Bookings until every placeholder of a fresh install is
 * gone from what visitors and messages show: the studio's phone, WhatsApp and email (set where the
 * site is deployed) and the therapists' names (the Therapists screen).
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { studio } from '../../config/studio';
import { adminRequest, api } from './admin-api';

/** What a fresh install says until the studio's own words replace it (wrangler.toml, migrations). */
const placeholders = {
  phone: '+234 800 000 0000',
  whatsapp: '2348000000000',
  email: 'hello@example.com',
  therapist: /^Therapist \d+$/,
};

interface Step {
  label: string;
  done: boolean;
  how: ReactNode;
}

function useTherapistNames() {
  const [names, setNames] = useState<string[]>();
  useEffect(() => {
    let current = true;
    adminRequest(api.staff.$get()).then(
      (therapists) => current && setNames(therapists.map((therapist) => therapist.name)),
      () => current && setNames([]),
    );
    return () => {
      current = false;
    };
  }, []);
  return names;
}

export function SetupChecklist() {
  const names = useTherapistNames();
  if (!names) return null;
  const deployed = 'Set it in wrangler.toml’s [vars] and deploy again (your developer can do this).';
  const steps: Step[] = [
    {
      label: 'The studio’s phone and WhatsApp number',
      done: studio.phone !== placeholders.phone && studio.whatsapp !== placeholders.whatsapp,
      how: deployed,
    },
    { label: 'The studio’s email address', done: studio.email !== placeholders.email, how: deployed },
    {
      label: 'Your therapists’ names',
      done: !names.some((name) => placeholders.therapist.test(name)),
      how: <Link to={`${paths.admin}/therapists`}>Name your therapists</Link>,
    },
  ];
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) return null;
  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title">Get your studio ready</h2>
      <p>
        {left} of {steps.length} still show a placeholder on the website and in messages.
      </p>
      <ul>
        {steps.map((step) => (
          <li key={step.label} className={step.done ? 'setup-checklist__done' : undefined}>
            <strong>
              {step.done ? 'Done: ' : 'To do: '}
              {step.label}
            </strong>
            {step.done ? null : <span> {step.how}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
