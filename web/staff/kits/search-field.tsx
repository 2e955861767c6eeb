import { useEffect, useId, useState } from 'react';
import { FieldFrame } from '../../components/ui/field';

/** How long typing pauses before the list follows it. */
export const SEARCH_PAUSE_MS = 250;

/**
 * A list searched as staff type: what is typed, the query the list follows once typing pauses,
 * and the page (back to the first at each new query).
 */
export function useTypedSearch() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed.trim());
      setPage(1);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, query, page, setPage };
}

/** The search box of a list screen, with its label and a hint of what it finds. */
export function SearchField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} className="admin-clients__search">
      <input
        id={id}
        className="field__control"
        type="search"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </FieldFrame>
  );
}
