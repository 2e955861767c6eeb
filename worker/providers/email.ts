/**
 * Email goes out through Cloudflare Email Service: the Worker's `send_email` binding, so there is
 * no API key to keep (`wrangler dev` simulates it and sends nothing). Callers see one small
 * interface, so tests use a fake and another provider could be added without touching them.
 */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}

/** "Studio <hello@example.com>" → name and address. */
export function parseMailbox(mailbox: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailbox);
  return match ? { name: match[1] ?? '', email: match[2] ?? '' } : { name: '', email: mailbox.trim() };
}

/** What the `send_email` binding takes (its message-builder form), spelled out so this module needs no runtime types. */
interface SendEmailBinding {
  send(message: {
    from: { name: string; email: string };
    to: string;
    subject: string;
    html: string;
    text: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

export function bindingEmailSender(binding: SendEmailBinding, from: string): EmailSender {
  const sender = parseMailbox(from);
  return {
    async send(email) {
      await binding.send({
        from: sender,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.headers ? { headers: email.headers } : {}),
      });
    },
  };
}
