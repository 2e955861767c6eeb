/**
 * A phone as one string of digits, country code first: a Nigerian 0803… is 234803…. The client
 * records key a person by it (db/contact-keys.ts writes the same in SQL), and a wa.me link wants
 * the number so.
 */
export const phoneKeyOf = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') && digits.length === 11 ? `234${digits.slice(1)}` : digits;
};
