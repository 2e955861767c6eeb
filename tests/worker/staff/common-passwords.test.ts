import packed from 'virtual:common-passwords';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS_ASSET,
  canMeet,
  unpackCommonPasswords,
} from '../../../worker/services/staff/common-password-list';
import { fetchCommonPasswords, passwordMessages, passwordProblem } from '../../../worker/services/staff/password-rules';

const fullList = dictionary['passwords-common'] as string[];

describe('the common-password list the build packs for the Worker', () => {
  it('holds exactly the entries of zxcvbn-ts’s list that a password of 12 or more characters can meet', () => {
    const unpacked = unpackCommonPasswords(packed ?? '');
    const meetable = new Set(fullList.filter(canMeet));
    expect(meetable.size).toBeGreaterThan(30_000);
    expect(unpacked.size).toBe(meetable.size);
    for (const entry of meetable) expect(unpacked.has(entry), entry).toBe(true);
    // Short entries with a digit or symbol at an end ("123456", "qwerty1") cannot be met: the
    // rules take the letters without what is around them, and every password has 12 characters.
    expect(unpacked.has('123456')).toBe(false);
    expect(unpacked.has('password')).toBe(true);
  });

  it('refuses a password whose letters are a common one, anywhere in the list', async () => {
    const cores = fullList.filter((entry) => /^[a-z]+$/.test(entry) && entry.length >= 5);
    const sample = cores.filter((_, index) => index % 1_500 === 0).concat(cores.at(-1) ?? '');
    expect(sample.length).toBeGreaterThan(15);
    for (const core of sample) {
      const password = `2026${core}!`.padEnd(14, '!');
      expect(await passwordProblem(password, null, undefined), password).toBe(passwordMessages.common);
    }
  });

  it('reads the list from the static assets where the production build put it, and says when it cannot', async () => {
    const assets = (status: number, body = '') => ({
      fetch: async (request: Request) => {
        expect(new URL(request.url).pathname).toBe(COMMON_PASSWORDS_ASSET);
        return new Response(body, { status });
      },
    });
    expect(await fetchCommonPasswords(assets(200, packed ?? ''))).toBe(packed);
    await expect(fetchCommonPasswords(assets(404))).rejects.toThrow('could not be read (404)');
    await expect(fetchCommonPasswords(undefined)).rejects.toThrow('no assets');
  });

  it('accepts a long passphrase that is on no list', async () => {
    expect(await passwordProblem('mango tree by the lagoon', null, undefined)).toBeNull();
  });
});
