import { IconShoppingCart } from '@tabler/icons-react';
import { useCartLineCount } from '../../../lib/cart/use-cart';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { Link } from '../../../lib/router';
import classes from './cart-button.module.css';

/**
 * The header's cart icon; its badge counts the distinct lines in the cart. A plain link styled as
 * Mantine's default ActionIcon (cart-button.module.css): the component and its group parts would add
 * 2 KiB to every customer first screen.
 */
export function CartButton() {
  const count = useCartLineCount();
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to={CUSTOMER_PATHS.cart} aria-label={label} className={classes.button}>
      <IconShoppingCart aria-hidden size={22} />
      {count > 0 && (
        <span className={classes.badge} aria-hidden>
          {count}
        </span>
      )}
    </Link>
  );
}
