/** The outbox's vocabulary, shared by the schema, the API's filters and the admin's Messages screen. */
export const messageChannels = ['email', 'whatsapp'] as const;
export const messageStatuses = ['queued', 'sent', 'failed', 'dead', 'held'] as const;
export const messageTemplates = [
  'booking-confirmation',
  'booking-notice',
  'booking-reminder',
  'booking-rescheduled',
  'booking-cancelled',
  'booking-missed',
  'visit-form',
  'time-waitlist-joined',
  'waitlist-offer',
  'order-confirmation',
  'order-shipped',
  'order-delivered',
  'order-cancelled',
  'waitlist-confirm',
  'waitlist-welcome',
  'campaign',
  'team-invitation',
  'password-reset',
  'security-notice',
  'desk-voucher-summary',
  'voucher-receipt',
  'voucher-delivery',
  'voucher-delivered',
  'review-request',
] as const;
