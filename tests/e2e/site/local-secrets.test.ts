// Every secret .dev.vars.example documents reaches the Worker locally (scripts/lib/local-secrets.ts):
// the browser tests' site is served from a .dev.vars that sets the optional WhatsApp secrets, as a
// studio trying WhatsApp on its laptop would, and the webhook takes Meta's handshake and a message
// signed with the app secret (without them it refuses everything), and messages go out with the token.
import { describe, expect, inject, it } from 'vitest';
import { metaWebhook } from '../../fakes/whatsapp';
import { WHATSAPP } from '../support/global-setup';
import { whatsappsTo } from '../support/phone';

const baseUrl = inject('baseUrl');
const whatsappInbox = inject('whatsappInbox');
const webhook = `${baseUrl}/api/whatsapp/webhook`;

describe('local secrets from .dev.vars', () => {
  it('reach the WhatsApp webhook: the handshake with the verify token, a signed message taken, a forged one refused', async () => {
    const handshake = new URLSearchParams({
      'hub.mode': 'subscribe',
      'hub.verify_token': WHATSAPP.verifyToken,
      'hub.challenge': '1158201444',
    });
    const shaken = await fetch(`${webhook}?${handshake}`);
    expect(shaken.status).toBe(200);
    expect(await shaken.text()).toBe('1158201444');

    const signed = await metaWebhook('2348035550199', 'Hello', WHATSAPP.appSecret);
    const taken = await fetch(webhook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signed.signature },
      body: signed.body,
    });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ received: true });

    const forged = await metaWebhook('2348035550199', 'Hello', 'not-the-app-secret');
    const refused = await fetch(webhook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': forged.signature },
      body: signed.body,
    });
    expect(refused.status).toBe(401);
  });

  it('reach the WhatsApp sender: a sign-in code goes out with the token', async () => {
    const phone = '0809 444 5555'; // a known client's number (global-setup ACCOUNT_VISIT)
    const before = (await whatsappsTo(whatsappInbox, phone, 'account_code')).length;
    const asked = await fetch(`${baseUrl}/api/account/code`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl },
      body: JSON.stringify({ contact: phone }),
    });
    expect(asked.status).toBe(202);
    await expect.poll(async () => (await whatsappsTo(whatsappInbox, phone, 'account_code')).length).toBe(before + 1);
  });
});
