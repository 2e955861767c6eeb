/**
 * To the owners, each morning: the gift vouchers sold at the desk the day before (who sold which,
 * for how much, paid how), so money taken by hand is seen by someone who did not take it.
 */
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatNaira } from '../../shared/money';
import { studioName } from '../../shared/site-pages';
import { formatDate } from '../../shared/time';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { type RenderedMessage, render } from './shared';

export interface DeskVoucherSale {
  /** "14:05" (Lagos). */
  time: string;
  soldBy: string;
  role: string;
  value: string;
  amount: number;
  payment: string;
  recipientName: string;
  last4: string;
}

export interface DeskVoucherSummaryFacts {
  name: string;
  date: string;
  sales: DeskVoucherSale[];
  /** Naira per way of paying: cash, transfer, POS. */
  byPayment: Array<[string, number]>;
  receptionTotal: number;
  receptionLimit: number;
}

const saleLine = (sale: DeskVoucherSale) =>
  `${sale.time} ${sale.value} (${formatNaira(sale.amount)}), ${sale.payment}, sold by ${sale.soldBy} (${sale.role}), for ${sale.recipientName}${sale.last4 ? `, code …${sale.last4}` : ''}`;

export async function deskVoucherSummary(
  summary: DeskVoucherSummaryFacts,
  studio: StudioDetails,
): Promise<RenderedMessage> {
  const total = summary.sales.reduce((sum, sale) => sum + sale.amount, 0);
  const day = formatDate(summary.date);
  const lead = `${summary.sales.length} gift voucher${summary.sales.length === 1 ? ' was' : 's were'} sold at the desk on ${day}, for ${formatNaira(total)}.`;
  const takings = summary.byPayment.map(([payment, amount]) => `${payment}: ${formatNaira(amount)}`).join('; ');
  const limit = `Reception sold ${formatNaira(summary.receptionTotal)} of its daily limit of ${formatNaira(summary.receptionLimit)}.`;
  const check = 'Please check the cash, transfers and POS slips against these sales.';
  return {
    subject: `Desk gift vouchers on ${day}: ${formatNaira(total)}`,
    text: [
      `Dear ${summary.name},`,
      '',
      lead,
      `Taken: ${takings}.`,
      limit,
      '',
      ...summary.sales.map(saleLine),
      '',
      check,
      '',
      studioName,
    ].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Desk gift vouchers">
        <Text style={textStyle}>
          Dear {summary.name}, {lead}
        </Text>
        <Text style={textStyle}>
          Taken: {takings}. {limit}
        </Text>
        <Section
          style={{ padding: '16px 20px', backgroundColor: colours.sand, borderRadius: '12px', margin: '0 0 20px' }}
        >
          {summary.sales.map((sale) => (
            <Text key={`${sale.time}-${sale.last4}-${sale.amount}`} style={{ ...textStyle, margin: '0 0 8px' }}>
              {saleLine(sale)}
            </Text>
          ))}
        </Section>
        <Text style={textStyle}>{check}</Text>
      </EmailLayout>,
    ),
  };
}
