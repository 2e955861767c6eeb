import { useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import type { Product } from '../../../worker/shared/products';
import { Rating } from './rating';
import { SizePicker } from './size-picker';

interface ProductCardProps {
  product: Product;
  onAdd: (productId: string, size: string) => void;
  onDetails: (product: Product, size: string) => void;
  /** The first row loads its images at once; the rest as the visitor scrolls. */
  eager?: boolean;
}

/** One product of the grid: picture, name, rating, sizes with the chosen size's price, and actions. */
export function ProductCard({ product, onAdd, onDetails, eager = false }: ProductCardProps) {
  const [size, setSize] = useState(product.sizes[0]?.size ?? '');
  const price = product.sizes.find((option) => option.size === size)?.price ?? 0;
  return (
    <li className="card product-card">
      <img
        className="product-card__image"
        src={product.image}
        alt=""
        width={480}
        height={480}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <div className="card__body product-card__body">
        <p className="product-card__category">{product.category}</p>
        <h3 className="product-card__name">{product.name}</h3>
        <Rating value={product.rating} reviews={product.reviews.length} />
        <SizePicker product={product} value={size} onChange={setSize} name={`size-${product.id}`} />
        <p className="product-card__price">{formatNaira(price)}</p>
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

/** "Add to cart", named for screen readers with the product and size it adds. */
export function AddToCartButton({
  product,
  size,
  onAdd,
}: {
  product: Product;
  size: string;
  onAdd: (productId: string, size: string) => void;
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      aria-label={`Add to cart: ${product.name}, ${size}`}
      onClick={() => onAdd(product.id, size)}
    >
      Add to cart
    </button>
  );
}
