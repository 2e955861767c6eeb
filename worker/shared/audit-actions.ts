/**
 * The audit log's vocabulary: each action and how the Activity screen says it. Shared by the
 * Worker (what it records) and the staff area (the filter and the sentences).
 */
export const auditActions = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed to sign in',
  'invitation-accepted': 'Accepted their invitation',
  'password-reset': 'Reset their password by email link',
  'password-change': 'Changed their password',
  'sign-out-everywhere': 'Signed out of all devices',
  'passkey-start': 'Started adding a passkey',
  'passkey-add': 'Added a passkey',
  'passkey-remove': 'Removed a passkey',
  'totp-start': 'Started adding an authenticator app',
  'totp-enable': 'Added an authenticator app',
  'totp-disable': 'Removed their authenticator app',
  'identity-confirm': 'Confirmed it was them (to change a second factor)',
  'booking-create': 'Took a booking',
  'booking-arrived': 'Marked a client arrived',
  'booking-no-show': 'Marked a client a no-show',
  'booking-reopened': 'Set a visit back to booked',
  'booking-complete': 'Marked a booking complete',
  'booking-cancel': 'Cancelled a booking',
  'booking-move': 'Moved a booking',
  'booking-paid': 'Marked a booking paid',
  'order-update': 'Changed an order',
  'coupon-create': 'Created a coupon',
  'coupon-update': 'Edited a coupon',
  'coupon-delete': 'Deleted a coupon',
  'voucher-sell': 'Sold a gift voucher at the desk',
  'voucher-resend': 'Resent a gift voucher',
  'voucher-void': 'Voided a gift voucher',
  'review-moderate': 'Approved, hid or answered a review',
  'treatment-create': 'Added a treatment',
  'treatment-update': 'Changed a treatment',
  'product-create': 'Added a product',
  'product-update': 'Changed a product',
  'photo-upload': 'Uploaded a product photo',
  'therapist-create': 'Added a therapist',
  'therapist-update': 'Changed a therapist',
  'time-off-add': 'Gave a day off',
  'time-off-remove': 'Took back a day off',
  'room-create': 'Added a room',
  'room-update': 'Changed a room',
  'closure-add': 'Closed the studio for a day',
  'closure-remove': 'Reopened a closed day',
  'settings-update': 'Changed the schedule settings',
  'team-invite': 'Invited a person',
  'team-update': 'Changed a person’s role or access',
  'team-invitation-resend': 'Resent an invitation',
  'team-second-factor-reset': 'Reset a person’s second factors',
  'campaign-email': 'Sent a bulk email',
  'campaign-whatsapp': 'Sent a bulk WhatsApp message',
  'health-view': 'Viewed clients’ health answers',
  'client-view': 'Opened a client’s record',
  'csv-export': 'Downloaded a CSV export',
  'client-notes': 'Wrote notes on a client',
  'client-export': 'Downloaded a client’s data',
  'client-erase': 'Erased a client',
} as const;

export type AuditAction = keyof typeof auditActions;

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(auditActions, value);

/** How long entries are kept (NDPA: as long as needed to answer for what was done). */
export const AUDIT_RETENTION_DAYS = 2 * 365;
