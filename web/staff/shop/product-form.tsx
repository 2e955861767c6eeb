import { useId, useState } from 'react';
import { draftFields, TextAreaField, TextField } from '../../components/ui/field';
import { addProduct, changeProduct, type Product } from '../menu/catalogue-api';
import { CatalogueFormFooter, FormDialog } from '../menu/form-dialog';
import { type ItemFormProps, useCatalogueForm } from '../menu/use-catalogue-form';
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

interface ProductFormProps extends ItemFormProps<Product> {
  /** The categories in use, offered while typing one. */
  categories: readonly string[];
}

/** Add product / Edit {name}: its words, photos, sizes with price and stock, shown on the site. */
export function ProductForm({ editing, categories, onClose, onSaved }: ProductFormProps) {
  const id = useId();
  const { draft, setDraft, errors, setErrors, problem, setProblem, saving, reloading, formRef, submit, reload } =
    useCatalogueForm({
      editing,
      draftOf,
      check: checkProduct,
      save: (values, loaded) =>
        loaded ? changeProduct(loaded._id, { ...values, version: loaded.version }) : addProduct(values),
      find: (catalogue, productId) => catalogue.products.find((product) => product._id === productId),
      kind: 'product',
      addedTo: 'shop',
      onSaved,
    });
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

  const field = draftFields(draft, errors, set);
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
          <NameAndCategory listId={`${id}-categories`} field={field} categories={categories} />
          <TextAreaField label="Description" {...field('description')} rows={3} maxLength={600} />
          <TextAreaField label="Ingredients (optional)" {...field('ingredients')} rows={2} maxLength={600} />
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
          <CatalogueFormFooter
            active={draft.active}
            onActiveChange={(active) => set('active', active)}
            problem={problem}
            reloading={reloading}
            onReload={reload}
            onCancel={close}
            submitLabel={saving ? 'Saving...' : uploading ? 'Uploading...' : editing ? 'Save' : 'Add product'}
            submitDisabled={saving || uploading}
          />
        </form>
      )}
    </FormDialog>
  );
}

/** The product's name, and its category with the categories in use offered while typing. */
function NameAndCategory({
  listId,
  field,
  categories,
}: {
  /** The id of the list of categories offered. */
  listId: string;
  field: ReturnType<typeof draftFields<ProductDraft>>;
  categories: readonly string[];
}) {
  return (
    <div className="admin-catalogue-form__pair">
      <TextField label="Name" {...field('name')} autoComplete="off" maxLength={80} />
      <TextField label="Category" {...field('category')} autoComplete="off" maxLength={40} list={listId} />
      <datalist id={listId}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
    </div>
  );
}
