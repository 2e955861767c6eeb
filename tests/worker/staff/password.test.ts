import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../../worker/services/staff/password';

describe('admin password hashing', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('correct horse', 'pepper-1');
    expect(stored.startsWith(`pbkdf2-sha256:${PBKDF2_ITERATIONS}:`)).toBe(true);
    expect(await verifyPassword('correct horse', 'pepper-1', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', 'pepper-1', stored)).toBe(false);
  });

  it('depends on the pepper', async () => {
    const stored = await hashPassword('correct horse', 'pepper-1');
    expect(await verifyPassword('correct horse', 'pepper-2', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', 'pepper')).not.toBe(await hashPassword('same', 'pepper'));
  });

  it('refuses a malformed stored hash', async () => {
    for (const stored of ['', 'plain-text', 'pbkdf2-sha256:abc:AAAA:AAAA', 'md5:1:AAAA:AAAA']) {
      expect(await verifyPassword('anything', 'pepper', stored)).toBe(false);
    }
  });

  it('accepts spa-admin-local with the documented local secrets', async () => {
    expect(await verifyPassword('spa-admin-local', env.ADMIN_PASSWORD_PEPPER, env.ADMIN_PASSWORD_HASH)).toBe(true);
  });
});

describe('the PBKDF2 iteration count', () => {
  it('stays at or below 100,000, the most the deployed Workers runtime accepts', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('refuses a stored hash asking for more iterations than the runtime accepts', async () => {
    const stored = await hashPassword('correct horse', 'pepper');
    const greedy = stored.replace(`:${PBKDF2_ITERATIONS}:`, ':100001:');
    expect(await verifyPassword('correct horse', 'pepper', greedy)).toBe(false);
  });
});
