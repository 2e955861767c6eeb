import { paths } from '../../config/paths';

/** A run of an answer: plain words, or words that link to one of the site's pages. */
export type AnswerPart = string | { text: string; to: string };

export interface FaqEntry {
  id: string;
  question: string;
  answer: readonly AnswerPart[];
}

export interface FaqGroup {
  id: string;
  title: string;
  entries: readonly FaqEntry[];
}

/**
 * The questions and answers of the FAQ page, as data: the page renders them, and the build
 * writes the same words into the page's FAQPage structured data.
 */
export const faqGroups: readonly FaqGroup[] = [
  {
    id: 'faq-massage',
    title: 'Massage Services',
    entries: [
      {
        id: 'session-length',
        question: 'How long are your massage sessions?',
        answer: [
          "Our sessions last 30, 60 or 90 minutes, depending on the treatment; our Sleepover experience runs overnight. Each treatment's length is listed on the ",
          { text: 'Massage Therapy', to: paths.massageTherapy },
          ' page.',
        ],
      },
      {
        id: 'booking',
        question: 'How do I book, and when do I pay?',
        answer: [
          'Choose your treatments, date and time on our ',
          { text: 'booking page', to: paths.booking },
          ' and pay securely online. Payment is required to secure your booking, and we need a valid phone number to confirm it.',
        ],
      },
      {
        id: 'reminder',
        question: 'Will I get a reminder before my appointment?',
        answer: ['Yes. We send you a reminder email 24 hours before your appointment.'],
      },
      {
        id: 'reschedule',
        question: 'Can I reschedule or cancel my appointment?',
        answer: [
          "Yes, as long as you let us know at least 24 hours before your appointment. We require 24 hours' notice for cancellations too.",
        ],
      },
      {
        id: 'deposit',
        question: 'Do I pay the whole price when I book?',
        answer: [
          'Usually, yes: payment is taken online when you book. Some treatments are booked with a deposit instead: the payment step shows what you pay now and what at the studio. Cancel at least 24 hours before your appointment and we refund what you paid online, deposit included.',
        ],
      },
      {
        id: 'arrival',
        question: 'When should I arrive?',
        answer: ['Please arrive 10 minutes early, so you can settle in and tell your therapist how you feel.'],
      },
    ],
  },
  {
    id: 'faq-skincare',
    title: 'Skincare Products',
    entries: [
      {
        id: 'returns',
        question: 'Can I return a skincare product?',
        answer: [
          'For hygiene reasons we cannot accept returns of opened skincare products, and product sales are final. If something arrives damaged, message us and we will make it right.',
        ],
      },
      {
        id: 'samples',
        question: 'Do you offer free samples?',
        answer: ['We do not offer free samples, but we are happy to help you choose the right product for your skin.'],
      },
      {
        id: 'consultation',
        question: 'Can I get advice on what suits my skin?',
        answer: [
          'Yes: our skincare consultation is free. Ask us in the studio or on WhatsApp and we will recommend a routine for your skin type.',
        ],
      },
      {
        id: 'shipping',
        question: 'How does delivery work?',
        answer: [
          'After you order, we quote the delivery fee over WhatsApp within 1 to 2 hours. Delivery is paid on arrival; the products themselves are paid for online when you order.',
        ],
      },
    ],
  },
];

/** An answer as plain text, for structured data. */
export const answerText = (answer: readonly AnswerPart[]) =>
  answer.map((part) => (typeof part === 'string' ? part : part.text)).join('');
