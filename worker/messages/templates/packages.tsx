/**
 * A package bought: the buyer's receipt with its code (by email and WhatsApp), and how to use it.
 */

import { formatNaira } from '../../shared/money';
import { withShortReference } from '../../shared/short-reference';
import { formatDate } from '../../shared/time';
import type { StudioDetails } from '../layout';
import { codeMessage, type RenderedMessage } from './shared';

export interface PackageFacts {
  /** The purchase's payment reference. */
  reference: string;
  name: string;
  buyerName: string;
  sessions: number;
  treatments: string[];
  price: number;
  expiresOn: string;
  /** The code, grouped (ABCD-EFGH-JKMN): only in the buyer's own messages. */
  code: string;
}

export async function packageBought(facts: PackageFacts, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `Thank you for buying ${facts.name}: ${facts.sessions} sessions of ${facts.treatments.join(', ')}, to use until ${formatDate(facts.expiresOn)}.`;
  const howTo = `Book at ${studio.siteUrl}/booking and enter this code under Package when you pay: each session pays one treatment the package covers. Keep the code private; anyone who has it can use your sessions.`;
  const rows: Array<[string, string]> = [
    ['Package', facts.name],
    ['Sessions', String(facts.sessions)],
    ['Treatments', facts.treatments.join(', ')],
    ['Valid until', formatDate(facts.expiresOn)],
    ['Amount paid', formatNaira(facts.price)],
    ['Reference', withShortReference(facts.reference)],
  ];
  return {
    ...(await codeMessage(
      {
        subject: `Your ${facts.name} package: code inside`,
        heading: 'Your package is ready',
        name: facts.buyerName,
        lead,
        codeOf: 'package',
        code: facts.code,
        rows,
        howTo,
      },
      studio,
    )),
    whatsapp: {
      name: 'package_bought',
      parameters: [facts.buyerName, facts.name, facts.code, String(facts.sessions), formatDate(facts.expiresOn)],
    },
  };
}
