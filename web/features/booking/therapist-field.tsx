/**
 * The booking form's "Therapist" choice: "Any therapist" first (the server then picks one free for
 * the whole visit), then the therapists who give every chosen treatment. The list comes from
 * /api/therapists once the page is interactive, by plain fetch (the typed client stays off the
 * booking page's first load); until then, and if it cannot load, "Any therapist" still books.
 */
import { useEffect, useId, useState } from 'react';
import { treatments } from '../../../worker/shared/treatments';

export interface PublicTherapist {
  _id: string;
  name: string;
  treatments: string[];
}

export const ANY_THERAPIST = 'any';

/** Catalogue ids of the chosen treatment names. */
export function treatmentIdsOf(names: readonly string[]): string[] {
  return names.flatMap((name) => treatments.find((treatment) => treatment.name === name)?.id ?? []);
}

/** The therapists who give every one of `treatmentIds`. */
export function therapistsFor(list: readonly PublicTherapist[] | undefined, treatmentIds: readonly string[]) {
  return (list ?? []).filter((therapist) => treatmentIds.every((id) => therapist.treatments.includes(id)));
}

export function useTherapists(enabled: boolean): PublicTherapist[] | undefined {
  const [list, setList] = useState<PublicTherapist[]>();
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetch('/api/therapists', { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<PublicTherapist[]>) : []))
      .then((therapists) => {
        if (current) setList(therapists);
      })
      .catch(() => {
        if (current) setList([]);
      });
    return () => {
      current = false;
    };
  }, [enabled]);
  return list;
}

export function TherapistField({
  value,
  options,
  onChange,
}: {
  value: string;
  options: readonly PublicTherapist[];
  onChange: (therapistId: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Therapist
      </label>
      <select
        id={id}
        name="therapistId"
        className="field__control field__control--select"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value={ANY_THERAPIST}>Any therapist</option>
        {options.map((therapist) => (
          <option key={therapist._id} value={therapist._id}>
            {therapist.name}
          </option>
        ))}
      </select>
      <p className="field__hint" id={`${id}-hint`}>
        The times below are those at which {value === ANY_THERAPIST ? 'a therapist' : 'they'} can give your whole visit.
      </p>
    </div>
  );
}
