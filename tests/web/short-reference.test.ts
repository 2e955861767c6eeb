import { describe, expect, it } from 'vitest';
import { shortReference, withShortReference } from '../../worker/shared/short-reference';

describe('a short reference', () => {
  it('is the last six characters, in capitals, in two groups to read out', () => {
    expect(shortReference('BK-20261202-0f3c9a81b2d4e6a3f9c1')).toBe('A3F 9C1');
    expect(shortReference('OR-20261202-00000000000000ab12cd')).toBe('AB1 2CD');
  });

  it('stands before the long one', () => {
    expect(withShortReference('BK-20261202-0f3c9a81b2d4e6a3f9c1')).toBe('A3F 9C1 (BK-20261202-0f3c9a81b2d4e6a3f9c1)');
  });
});
