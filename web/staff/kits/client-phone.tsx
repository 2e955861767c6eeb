import { phoneKeyOf } from '../../../worker/shared/phone-key';

/**
 * A client's phone number as staff see it: tap to call, and beside it a WhatsApp chat with them
 * (wa.me takes the number with its country code, a Nigerian 0803… as 234803…).
 */
export function ClientPhone({ phone, name }: { phone: string; name: string }) {
  const digits = phoneKeyOf(phone);
  return (
    <span className="client-phone">
      <a href={`tel:${phone}`}>{phone}</a>
      {digits.length >= 7 ? (
        <a
          className="client-phone__whatsapp"
          href={`https://wa.me/${digits}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${name}`}
        >
          WhatsApp
        </a>
      ) : null}
    </span>
  );
}
