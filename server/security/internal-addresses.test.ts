import { describe, expect, it } from 'vitest';
import { isInternalAddress } from './internal-addresses.js';

describe('isInternalAddress', () => {
  it('counts loopback, private, link-local (cloud metadata) and carrier-grade NAT addresses as internal', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'])
      expect(isInternalAddress(address), address).toBe(true);
  });

  it('counts IPv6 loopback, unique-local, link-local and multicast addresses as internal', () => {
    for (const address of ['::1', '::', 'fd00:ec2::254', 'fe80::1', 'ff02::1']) expect(isInternalAddress(address), address).toBe(true);
  });

  it('judges an IPv4 address written as IPv6 by its IPv4 part', () => {
    expect(isInternalAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isInternalAddress('64:ff9b::127.0.0.1')).toBe(true);
    expect(isInternalAddress('::ffff:203.0.113.9')).toBe(false);
  });

  it('lets public addresses through', () => {
    for (const address of ['203.0.113.9', '8.8.8.8', '2001:db8::1']) expect(isInternalAddress(address), address).toBe(false);
  });

  it('treats what is not an IP address as internal, so a guard never passes it by mistake', () => {
    expect(isInternalAddress('localhost')).toBe(true);
  });
});
