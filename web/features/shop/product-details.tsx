import { useEffect, useId, useRef, useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { CloseIcon } from '../../components/ui/icons';
import { Rating } from '../../components/ui/rating';
import type { ShopProduct } from '../catalogue/catalogue-types';
import { stockOf } from '../catalogue/live-shop';
import { ReviewList } from '../reviews/review-list';
import { AddToCartButton, ProductImage, StockBadge } from './product-card';
import { SizePicker } from './size-picker';

interface ProductDetailsProps {
  product: ShopProduct;
  initialSize: string;
  onAdd: (productId: string, size: string) => void;
  onClose: () => void;
}

/** A product in full: picture, description, ingredients, sizes and what customers say. */
export default function ProductDetails({ product, initialSize, onAdd, onClose }: ProductDetailsProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [size, setSize] = useState(initialSize);
  const price = product.sizes.find((option) => option.size === size)?.price ?? 0;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={dialogRef} className="dialog product-details" aria-labelledby={titleId} onClose={onClose}>
      <button
        type="button"
        className="dialog__close product-details__close"
        onClick={() => dialogRef.current?.close()} // the browser then hands focus back to Details
      >
        <CloseIcon size={22} />
        <span className="visually-hidden">Close</span>
      </button>
      <div className="product-details__layout">
        <ProductImage product={product} className="product-details__image" />
        <div className="product-details__info">
          <p className="product-card__category">{product.category}</p>
          <h2 id={titleId}>{product.name}</h2>
          <Rating value={product.rating} reviews={product.reviewCount ?? product.reviews.length} />
          <p>{product.description}</p>
          {product.ingredients ? (
            <>
              <h3 className="product-details__subheading">Ingredients</h3>
              <p>{product.ingredients}</p>
            </>
          ) : null}
          <SizePicker product={product} value={size} onChange={setSize} name={`details-size-${product.id}`} />
          <p className="product-card__price">{formatNaira(price)}</p>
          <StockBadge left={stockOf(product, size)} />
          <AddToCartButton product={product} size={size} onAdd={onAdd} />
        </div>
      </div>
      <section className="product-details__reviews" aria-labelledby={`${titleId}-reviews`}>
        <h3 id={`${titleId}-reviews`} className="product-details__subheading">
          Reviews ({product.reviewCount ?? product.reviews.length})
        </h3>
        {product.reviews.length === 0 ? <p>No reviews yet.</p> : null}
        <ReviewList reviews={product.reviews} verifiedLabel="Verified buyer" />
      </section>
    </dialog>
  );
}
