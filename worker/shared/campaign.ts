/** What a bulk send to the academy waitlist says when staff write nothing of their own. */
export const campaignDefaults = {
  subject: 'News from our massage training academy',
  text: 'Thank you for joining the waitlist of our massage training academy. We are preparing the first classes and will share dates, fees and your early-bird discount here first.\n\nReply to this email or message us on WhatsApp if you have any questions.',
} as const;
