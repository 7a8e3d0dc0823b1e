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
