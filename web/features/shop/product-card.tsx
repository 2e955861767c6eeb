import { useState } from 'react';
import { LOW_STOCK, stockMessages } from '../../../worker/shared/catalogue/stock';
import { formatNaira } from '../../../worker/shared/money';
import { Rating } from '../../components/ui/rating';
import type { ShopProduct } from '../catalogue/catalogue-types';
import { stockOf } from '../catalogue/live-shop';
import { SizePicker } from './size-picker';

interface ProductCardProps {
  product: ShopProduct;
  onAdd: (productId: string, size: string) => void;
  onDetails: (product: ShopProduct, size: string) => void;
  /** The first row loads its images at once; the rest as the visitor scrolls. */
  eager?: boolean;
}

/** One product of the grid: picture, name, rating, sizes with the chosen size's price, and actions. */
export function ProductCard({ product, onAdd, onDetails, eager = false }: ProductCardProps) {
  const [size, setSize] = useState(firstOnSale(product));
  const price = product.sizes.find((option) => option.size === size)?.price ?? 0;
  return (
    <li className="card product-card">
      <ProductImage product={product} className="product-card__image" loading={eager ? 'eager' : 'lazy'} />
      <div className="card__body product-card__body">
        <p className="product-card__category">{product.category}</p>
        <h3 className="product-card__name">{product.name}</h3>
        <Rating value={product.rating} reviews={product.reviewCount ?? product.reviews.length} />
        <SizePicker product={product} value={size} onChange={setSize} name={`size-${product.id}`} />
        <p className="product-card__price">{formatNaira(price)}</p>
        <StockBadge left={stockOf(product, size)} />
        <div className="product-card__actions">
          <AddToCartButton product={product} size={size} onAdd={onAdd} />
          <button
            type="button"
            className="button button--secondary"
            aria-label={`Details of ${product.name}`}
            onClick={() => onDetails(product, size)}
          >
            Details
          </button>
        </div>
      </div>
    </li>
  );
}

/** The size a card opens on: the first with something left, else the first. */
const firstOnSale = (product: ShopProduct) =>
  (product.sizes.find((option) => option.stock !== 0) ?? product.sizes[0])?.size ?? '';

/**
 * "Add to cart", named for screen readers with the product and size it adds; "Sold out" and
 * disabled when the size has none left.
 */
export function AddToCartButton({
  product,
  size,
  onAdd,
}: {
  product: ShopProduct;
  size: string;
  onAdd: (productId: string, size: string) => void;
}) {
  const soldOut = stockOf(product, size) === 0;
  return (
    <button
      type="button"
      className="button button--primary"
      aria-label={`${soldOut ? stockMessages.soldOut : 'Add to cart'}: ${product.name}, ${size}`}
      disabled={soldOut}
      onClick={() => onAdd(product.id, size)}
    >
      {soldOut ? stockMessages.soldOut : 'Add to cart'}
    </button>
  );
}

/** "Sold out" or "Only N left" next to the price of a size running out. */
export function StockBadge({ left }: { left: number | null | undefined }) {
  if (left === null || left === undefined || left > LOW_STOCK) return null;
  return (
    <p className={`stock-badge${left === 0 ? ' stock-badge--out' : ''}`}>
      {left === 0 ? stockMessages.soldOut : stockMessages.fewLeft(left)}
    </p>
  );
}

/** A product's picture: its uploaded photo, or the build's drawing if that cannot load. */
export function ProductImage({
  product,
  className,
  loading,
}: {
  product: ShopProduct;
  className: string;
  loading?: 'eager' | 'lazy';
}) {
  return (
    <img
      className={className}
      src={product.image}
      alt=""
      width={480}
      height={480}
      loading={loading}
      decoding="async"
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(product.fallbackImage)) image.src = product.fallbackImage;
      }}
    />
  );
}
