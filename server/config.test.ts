import { describe, expect, it } from 'vitest';
import { parseConfig, publicOrigin } from './config.ts';

const origin = (env: Record<string, string>) => publicOrigin(parseConfig(env));

describe('publicOrigin', () => {
  it('is PUBLIC_URL without its trailing slash, whatever else is set', () => {
    expect(origin({ PUBLIC_URL: 'https://kindred.example/', APP_HOST: 'other.example', PORT: '8080' })).toBe('https://kindred.example');
  });

  it('is http://APP_HOST without PUBLIC_URL, its port kept', () => {
    expect(origin({ APP_HOST: 'Kindred.Example:8443' })).toBe('http://kindred.example:8443');
    expect(origin({ APP_HOST: 'kindred.example', PUBLIC_URL: '' })).toBe('http://kindred.example');
  });

  it('is the listening address without either, a wildcard address read as localhost', () => {
    expect(origin({})).toBe('http://localhost:3000');
    expect(origin({ HOST: '::', PORT: '8080' })).toBe('http://localhost:8080');
    expect(origin({ HOST: '127.0.0.1', PORT: '3210' })).toBe('http://127.0.0.1:3210');
    expect(origin({ HOST: '::1', PORT: '3210' })).toBe('http://[::1]:3210');
  });
});

describe('VAPID keys', () => {
  const pub = `B${'a'.repeat(86)}`;
  const priv = 'b'.repeat(43);

  it('are taken together, with a mailto: or https: subject', () => {
    const c = parseConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: 'mailto:ops@kindred.example' });
    expect([c.VAPID_PUBLIC_KEY, c.VAPID_PRIVATE_KEY, c.VAPID_SUBJECT]).toEqual([pub, priv, 'mailto:ops@kindred.example']);
    expect(parseConfig({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).VAPID_PUBLIC_KEY).toBe(undefined);
  });

  it('refuse one without the other, a key of the wrong form, and an http subject', () => {
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseConfig({ VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: pub.slice(1), VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseConfig({ VAPID_SUBJECT: 'http://kindred.example' })).toThrow(/VAPID_SUBJECT/);
  });
});
