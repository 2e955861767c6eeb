import { useSetAtom } from 'jotai';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/field';
import { adminDataChangedAtom } from '../admin-session';
import { addProduct, changeProduct, loadCatalogue, type Product, saveFailure } from '../menu/catalogue-api';
import type { FieldErrors } from '../menu/catalogue-checks';
import { FormDialog, SaveProblem, useFocusFirstInvalid } from '../menu/form-dialog';
import { PhotosEditor } from './photos-editor';
import { checkProduct, type ProductDraft } from './product-checks';
import { SizesEditor, sizeKey } from './sizes-editor';

const draftOf = (product?: Product): ProductDraft =>
  product
    ? {
        name: product.name,
        category: product.category,
        description: product.description,
        ingredients: product.ingredients ?? '',
        images: [...product.images],
        sizes: product.sizes.map((size) => ({
          key: sizeKey(),
          size: size.size,
          price: String(size.price),
          stock: size.stock === null ? '' : String(size.stock),
        })),
        active: product.active,
      }
    : {
        name: '',
        category: '',
        description: '',
        ingredients: '',
        images: [],
        sizes: [{ key: sizeKey(), size: '', price: '', stock: '' }],
        active: true,
      };

interface ProductFormProps {
  /** The product as the list showed it, or undefined to add one. */
  editing?: Product;
  /** The categories in use, offered while typing one. */
  categories: readonly string[];
  onClose: () => void;
  /** Saved: the page says so and reloads. */
  onSaved: (text: string) => void;
}

/** Add product / Edit {name}: its words, photos, sizes with price and stock, shown on the site. */
export function ProductForm({ editing, categories, onClose, onSaved }: ProductFormProps) {
  const id = useId();
  const [loaded, setLoaded] = useState(editing);
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(editing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<{ message: string; outOfDate: boolean }>();
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const dataChanged = useSetAtom(adminDataChangedAtom);
  const [uploading, setUploading] = useState(false);

  const set = <Key extends keyof ProductDraft>(key: Key, value: ProductDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      // A field's message goes once it is changed (a size's, once any size is).
      const left = Object.entries(current).filter(([path]) => path !== key && !path.startsWith(`${key}.`));
      return Object.fromEntries(left);
    });
    setProblem(undefined);
  };

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    const checked = checkProduct(draft);
    setErrors(checked.errors ?? {});
    setProblem(undefined);
    if (!checked.values) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    try {
      if (loaded) await changeProduct(loaded._id, { ...checked.values, version: loaded.version });
      else await addProduct(checked.values);
      const { name } = checked.values;
      onSaved(loaded ? `${name} is saved.` : `${name} is added to the shop.`);
      close();
    } catch (error) {
      const failure = saveFailure(error, loaded ? 'Error saving the product' : 'Error adding the product');
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
      const latest = (await loadCatalogue()).products.find((product) => product._id === loaded._id);
      if (latest) {
        setLoaded(latest);
        setDraft(draftOf(latest));
        setErrors({});
        setProblem(undefined);
      }
      dataChanged(); // the list behind the form shows what is saved now too
    } catch (error) {
      setProblem(saveFailure(error, 'Error reloading the product'));
    } finally {
      setReloading(false);
    }
  }

  return (
    <FormDialog
      title={editing ? `Edit ${editing.name}` : 'Add product'}
      className="admin-catalogue-form--wide"
      onClose={onClose}
    >
      {(close) => (
        <form
          ref={formRef}
          className="admin-catalogue-form__form"
          onSubmit={(event) => submit(event, close)}
          noValidate
        >
          <div className="admin-catalogue-form__pair">
            <TextField
              label="Name"
              name="name"
              autoComplete="off"
              maxLength={80}
              value={draft.name}
              error={errors.name}
              onChange={(event) => set('name', event.target.value)}
            />
            <TextField
              label="Category"
              name="category"
              autoComplete="off"
              maxLength={40}
              list={`${id}-categories`}
              value={draft.category}
              error={errors.category}
              onChange={(event) => set('category', event.target.value)}
            />
            <datalist id={`${id}-categories`}>
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
          </div>
          <TextAreaField
            label="Description"
            name="description"
            rows={3}
            maxLength={600}
            value={draft.description}
            error={errors.description}
            onChange={(event) => set('description', event.target.value)}
          />
          <TextAreaField
            label="Ingredients (optional)"
            name="ingredients"
            rows={2}
            maxLength={600}
            value={draft.ingredients}
            error={errors.ingredients}
            onChange={(event) => set('ingredients', event.target.value)}
          />
          <PhotosEditor
            name={draft.name}
            images={draft.images}
            error={errors.images ?? Object.entries(errors).find(([path]) => path.startsWith('images.'))?.[1]}
            onChange={(update) => {
              setDraft((current) => ({ ...current, images: update(current.images) }));
              setProblem(undefined);
            }}
            onUploading={setUploading}
          />
          <SizesEditor sizes={draft.sizes} errors={errors} onChange={(sizes) => set('sizes', sizes)} />
          <CheckboxField
            label="Shown on the site"
            name="active"
            checked={draft.active}
            onChange={(event) => set('active', event.target.checked)}
          />
          <SaveProblem
            message={problem?.message}
            outOfDate={problem?.outOfDate ?? false}
            reloading={reloading}
            onReload={reload}
          />
          <div className="admin-catalogue-form__buttons">
            <button type="button" className="button button--secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={saving || uploading}>
              {saving ? 'Saving...' : uploading ? 'Uploading...' : editing ? 'Save' : 'Add product'}
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
