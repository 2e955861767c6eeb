import { describe, expect, it } from 'vitest';
import { networkOf } from '../../worker/middleware/client-network';

describe('the network a limit counts', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1::', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it('puts every address of one /64 together, and the next /64 apart', () => {
    const a = networkOf('2001:db8:aa:bb:1::1');
    expect(networkOf('2001:db8:aa:bb:ffff:ffff:ffff:ffff')).toBe(a);
    expect(networkOf('2001:db8:aa:bc::1')).not.toBe(a);
  });

  it('has no network for an empty address', () => {
    expect(networkOf('')).toBeUndefined();
  });
});
