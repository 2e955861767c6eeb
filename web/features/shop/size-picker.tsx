import { formatNaira } from '../../../worker/shared/money';
import type { ShopProduct } from '../catalogue/catalogue-types';

/** The sizes a product comes in, as a radio group of pills; the chosen size sets the price. */
export function SizePicker({
  product,
  value,
  onChange,
  name,
}: {
  product: ShopProduct;
  value: string;
  onChange: (size: string) => void;
  /** Radio group name, unique on the page. */
  name: string;
}) {
  return (
    <fieldset className="size-picker">
      <legend className="size-picker__legend">Size</legend>
      <div className="size-picker__options">
        {product.sizes.map((option) => (
          <label key={option.size} className="size-picker__option">
            <input
              type="radio"
              name={name}
              value={option.size}
              checked={value === option.size}
              aria-label={`${option.size}, ${formatNaira(option.price)}${option.stock === 0 ? ', sold out' : ''}`}
              onChange={() => onChange(option.size)}
            />
            <span aria-hidden="true">{option.size}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
