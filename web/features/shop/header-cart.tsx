import { useSyncExternalStore } from 'react';
import { BagIcon } from '../../components/ui/icons';
import { Link } from '../../components/ui/link';
import { paths } from '../../config/paths';
import { CART_HASH } from './shop-constants';
import { onCartChange, storedCartCount } from './stored-cart';

/**
 * The cart in the header of every public page, with its count. It reads the stored cart itself
 * (not the shop's atoms) so it costs every page a few hundred bytes; the prerendered page says 0
 * until hydrated, as the shop's own button does.
 */
export function HeaderCart() {
  const count = useSyncExternalStore(onCartChange, storedCartCount, () => 0);
  return (
    <Link
      to={`${paths.shop}${CART_HASH}`}
      className="site-header__cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <BagIcon size={22} />
      {count > 0 ? (
        <span className="site-header__cart-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
