/** The code a client signs in to their own page with. */

import { Text } from '@react-email/text';
import { colours, EmailLayout, type StudioDetails, textStyle } from '../layout';
import { codeBoxStyle, type RenderedMessage, render } from './shared';

const codeStyle = { ...codeBoxStyle, fontSize: '28px', letterSpacing: '6px' };

export async function accountCode(code: string, minutes: number, studio: StudioDetails): Promise<RenderedMessage> {
  const lead = `Your code to sign in to your page at ${studio.siteUrl}/account is ${code}. It works for ${minutes} minutes.`;
  const note = 'If you did not ask for it, you can ignore this message: nobody can sign in without the code.';
  return {
    // No secret in a subject: mail lists and lock screens show subjects to anyone nearby.
    subject: 'Your sign-in code',
    text: [lead, '', note].join('\n'),
    html: await render(
      <EmailLayout preview={lead} studio={studio} heading="Your sign-in code">
        <Text style={codeStyle}>{code}</Text>
        <Text style={textStyle}>{lead}</Text>
        <Text style={{ ...textStyle, fontSize: '13px', color: colours.inkSoft }}>{note}</Text>
      </EmailLayout>,
    ),
    // An authentication template: WhatsApp shows the code with a copy button.
    whatsapp: { name: 'account_code', parameters: [code] },
  };
}
