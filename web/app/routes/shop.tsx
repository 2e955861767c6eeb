import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BagIcon } from '../../components/ui/icons';
import { PageHero } from '../../components/ui/page-hero';
import { SectionHeading } from '../../components/ui/section-heading';
import type { ShopProduct } from '../../features/catalogue/catalogue-types';
import { useShop } from '../../features/catalogue/live-shop';
import { addToCartAtom, cartCountAtom } from '../../features/shop/cart';
import { ProductCard } from '../../features/shop/product-card';
import { CART_HASH, shopMessages, TOAST_MS } from '../../features/shop/shop-constants';
import { usePageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/use-hydrated';
import '../../styles/shop.css';

// Opened on demand, so they stay off the page's first load.
const CartPanel = lazy(() => import('../../features/shop/cart-panel'));
const ProductDetails = lazy(() => import('../../features/shop/product-details'));
const Checkout = lazy(() => import('../../features/shop/checkout'));

type Overlay =
  | { kind: 'none' }
  | { kind: 'cart' }
  | { kind: 'checkout' }
  | { kind: 'details'; product: ShopProduct; size: string };

/** The toast's words: the spec's "added" line and what was added, or why it was not. */
interface Toast {
  id: number;
  text: string;
  /** "All Glow Body Oil, 100ml": named in the toast beside its link to the cart. */
  added?: string;
}

/** Adds to the cart and says how that went in a toast that fades after a while. */
function useAddWithToast(products: readonly ShopProduct[]) {
  const addToCart = useSetAtom(addToCartAtom);
  const [toast, setToast] = useState<Toast>();

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(undefined), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const add = useCallback(
    (productId: string, size: string) => {
      const result = addToCart({ productId, size });
      const name = products.find((product) => product.id === productId)?.name ?? 'Item';
      setToast(
        result.added
          ? { id: Date.now(), text: shopMessages.added, added: `${name}, ${size}` }
          : {
              id: Date.now(),
              text: result.reason === 'no-more-left' ? shopMessages.allLeft(result.left) : shopMessages.lineLimit,
            },
      );
    },
    [addToCart, products],
  );

  return { toast, add };
}

/** The toast: what was added and a way to the cart (the header's cart stays for those who miss it). */
function ToastRegion({ toast, onViewCart }: { toast: Toast | undefined; onViewCart: () => void }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast ? (
        <p key={toast.id} className="toast">
          {toast.text}
          {toast.added ? (
            <>
              {' '}
              <span className="toast__item">{toast.added}</span>{' '}
              <button type="button" className="toast__action" onClick={onViewCart}>
                View cart
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The cart opened from the header's link (`/ecommerce#cart`, from any page): open while the address
 * says so; closing takes the hash off, so the link opens it again.
 */
function useCartFromHeader(open: () => void) {
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address's hash changes
  useEffect(() => {
    if (hash === CART_HASH) open();
  }, [hash]);
  return () => {
    if (hash === CART_HASH) navigate({ pathname, hash: '' }, { replace: true });
  };
}

/** The range of products, each a card with its sizes and Add to cart. */
function ProductRange({
  products,
  onAdd,
  onDetails,
}: {
  products: readonly ShopProduct[];
  onAdd: (productId: string, size: string) => void;
  onDetails: (product: ShopProduct, size: string) => void;
}) {
  return (
    <section className="section" aria-labelledby="products-heading">
      <div className="container">
        <SectionHeading id="products-heading" eyebrow="Our range" title="Glow from head to toe">
          Choose a size, add it to your cart and check out in a few taps. We bring your order to your door.
        </SectionHeading>
        <ul className="product-grid">
          {/* Only the first picture is in the first screen at every width (a phone shows one
              card there); the rest load as they come near, which on a desktop is at once. */}
          {products.map((product, index) => (
            <ProductCard key={product.id} product={product} onAdd={onAdd} onDetails={onDetails} eager={index === 0} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The floating cart button with the count of items in the cart. */
function CartButton({
  count,
  buttonRef,
  onOpen,
}: {
  count: number;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="cart-button"
      aria-haspopup="dialog"
      aria-label={`Open cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={onOpen}
    >
      <BagIcon size={24} />
      {count > 0 ? (
        <span className="cart-button__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}

export default function ShopPage() {
  usePageMeta('shop');
  // The cart lives in this browser's storage: the prerendered page shows it empty until hydrated.
  const storedCount = useAtomValue(cartCountAtom);
  const count = useHydrated() ? storedCount : 0;
  const products = useShop();
  const { toast, add } = useAddWithToast(products);
  const [overlay, setOverlay] = useState<Overlay>({ kind: 'none' });
  const cartButtonRef = useRef<HTMLButtonElement>(null);
  const openCart = useCallback(() => setOverlay({ kind: 'cart' }), []);
  const leaveHeaderCart = useCartFromHeader(openCart);

  const openDetails = useCallback((product: ShopProduct, size: string) => {
    setOverlay({ kind: 'details', product, size });
  }, []);

  /** Closing the cart or the checkout hands focus back to the cart button. */
  const closeToCartButton = () => {
    leaveHeaderCart();
    setOverlay({ kind: 'none' });
    window.requestAnimationFrame(() => cartButtonRef.current?.focus());
  };

  return (
    <>
      <PageHero
        eyebrow="Shop"
        title="Skincare Products"
        lead="Body oils, scrubs, facial care and soap made with natural ingredients, the same we use in our treatments."
      />
      <ProductRange products={products} onAdd={add} onDetails={openDetails} />

      <ToastRegion toast={toast} onViewCart={openCart} />

      <CartButton count={count} buttonRef={cartButtonRef} onOpen={openCart} />

      <Suspense fallback={null}>
        {overlay.kind === 'cart' ? (
          <CartPanel onClose={closeToCartButton} onCheckout={() => setOverlay({ kind: 'checkout' })} />
        ) : null}
        {overlay.kind === 'checkout' ? <Checkout onClose={closeToCartButton} /> : null}
        {overlay.kind === 'details' ? (
          <ProductDetails
            product={products.find((product) => product.id === overlay.product.id) ?? overlay.product}
            initialSize={overlay.size}
            onAdd={add}
            onClose={() => setOverlay({ kind: 'none' })}
          />
        ) : null}
      </Suspense>
    </>
  );
}
