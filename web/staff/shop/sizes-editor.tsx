import { TextField } from '../../components/ui/field';
import type { FieldErrors } from '../menu/catalogue-checks';
import { MAX_SIZES, type SizeDraft } from './product-checks';

interface SizesEditorProps {
  sizes: SizeDraft[];
  errors: FieldErrors;
  onChange: (sizes: SizeDraft[]) => void;
}

let nextKey = 0;
/** A new row's key, unique on the page. */
export const sizeKey = () => `size-${++nextKey}`;

/** A product's sizes: rows of label, price and stock (empty: not counted); at least one, at most 10. */
export function SizesEditor({ sizes, errors, onChange }: SizesEditorProps) {
  const update = (index: number, change: Partial<SizeDraft>) =>
    onChange(sizes.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="admin-sizes" aria-describedby="admin-sizes-hint">
      <legend className="field__label">Sizes</legend>
      <p className="field__hint" id="admin-sizes-hint">
        Leave Stock empty when you do not count it (Not counted). At 0 the shop shows the size as sold out.
      </p>
      <ol className="admin-sizes__rows">
        {sizes.map((row, index) => (
          <li key={row.key}>
            <fieldset className="admin-sizes__row">
              <legend className="visually-hidden">Size {index + 1}</legend>
              <TextField
                label="Size label"
                name={`sizes.${index}.size`}
                autoComplete="off"
                maxLength={30}
                placeholder="e.g. 100ml"
                value={row.size}
                error={errors[`sizes.${index}.size`]}
                onChange={(event) => update(index, { size: event.target.value })}
              />
              <TextField
                label="Price (₦)"
                name={`sizes.${index}.price`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={row.price}
                error={errors[`sizes.${index}.price`]}
                onChange={(event) => update(index, { price: event.target.value })}
              />
              <TextField
                label="Stock"
                name={`sizes.${index}.stock`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="Not counted"
                value={row.stock}
                error={errors[`sizes.${index}.stock`]}
                onChange={(event) => update(index, { stock: event.target.value })}
              />
              <button
                type="button"
                className="button button--danger button--small admin-sizes__remove"
                aria-label={`Remove size ${row.size.trim() || index + 1}`}
                disabled={sizes.length <= 1}
                onClick={() => onChange(sizes.filter((_, at) => at !== index))}
              >
                Remove
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {errors.sizes ? <p className="field__error">{errors.sizes}</p> : null}
      {sizes.length < MAX_SIZES ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onChange([...sizes, { key: sizeKey(), size: '', price: '', stock: '' }])}
        >
          Add a size
        </button>
      ) : null}
    </fieldset>
  );
}
