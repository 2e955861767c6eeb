/**
 * A membership's messages: its start (with the code that spends its sessions) and a month whose
 * card payment failed.
 */

import { Text } from '@react-email/text';
import { formatNaira } from '../../shared/money';
import { withShortReference } from '../../shared/short-reference';
import { formatDate } from '../../shared/time';
import { EmailLayout, type StudioDetails, textStyle } from '../layout';
import { CallUs, callUsText, codeMessage, Greeting, type RenderedMessage, render } from './shared';

export interface MembershipFacts {
  /** The first payment's reference. */
  reference: string;
  name: string;
  planName: string;
  sessionsPerMonth: number;
  treatments: string[];
  price: number;
  shopPercent: number;
  /** The Lagos date of the next monthly payment. */
  renewsOn: string;
  /** The code, grouped (ABCD-EFGH-JKMN): only in the start's message. */
  code?: string;
}

export async function membershipStarted(facts: MembershipFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `Welcome to ${facts.planName}: ${facts.sessionsPerMonth} ${facts.sessionsPerMonth === 1 ? 'session' : 'sessions'} a month of ${facts.treatments.join(', ')}, renewed by card on ${formatDate(facts.renewsOn)}.`;
  const howTo = `Book at ${studio.siteUrl}/booking and enter this code under Package when you pay: each session pays one treatment your membership covers. Unused sessions carry over one month. See or cancel your membership at ${studio.siteUrl}/account.`;
  const rows: Array<[string, string]> = [
    ['Membership', facts.planName],
    ['Sessions a month', String(facts.sessionsPerMonth)],
    ['Treatments', facts.treatments.join(', ')],
    ...(facts.shopPercent > 0 ? ([['Shop discount', `${facts.shopPercent}%`]] as Array<[string, string]>) : []),
    ['Monthly price', formatNaira(facts.price)],
    ['Next payment', formatDate(facts.renewsOn)],
    ['Reference', withShortReference(facts.reference)],
  ];
  return {
    ...(await codeMessage(
      {
        subject: `Welcome to ${facts.planName}: your code inside`,
        heading: 'Your membership has started',
        name: facts.name,
        lead,
        codeOf: 'membership',
        code: facts.code ?? '',
        rows,
        howTo,
      },
      studio,
    )),
    whatsapp: {
      name: 'membership_started',
      parameters: [facts.name, facts.planName, facts.code ?? '', formatDate(facts.renewsOn)],
    },
  };
}

export async function membershipUnpaid(facts: MembershipFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `We could not take this month’s ${formatNaira(facts.price)} for ${facts.planName} from your card, so no new sessions were added.`;
  const next = `Sessions you still have stay yours. To carry on, update your card from your page at ${studio.siteUrl}/account (Manage my membership), and Paystack will try again.`;
  return {
    subject: `${facts.planName}: this month’s payment did not go through`,
    text: [`Dear ${facts.name},`, '', lead, '', next, '', callUsText(studio)].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Your payment did not go through">
        <Greeting name={facts.name} lead={lead} />
        <Text style={textStyle}>{next}</Text>
        <CallUs studio={studio} />
      </EmailLayout>,
    ),
    whatsapp: { name: 'membership_unpaid', parameters: [facts.name, facts.planName, formatNaira(facts.price)] },
  };
}
