/** A product form's fields checked before saving, by the API's rules and in its words. */
import { MAX_SIZES, MAX_STOCK } from '../../../worker/shared/catalogue/catalogue-rules';
import { catalogueCheckMessages, type FieldErrors, filled, priceOf, wholeNumber } from '../menu/catalogue-checks';

export interface SizeDraft {
  /** Keeps a row's React identity while rows are added and removed. */
  key: string;
  size: string;
  price: string;
  /** Empty when the size's stock is not counted. */
  stock: string;
}

export interface ProductDraft {
  name: string;
  category: string;
  description: string;
  ingredients: string;
  images: string[];
  sizes: SizeDraft[];
  active: boolean;
}

export { MAX_PICTURES, MAX_SIZES } from '../../../worker/shared/catalogue/catalogue-rules';

/** The draft as the API takes it, or the message for each field that is not right (by its API path). */
export function checkProduct(draft: ProductDraft) {
  const errors: FieldErrors = {};
  if (!filled(draft.name, 80)) errors.name = catalogueCheckMessages.productName;
  if (!filled(draft.category, 40)) errors.category = catalogueCheckMessages.category;
  if (!filled(draft.description, 600)) errors.description = catalogueCheckMessages.description;
  if (draft.ingredients.trim().length > 600) errors.ingredients = catalogueCheckMessages.ingredients;
  if (draft.sizes.length < 1 || draft.sizes.length > MAX_SIZES) errors.sizes = catalogueCheckMessages.sizes;
  const seen = new Set<string>();
  const sizes = draft.sizes.map((row, index) => {
    const label = row.size.trim();
    if (!filled(label, 30)) errors[`sizes.${index}.size`] = catalogueCheckMessages.sizeLabel;
    else if (seen.has(label.toLowerCase())) errors[`sizes.${index}.size`] = catalogueCheckMessages.duplicateSizes;
    seen.add(label.toLowerCase());
    const price = priceOf(row.price);
    if (price === undefined) errors[`sizes.${index}.price`] = catalogueCheckMessages.price;
    const stock = row.stock.trim() === '' ? null : wholeNumber(row.stock);
    if (stock === undefined || (stock !== null && stock > MAX_STOCK))
      errors[`sizes.${index}.stock`] = catalogueCheckMessages.stock;
    return { size: label, price: price ?? 0, stock: stock ?? null };
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    values: {
      name: draft.name.trim(),
      category: draft.category.trim(),
      description: draft.description.trim(),
      ingredients: draft.ingredients.trim() === '' ? null : draft.ingredients.trim(),
      images: draft.images,
      sizes,
      active: draft.active,
    },
  };
}
