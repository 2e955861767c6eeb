/** What the booking and checkout forms say about a contact field. No zod here: forms show these at first paint. */
export const contactMessages = {
  name: 'Please enter your full name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
} as const;
