/**
 * The schema of the details an order is paid with (the spec's order details and order items): the
 * API validates the payload with it, and the checkout form validates its fields with it on submit.
 * Prices and names that come along are the client's and are ignored: the server prices each line
 * from the catalogue by product id and size (pricing.ts).
 */
import * as z from 'zod/mini';
import { contactMessages } from '../contact-messages';
import { emailAddress, personName, phoneNumber } from '../contact-schema';
import { multiLine, singleLine } from '../plain-text';

export const checkoutMessages = {
  ...contactMessages,
  address: 'Please enter your shipping address',
  emptyCart: 'Your cart is empty.',
} as const;

const orderItemSchema = () =>
  z.object({
    productId: z.string().check(z.minLength(1), z.maxLength(80)),
    productSize: z.object({ size: z.string().check(z.minLength(1), z.maxLength(40)), price: z.optional(z.number()) }),
    /** Checked by pricing.ts (a whole number from 1 to 20) with a message naming the rule. */
    productQuantity: z.number(),
    productName: z.optional(z.string().check(z.maxLength(200))),
    productPrice: z.optional(z.number()),
    productImage: z.optional(z.string().check(z.maxLength(300))),
  });

export const orderDetailsSchema = () =>
  z.object({
    paymentType: z.literal('order'),
    orderDate: z.optional(z.string().check(z.maxLength(40))),
    customerName: personName(),
    customerEmail: emailAddress(),
    customerPhone: phoneNumber(),
    shippingAddress: z
      .string({ error: checkoutMessages.address })
      .check(multiLine(), z.trim(), z.minLength(5, checkoutMessages.address), z.maxLength(500)),
    orderItems: z.array(orderItemSchema()).check(z.minLength(1, checkoutMessages.emptyCart), z.maxLength(20)),
    /** What the visitor saw; the server prices the order itself and refuses a different amount. */
    amount: z.optional(z.number()),
    couponCode: z.optional(z.string().check(singleLine(), z.trim(), z.maxLength(40))),
    /** A gift voucher's code (any case, spaces or dashes): its balance pays first. */
    voucherCode: z.optional(z.string().check(singleLine(), z.trim(), z.maxLength(40))),
    /** A member's code: their membership's percentage off the shop. */
    membershipCode: z.optional(z.string().check(singleLine(), z.trim(), z.maxLength(40))),
  });

export type OrderDetails = z.output<ReturnType<typeof orderDetailsSchema>>;
export type OrderDetailsInput = z.input<ReturnType<typeof orderDetailsSchema>>;
export type OrderItemInput = z.input<ReturnType<typeof orderItemSchema>>;
