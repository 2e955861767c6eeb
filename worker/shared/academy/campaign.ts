/** What a bulk send to the academy waitlist says when staff write nothing of their own. */
export const campaignDefaults = {
  subject: 'News from our massage training academy',
  text: 'Thank you for joining the waitlist of our massage training academy. We are preparing the first classes and will share dates, fees and your early-bird discount here first.\n\nReply to this email or message us on WhatsApp if you have any questions.',
} as const;

/**
 * WhatsApp takes a template parameter as one line: no line breaks or tabs, and never more than
 * four spaces in a row (Meta refuses the message otherwise).
 */
export function whatsappParameter(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
}

/** How a WhatsApp campaign tells people to stop; a STOP reply unsubscribes (the WhatsApp webhook). */
export const WHATSAPP_STOP_LINE = 'Reply STOP to stop these messages.';

/** The most a WhatsApp campaign's text may hold: the approved template's body takes 1,024 characters in all. */
export const WHATSAPP_CAMPAIGN_LIMIT = 900;

/** A campaign's paragraphs as one WhatsApp parameter (separated by a middle dot), ending with how to stop. */
export function whatsappCampaignText(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map(whatsappParameter)
    .filter(Boolean);
  return [...paragraphs, WHATSAPP_STOP_LINE].join(' · ');
}
