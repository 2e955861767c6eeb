/**
 * The states and kinds the database's CHECKs allow and the routes validate against: one list each,
 * here (isomorphic) so that routes and the web read them without importing the schema.
 */
export const paymentKinds = ['booking', 'order', 'voucher', 'package', 'membership'] as const;
export const paymentStatuses = ['pending', 'paid', 'failed', 'abandoned', 'expired'] as const;
export const serviceStatuses = ['booked', 'arrived', 'completed', 'no-show', 'cancelled'] as const;
export const orderStatuses = ['processing', 'shipped', 'delivered', 'cancelled'] as const;
export const testCheckoutOutcomes = ['paid', 'cancelled'] as const;
/**
 * How a booking, order or gift voucher was paid: online through Paystack or the built-in test
 * checkout, free (a 100% coupon), wholly by a gift voucher or by a package's sessions, or at the studio for a booking staff
 * took by phone, WhatsApp or at the door (cash, bank transfer, POS, or not yet: `unpaid`, paid on
 * arrival and marked by staff).
 */
export const paymentMethods = [
  'paystack',
  'test',
  'free',
  'voucher',
  'package',
  'cash',
  'transfer',
  'pos',
  'unpaid',
] as const;
export const studioPaymentMethods = ['cash', 'transfer', 'pos'] as const;
export const reviewKinds = ['visit', 'product'] as const;
export const reviewStatuses = ['pending', 'approved', 'hidden'] as const;
