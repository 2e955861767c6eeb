/**
 * The booking form's "Therapist" choice, shown once a treatment is chosen (whom to ask for depends
 * on what is asked for): "Any therapist" first (the server then picks one free for the whole
 * visit), then the therapists who give every chosen treatment, from /api/therapists by plain
 * fetch. A lazy chunk of its own, so the booking page's first load does not carry it. A therapist
 * who does not give a newly chosen treatment gives way to "Any therapist"; if the list cannot
 * load, "Any therapist" still books.
 */

import { useEffect, useId, useState } from 'react';
import { FieldFrame, ItemOptions } from '../../components/ui/field';

export interface PublicTherapist {
  _id: string;
  name: string;
  treatments: string[];
}

export const ANY_THERAPIST = 'any';

function useTherapists(): PublicTherapist[] | undefined {
  const [list, setList] = useState<PublicTherapist[]>();
  useEffect(() => {
    let current = true;
    fetch('/api/therapists', { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<PublicTherapist[]>) : []))
      .then((therapists) => current && setList(therapists))
      .catch(() => current && setList([]));
    return () => {
      current = false;
    };
  }, []);
  return list;
}

export function TherapistField({
  value,
  treatments,
  onChange,
}: {
  value: string;
  /** Catalogue ids of the chosen treatments. */
  treatments: readonly string[];
  onChange: (therapistId: string) => void;
}) {
  const id = useId();
  const therapists = useTherapists();
  const offered = (therapists ?? []).filter((therapist) =>
    treatments.every((each) => therapist.treatments.includes(each)),
  );
  const stale =
    value !== ANY_THERAPIST && therapists !== undefined && !offered.some((therapist) => therapist._id === value);
  useEffect(() => {
    if (stale) onChange(ANY_THERAPIST);
  }, [stale, onChange]);
  return (
    <FieldFrame id={id} label="Therapist">
      <select
        id={id}
        name="therapistId"
        className="field__control field__control--select"
        value={stale ? ANY_THERAPIST : value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value={ANY_THERAPIST}>Any therapist</option>
        <ItemOptions items={offered} />
      </select>
    </FieldFrame>
  );
}
