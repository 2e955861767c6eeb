import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef } from 'react';
import { LOW_STOCK, stockMessages } from '../../../worker/shared/catalogue/stock';
import { formatNaira } from '../../../worker/shared/money';
import { CloseIcon } from '../../components/ui/icons';
import { stockOf } from '../catalogue/live-shop';
import {
  type CartItem,
  cartItemsAtom,
  cartSubtotalAtom,
  changeQuantityAtom,
  orderableItemsAtom,
  removeFromCartAtom,
} from './cart';
import { ShippingNote } from './shipping-note';

interface CartPanelProps {
  /** After the panel has closed (Escape, the close button, Continue shopping). */
  onClose: () => void;
  onCheckout: () => void;
}

/**
 * The cart as a side panel: a native modal <dialog>, so focus moves into it and stays there,
 * Escape closes it, and the page behind is inert. Plus and minus at their limits are
 * aria-disabled rather than disabled, so the keyboard focus stays on them.
 */
export default function CartPanel({ onClose, onCheckout }: CartPanelProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const items = useAtomValue(cartItemsAtom);
  const subtotal = useAtomValue(cartSubtotalAtom);
  const orderable = useAtomValue(orderableItemsAtom);
  const changeQuantity = useSetAtom(changeQuantityAtom);
  const remove = useSetAtom(removeFromCartAtom);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Closing the dialog itself (not just unmounting it) lets the browser hand focus back.
  const close = () => dialogRef.current?.close();

  return (
    <dialog ref={dialogRef} className="dialog drawer" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId} ref={titleRef} tabIndex={-1}>
          Your cart
        </h2>
        <button type="button" className="dialog__close" onClick={close}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close cart</span>
        </button>
      </div>
      {items.length === 0 ? (
        <div className="drawer__empty">
          <p>Your cart is empty.</p>
          <button type="button" className="button button--secondary" onClick={close}>
            Continue shopping
          </button>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {items.map((item) => (
              <CartLineRow
                key={`${item.productId}|${item.size}`}
                item={item}
                onStep={(by) => changeQuantity({ productId: item.productId, size: item.size, by })}
                onRemove={() => {
                  remove({ productId: item.productId, size: item.size });
                  titleRef.current?.focus(); // the focused button is gone; keep focus in the panel
                }}
              />
            ))}
          </ul>
          <div className="drawer__footer">
            <p className="drawer__subtotal">
              <span>Subtotal</span>
              <span>{formatNaira(subtotal)}</span>
            </p>
            <ShippingNote />
            <button
              type="button"
              className="button button--primary button--large drawer__checkout"
              aria-disabled={orderable.length === 0}
              onClick={() => orderable.length > 0 && onCheckout()}
            >
              Proceed to Checkout
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/** One line of the cart: the product, its stock note, the quantity stepper and Remove. */
function CartLineRow({
  item,
  onStep,
  onRemove,
}: {
  item: CartItem;
  onStep: (by: 1 | -1) => void;
  onRemove: () => void;
}) {
  const label = `${item.product.name}, ${item.size}`;
  return (
    <li className="cart-line">
      <img className="cart-line__image" src={item.product.image} alt="" width={72} height={72} />
      <div className="cart-line__info">
        <p className="cart-line__name">{item.product.name}</p>
        <p className="cart-line__meta">
          {item.size} · {formatNaira(item.unitPrice)}
        </p>
        <StockNote left={stockOf(item.product, item.size)} />
        <div className="cart-line__controls">
          <div className="stepper">
            <button
              type="button"
              className="stepper__button"
              aria-label={`One fewer ${label}`}
              aria-disabled={item.quantity <= 1}
              onClick={() => onStep(-1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="stepper__value" aria-label={`Quantity of ${label}`}>
              {item.quantity}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label={`One more ${label}`}
              aria-disabled={item.quantity >= item.maxQuantity}
              onClick={() => onStep(1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button type="button" className="cart-line__remove" aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      <p className="cart-line__total">{formatNaira(item.lineTotal)}</p>
    </li>
  );
}

/** "Sold out" or "Only N left" under a line whose size is running out. */
function StockNote({ left }: { left: number | null | undefined }) {
  if (left === null || left === undefined || left > LOW_STOCK) return null;
  return (
    <p className={`stock-note${left === 0 ? ' stock-note--out' : ''}`}>
      {left === 0 ? `${stockMessages.soldOut}: please remove it` : stockMessages.fewLeft(left)}
    </p>
  );
}
