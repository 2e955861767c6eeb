/**
 * A therapist's commission on the Therapists screen (owners and managers): their percent of what
 * their completed visits earned, and a different percent for single treatments they give. The
 * Reports screen applies them (Commissions); the server checks each is a whole 0 to 100.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { FormError, TextField } from '../../components/ui/field';
import { adminRequest, api, messageOf } from '../frame/admin-api';
import { FormButtons, useCan } from '../kits/admin-ui';

export interface CommissionSetting {
  therapistId: string;
  percent: number;
  treatments: Record<string, number>;
}

/** Everyone's settings, read once for the screen when the role may set them (else none). */
export function useCommissionSettings() {
  const allowed = useCan('reports');
  const [settings, setSettings] = useState<Map<string, CommissionSetting>>();
  const reload = useCallback(async () => {
    const rows = await adminRequest(api.commissions.$get());
    setSettings(new Map(rows.map((row) => [row.therapistId, row])));
  }, []);
  useEffect(() => {
    if (allowed) reload().catch(() => setSettings(new Map()));
  }, [allowed, reload]);
  return allowed ? { settings, reload } : undefined;
}

/** "10% of their visits; Hot Stone 20%". */
export function commissionSummary(setting: CommissionSetting, menu: ReadonlyArray<{ id: string; name: string }>) {
  const special = Object.entries(setting.treatments).map(
    ([id, percent]) => `${menu.find((treatment) => treatment.id === id)?.name ?? id} ${percent}%`,
  );
  return `${setting.percent}% of their visits${special.length ? `; ${special.join(', ')}` : ''}`;
}

const wholePercent = (text: string) => /^\d{1,3}$/.test(text.trim()) && Number(text) <= 100;

/** The form's percents, or what is wrong with the first that is not a whole 0 to 100. */
function readCommission(
  data: FormData,
  treatments: ReadonlyArray<{ id: string; name: string }>,
): { percent: number; special: Record<string, number> } | { problem: string } {
  const percent = String(data.get('percent') ?? '');
  if (!wholePercent(percent)) return { problem: 'Give their commission as a whole percent from 0 to 100.' };
  const special: Record<string, number> = {};
  for (const treatment of treatments) {
    const value = String(data.get(`treatment-${treatment.id}`) ?? '').trim();
    if (value === '') continue;
    if (!wholePercent(value))
      return { problem: `Give ${treatment.name}’s commission as a whole percent from 0 to 100, or leave it empty.` };
    special[treatment.id] = Number(value);
  }
  return { percent: Number(percent), special };
}

export function CommissionForm({
  name,
  setting,
  treatments,
  onSaved,
}: {
  name: string;
  setting: CommissionSetting;
  /** The treatments they give, each of which may have its own percent. */
  treatments: ReadonlyArray<{ id: string; name: string }>;
  onSaved: (message: string) => Promise<void>;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readCommission(new FormData(event.currentTarget), treatments);
    if ('problem' in read) return setError(read.problem);
    const { percent, special } = read;
    setError(undefined);
    setBusy(true);
    try {
      await adminRequest(
        api.commissions[':therapistId'].$put({
          param: { therapistId: setting.therapistId },
          json: { percent, treatments: special },
        }),
      );
    } catch (failure) {
      setError(messageOf(failure, 'Error saving the commission. Please try again.'));
      return;
    } finally {
      setBusy(false);
    }
    // Saved: reading the settings again may fail on its own without undoing that.
    await onSaved(`${name}’s commission is saved.`).catch(() => undefined);
  }

  return (
    <form className="admin-team__form" onSubmit={save} aria-label={`${name}’s commission`} noValidate>
      <div className="admin-team__percent">
        <TextField
          label="Commission (%)"
          name="percent"
          inputMode="numeric"
          defaultValue={String(setting.percent)}
          hint="Of what each completed visit earned after discounts."
          autoComplete="off"
        />
      </div>
      <TreatmentPercents treatments={treatments} setting={setting} hintId={hintId} />
      <FormError message={error} />
      <FormButtons disabled={busy}>{busy ? 'Saving…' : `Save ${name}’s commission`}</FormButtons>
    </form>
  );
}

/** A percent for each treatment they give, empty for their own percent. */
function TreatmentPercents({
  treatments,
  setting,
  hintId,
}: {
  treatments: ReadonlyArray<{ id: string; name: string }>;
  setting: CommissionSetting;
  hintId: string;
}) {
  if (treatments.length === 0) return null;
  return (
    <fieldset className="admin-team__hours">
      <legend className="field__label">A different percent for a treatment (optional)</legend>
      <p className="field__hint" id={hintId}>
        Empty: their own percent, {setting.percent}%.
      </p>
      {treatments.map((treatment) => (
        <TextField
          key={treatment.id}
          label={`${treatment.name} (%)`}
          name={`treatment-${treatment.id}`}
          inputMode="numeric"
          defaultValue={setting.treatments[treatment.id]?.toString() ?? ''}
          autoComplete="off"
          aria-describedby={hintId}
        />
      ))}
    </fieldset>
  );
}
