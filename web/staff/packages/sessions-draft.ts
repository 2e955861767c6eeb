/**
 * What the package and membership forms share: their draft (strings as typed, the treatments
 * chosen), each field's message cleared as it changes, and the schema's messages by field.
 */
import { useState } from 'react';

/** A number field as typed: empty is no number (the schema's message says what is wanted). */
export const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The first message the schema gives each field. */
export function messagesByField<F extends string>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const found: Partial<Record<F, string>> = {};
  for (const issue of issues) found[String(issue.path[0]) as F] ??= issue.message;
  return found;
}

export function useSessionsDraft<D extends { treatments: string[] }, F extends string>(initial: () => D) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const set = (changes: Partial<D>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])),
    }));
  };
  const toggle = (id: string) =>
    set({
      treatments: draft.treatments.includes(id)
        ? draft.treatments.filter((each) => each !== id)
        : [...draft.treatments, id],
    } as Partial<D>);
  return { draft, errors, setErrors, set, toggle };
}
