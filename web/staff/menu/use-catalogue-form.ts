/**
 * What the Menu's and the Shop's forms share: the draft and its field messages, the save (checked
 * first, the first wrong field focused, the server's message shown by field), and the reload the
 * form offers when someone else saved the item meanwhile (409).
 */
import { useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { adminDataChangedAtom } from '../frame/admin-session';
import { type Catalogue, loadCatalogue, saveFailure } from './catalogue-api';
import type { FieldErrors } from './catalogue-checks';
import { useFocusFirstInvalid } from './form-dialog';

/** What a page gives a catalogue item's form: the item (none to add one), and what to do on closing and saving. */
export interface ItemFormProps<Item> {
  /** The item as the list showed it, or undefined to add one. */
  editing?: Item;
  onClose: () => void;
  /** Saved: the page says so and reloads. */
  onSaved: (text: string) => void;
}

interface CatalogueFormOptions<Item, Draft, Values> {
  /** The item as the list showed it, or undefined to add one. */
  editing: Item | undefined;
  draftOf: (item: Item | undefined) => Draft;
  check: (draft: Draft) => { errors?: FieldErrors; values?: Values };
  /** Adds the item, or changes `loaded` (at the version it was loaded at). */
  save: (values: Values, loaded: Item | undefined) => Promise<unknown>;
  /** The item again, in the catalogue as saved now. */
  find: (catalogue: Catalogue, id: string) => Item | undefined;
  /** "treatment" or "product", and where an added one goes: "menu" or "shop". */
  kind: string;
  addedTo: string;
  /** Saved: the page says so and reloads. */
  onSaved: (text: string) => void;
}

export function useCatalogueForm<Item extends { _id: string }, Draft, Values extends { name: string }>(
  options: CatalogueFormOptions<Item, Draft, Values>,
) {
  const { editing, draftOf, check, save, find, kind, addedTo, onSaved } = options;
  const [loaded, setLoaded] = useState(editing);
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ message: string; outOfDate: boolean }>();
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const dataChanged = useSetAtom(adminDataChangedAtom);

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    const checked = check(draft);
    setErrors(checked.errors ?? {});
    setProblem(undefined);
    if (!checked.values) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
      await save(checked.values, loaded);
      const { name } = checked.values;
      onSaved(loaded ? `${name} is saved.` : `${name} is added to the ${addedTo}.`);
      close();
    } catch (error) {
      const failure = saveFailure(error, loaded ? `Error saving the ${kind}` : `Error adding the ${kind}`);
      setErrors(failure.fields);
      setProblem(failure);
      setSaving(false);
      focusFirstInvalid();
    }
  }

  /** Someone else saved it meanwhile: start again from what is saved now. */
  async function reload() {
    if (!loaded) return;
    setReloading(true);
    try {
      const latest = find(await loadCatalogue(), loaded._id);
      if (latest) {
        setLoaded(latest);
        setDraft(draftOf(latest));
        setErrors({});
        setProblem(undefined);
      }
      dataChanged(); // the list behind the form shows what is saved now too
    } catch (error) {
      setProblem(saveFailure(error, `Error reloading the ${kind}`));
    } finally {
      setReloading(false);
    }
  }

  return { draft, setDraft, errors, setErrors, problem, setProblem, saving, reloading, formRef, submit, reload };
}
