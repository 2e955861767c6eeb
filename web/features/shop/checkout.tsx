import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type OrderDetailsInput, orderDetailsSchema } from '../../../worker/shared/catalogue/order-schema';
import { formatNaira, nairaToKobo } from '../../../worker/shared/money';
import { draftFields, TextAreaField, TextField } from '../../components/ui/field';
import { CloseIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { ApiError, api, request } from '../../lib/api-client';
import { clearPendingPayment, savePendingPayment } from '../../lib/pending-payment';
import { shopAtom } from '../catalogue/live-shop';
import type { PaymentChoice } from '../checkout-payment/applied-codes';
import { PaymentDialog } from '../checkout-payment/payment-dialog';
import { type CartItem, cartSubtotalAtom, orderableItemsAtom } from './cart';
import { ShippingNote } from './shipping-note';

interface Contact {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  shippingAddress: string;
}

const emptyContact: Contact = { customerName: '', customerEmail: '', customerPhone: '', shippingAddress: '' };

// globalThis: the build prerenders the page in Node, which has no web storage.
const sessionJson = createJSONStorage<Contact>(() => globalThis.sessionStorage);
/** What the visitor typed, kept for this tab only (a reload or a closed dialog loses nothing). */
const contactAtom = atomWithStorage<Contact>(
  'spa.checkout-contact',
  emptyContact,
  {
    ...sessionJson,
    getItem: (key, initialValue) => {
      const stored = sessionJson.getItem(key, initialValue) as unknown;
      const valid =
        typeof stored === 'object' &&
        stored !== null &&
        Object.keys(emptyContact).every((field) => typeof (stored as Record<string, unknown>)[field] === 'string');
      return valid ? (stored as Contact) : initialValue;
    },
  },
  { getOnInit: true },
);

type Errors = Partial<Record<keyof Contact, string>>;

function orderDetails(contact: Contact, items: CartItem[], choice?: PaymentChoice): OrderDetailsInput {
  return {
    paymentType: 'order',
    orderDate: new Date().toISOString(),
    ...contact,
    orderItems: items.map((item) => ({
      productId: item.productId,
      productName: item.product.name,
      productSize: { size: item.size, price: item.unitPrice },
      productPrice: item.unitPrice,
      productQuantity: item.quantity,
      productImage: item.product.image,
    })),
    amount: choice?.amount,
    couponCode: choice?.coupon?.code,
    voucherCode: choice?.voucher?.code,
    membershipCode: choice?.membership?.code,
  };
}

function itemCount(items: CartItem[]): string {
  const count = items.reduce((total, item) => total + item.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

type StockLeft = { productId: string; size: string; left: number };

const withStockLeft = <T extends { id: string; sizes: ReadonlyArray<{ size: string; stock: number | null }> }>(
  shop: readonly T[],
  left: readonly StockLeft[],
): T[] =>
  shop.map((product) => ({
    ...product,
    sizes: product.sizes.map((option) => {
      const update = left.find((each) => each.productId === product.id && each.size === option.size);
      return update ? { ...option, stock: update.left } : option;
    }),
  }));

const lineLabel = (item: CartItem) => `${item.product.name} ${item.size} × ${item.quantity}`;

/** What is wrong with each delivery detail, in the API's own words (its order schema). */
function contactErrorsOf(contact: Contact, items: CartItem[]): Errors {
  const result = orderDetailsSchema().safeParse(orderDetails(contact, items));
  const found: Errors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      if (field in emptyContact && !found[field as keyof Contact]) found[field as keyof Contact] = issue.message;
    }
  }
  return found;
}

/** The four delivery details, each required, its message inline. */
function DeliveryFields({
  contact,
  errors,
  set,
}: {
  contact: Contact;
  errors: Errors;
  set: (field: keyof Contact, value: string) => void;
}) {
  const field = draftFields(contact, errors, set);
  return (
    <>
      <TextField label="Full name" {...field('customerName')} autoComplete="name" required />
      <TextField label="Email address" {...field('customerEmail')} type="email" autoComplete="email" required />
      <TextField
        label="Phone number"
        {...field('customerPhone')}
        type="tel"
        autoComplete="tel"
        hint="We send your shipping quote to this number on WhatsApp."
        required
      />
      <TextAreaField
        label="Shipping address"
        {...field('shippingAddress')}
        autoComplete="street-address"
        rows={3}
        required
      />
    </>
  );
}

/** Starts the card payment for the order and goes to the payment page. */
async function payForOrder(
  contact: Contact,
  items: CartItem[],
  choice: PaymentChoice,
  onStockLeft: (left: StockLeft[]) => void,
) {
  const { amount } = choice;
  const result = await request(
    // POST with a JSON body: the address and contact details never sit in a URL.
    api.payment.initialize.$post({
      json: {
        amount: nairaToKobo(amount),
        email: contact.customerEmail,
        metadata: JSON.stringify({ details: orderDetails(contact, items, choice) }),
        callback_url: `${window.location.origin}${paths.orderConfirmation}`,
      },
    }),
  ).catch((error: unknown) => {
    // Someone bought the last ones first: the shop and the cart show what is left, and the
    // dialog shows the server's "Only N left of …".
    const left = error instanceof ApiError ? (error.body as { stock?: StockLeft[] } | undefined)?.stock : undefined;
    if (left) onStockLeft(left);
    throw error;
  });
  savePendingPayment({ kind: 'order', reference: result.data.reference, summary: items.map(lineLabel), amount });
  window.location.assign(result.data.authorization_url);
}

/** The second step: the shared payment dialog for the cart's lines, delivering to the details given. */
function OrderPayment({
  contact,
  items,
  subtotal,
  onClose,
  onPay,
}: {
  contact: Contact;
  items: CartItem[];
  subtotal: number;
  onClose: () => void;
  onPay: (choice: PaymentChoice) => Promise<void>;
}) {
  return (
    <PaymentDialog
      kind="order"
      open
      onClose={onClose}
      lines={items.map((item) => ({ label: lineLabel(item), amount: item.lineTotal }))}
      subtotal={subtotal}
      details={
        <p>
          Delivering to {contact.customerName}, {contact.shippingAddress.trim()}. Shipping is quoted on WhatsApp and
          paid on delivery.
        </p>
      }
      onPay={onPay}
      customer={{ email: contact.customerEmail, phone: contact.customerPhone }}
    />
  );
}

/**
 * Checkout in two steps: the delivery details (each required, with its message inline), then the
 * shared payment dialog. Closing either ends the checkout and, as the spec asks, forgets the order
 * that was being paid for.
 */
export default function Checkout({ onClose: close }: { onClose: () => void }) {
  const onClose = () => {
    clearPendingPayment('order');
    close();
  };
  const [step, setStep] = useState<'details' | 'pay'>('details');
  const [contact, setContact] = useAtom(contactAtom);
  const items = useAtomValue(orderableItemsAtom);
  const subtotal = useAtomValue(cartSubtotalAtom);
  const setShop = useSetAtom(shopAtom);
  const [errors, setErrors] = useState<Errors>({});
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (step === 'details' && !dialog.open) dialog.showModal();
    if (step !== 'details' && dialog.open) dialog.close();
  }, [step]);

  const set = (field: keyof Contact, value: string) => {
    setContact({ ...contact, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = contactErrorsOf(contact, items);
    setErrors(found);
    const firstInvalid = Object.keys(emptyContact).find((field) => found[field as keyof Contact]);
    if (firstInvalid) {
      dialogRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setStep('pay');
  }

  const pay = (choice: PaymentChoice) =>
    payForOrder(contact, items, choice, (left) => setShop((shop) => withStockLeft(shop, left)));

  if (step === 'pay') {
    return <OrderPayment contact={contact} items={items} subtotal={subtotal} onClose={onClose} onPay={pay} />;
  }

  return (
    <dialog ref={dialogRef} className="dialog checkout" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__header">
        <h2 id={titleId}>Checkout</h2>
        <button type="button" className="dialog__close" onClick={() => dialogRef.current?.close()}>
          <CloseIcon size={22} />
          <span className="visually-hidden">Close checkout</span>
        </button>
      </div>
      <form className="checkout__form" noValidate onSubmit={submit} aria-label="Delivery details">
        <DeliveryFields contact={contact} errors={errors} set={set} />
        <ShippingNote />
        <p className="checkout__total">
          <span>{itemCount(items)}</span>
          <span>{formatNaira(subtotal)}</span>
        </p>
        <button type="submit" className="button button--primary button--large checkout__submit">
          Continue to payment
        </button>
      </form>
    </dialog>
  );
}
