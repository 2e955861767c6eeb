/**
 * The menu's treatments as checkboxes by group: which ones a package's or a membership's sessions
 * cover. The chosen ids are the form's; each change toggles one.
 */
import { CheckboxField } from '../../components/ui/field';
import { useBookable } from '../kits/use-bookable';

export function TreatmentChecklist({
  legend,
  chosen,
  onToggle,
  error,
  errorId,
}: {
  legend: string;
  chosen: readonly string[];
  onToggle: (treatmentId: string) => void;
  error: string | undefined;
  errorId: string;
}) {
  const bookable = useBookable();
  return (
    <fieldset className="admin-package-form__treatments" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      {!bookable ? <p className="field__hint">Loading the menu…</p> : null}
      {(bookable?.menu ?? []).map((group) =>
        group.treatments.length === 0 ? null : (
          <div key={group.id} className="admin-package-form__group">
            <p className="admin-package-form__group-title">{group.title}</p>
            {group.treatments.map((treatment) => (
              <CheckboxField
                key={treatment._id}
                name="treatments"
                value={treatment._id}
                checked={chosen.includes(treatment._id)}
                onChange={() => onToggle(treatment._id)}
                label={treatment.name}
              />
            ))}
          </div>
        ),
      )}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
