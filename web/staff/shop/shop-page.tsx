/**
 * Shop: the products in shop order with their main picture and sizes (price and stock, sold out
 * and low stock marked); staff add and edit them, hide and show them, and move them up and down.
 */
import { type ReactNode, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { AdminPageHeader, ListFrame, Notice, Panel, StatusBadge } from '../kits/admin-ui';
import { changeProduct, type Product } from '../menu/catalogue-api';
import { ItemActions } from '../menu/item-actions';
import { useCatalogueScreen } from '../menu/use-catalogue-screen';
import { ProductForm } from './product-form';
import { stockLabel, stockState } from './stock';

type CatalogueScreen = ReturnType<typeof useCatalogueScreen>;

export default function ShopPage() {
  const { state, retry, notice, toggle, move, saved } = useCatalogueScreen(changeProduct);
  const [form, setForm] = useState<{ open: boolean; editing?: Product }>({ open: false });
  const products = state.rows?.[0]?.products;
  const categories = [...new Set(products?.map((product) => product.category))];

  return (
    <div className="admin-page">
      <AdminPageHeader title="Shop">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={!products}
          onClick={() => setForm({ open: true })}
        >
          Add product
        </button>
      </AdminPageHeader>
      <Notice notice={notice} />
      <Panel id="shop-products" className="admin-catalogue" title="Products">
        <ListFrame state={state} errorMessage="Error fetching the shop" emptyMessage="No products yet" onRetry={retry}>
          {(rows) => (
            <ProductList
              list={rows[0]?.products ?? []}
              waiting={state.status === 'loading'}
              onEdit={(product) => setForm({ open: true, editing: product })}
              toggle={toggle}
              move={move}
            />
          )}
        </ListFrame>
      </Panel>
      {form.open && products ? (
        <ProductForm
          key={form.editing?._id ?? 'new'}
          editing={form.editing}
          categories={categories}
          onClose={() => setForm({ open: false })}
          onSaved={saved}
        />
      ) : null}
    </div>
  );
}

/** The products in shop order, each with Edit, Hide or Show, and Up and Down. */
function ProductList({
  list,
  waiting,
  onEdit,
  toggle,
  move,
}: {
  list: Product[];
  waiting: boolean;
  onEdit: (product: Product) => void;
  toggle: CatalogueScreen['toggle'];
  move: CatalogueScreen['move'];
}) {
  if (list.length === 0) return <p className="admin-list__empty">No products yet</p>;
  return (
    <ul className="admin-list admin-catalogue__list">
      {list.map((product, index) => (
        <ProductRow key={product._id} product={product}>
          <ItemActions
            name={product.name}
            active={product.active}
            canMoveUp={index > 0}
            canMoveDown={index < list.length - 1}
            waiting={waiting}
            onEdit={() => onEdit(product)}
            onToggle={() =>
              toggle(
                product,
                `${product.name} is hidden: the shop no longer shows it.`,
                `${product.name} is shown in the shop again.`,
              )
            }
            onMove={(direction) => move(list, list, product, direction)}
          />
        </ProductRow>
      ))}
    </ul>
  );
}

/** A product in the list: its main picture, name, category, photo count and sizes, then its actions. */
function ProductRow({ product, children }: { product: Product; children: ReactNode }) {
  return (
    <li
      className={`admin-catalogue__item admin-catalogue__item--product${product.active ? '' : ' admin-catalogue__item--hidden'}`}
    >
      {product.images[0] ? (
        <img
          className="admin-catalogue__thumb"
          src={product.images[0]}
          alt={product.name}
          width={64}
          height={64}
          loading="lazy"
        />
      ) : (
        <span className="admin-catalogue__thumb admin-catalogue__thumb--none">No photo</span>
      )}
      <div className="admin-catalogue__main">
        <div className="admin-catalogue__head">
          <h3 className="admin-catalogue__name">{product.name}</h3>
          {product.active ? null : <StatusBadge status="Hidden" tone="info" />}
        </div>
        <p className="admin-catalogue__facts">
          <span>{product.category}</span>
          <span>
            {product.images.length} {product.images.length === 1 ? 'photo' : 'photos'}
          </span>
        </p>
      </div>
      <ProductSizes product={product} />
      {children}
    </li>
  );
}

/** Each size of a product with its price and stock, sold out and low stock marked. */
function ProductSizes({ product }: { product: Product }) {
  return (
    <ul className="admin-catalogue__sizes" aria-label={`Sizes of ${product.name}`}>
      {product.sizes.map((size) => {
        const stock = stockState(size.stock);
        return (
          <li key={size.size}>
            <span className="admin-catalogue__size">{size.size}</span>
            <span className="admin-catalogue__price">{formatNaira(size.price)}</span>
            <span className="admin-catalogue__stock">
              {stockLabel(size.stock)}
              {stock === 'sold-out' ? <StatusBadge status="Sold out" tone="danger" /> : null}
              {stock === 'low' ? <StatusBadge status="Low stock" tone="warning" /> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
