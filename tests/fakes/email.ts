/**
 * The email sender's stand-in, behind the same interface as the send_email binding's sender: it
 * keeps what it was given and can be told to fail a share of sends.
 */
import type { EmailSender, OutgoingEmail } from '../../worker/providers/email';

export class FakeEmailSender implements EmailSender {
  readonly sent: OutgoingEmail[] = [];
  /** Share of sends (0 to 1) that throw, chosen at random. */
  failRate = 0;

  async send(email: OutgoingEmail): Promise<void> {
    if (!email.to.includes('@')) throw new Error(`Not an email address: ${email.to}`);
    if (!email.subject || !email.text) throw new Error('An email needs a subject and text');
    if (Math.random() < this.failRate) throw new Error('Email provider unavailable');
    this.sent.push(email);
  }
}
