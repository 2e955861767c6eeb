// Every key .dev.vars.example documents reaches the Worker when it runs locally, while the config
// that deploys requires only the secrets a studio cannot run without (scripts/lib/local-secrets.ts).
// The browser tests' site proves the optional WhatsApp ones arrive (tests/e2e/site/local-secrets.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tomlVars } from '../../scripts/lib/deploy-check';
import { parseDevVars } from '../../scripts/lib/dev-vars';
import { withEveryLocalSecret } from '../../scripts/lib/local-secrets';

const toml = readFileSync('wrangler.toml', 'utf8');
const required = JSON.parse(
  (/^\[secrets\]\s*required\s*=\s*(\[[^\]]*\])/m.exec(toml)?.[1] ?? '[]').replace(/,\s*\]/, ']'),
) as string[];
const documented = Object.keys(parseDevVars(readFileSync('.dev.vars.example', 'utf8')));

describe('local secrets', () => {
  it('deploys without the optional WhatsApp secrets', () => {
    expect(required).toContain('PAYSTACK_SECRET_KEY');
    for (const optional of ['WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']) {
      expect(documented).toContain(optional);
      expect(required).not.toContain(optional);
    }
  });

  it('loads every documented key locally: as a secret, or over a [vars] value', () => {
    const vars = tomlVars(toml);
    const local = withEveryLocalSecret({ vars, secrets: { required } }).secrets.required ?? [];
    for (const key of documented) expect(local.includes(key) || key in vars, key).toBe(true);
    expect(local).toEqual(expect.arrayContaining(required));
  });
});
