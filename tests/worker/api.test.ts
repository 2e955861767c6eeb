import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../worker/shared/security-headers';

const origin = 'https://studio.test';
const fetchApi = (path: string, init?: RequestInit) => exports.default.fetch(`${origin}${path}`, init);

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(response.headers.get(name), name).toBe(value);
  }
}

describe('GET /api/health', () => {
  it('answers ok after querying D1', async () => {
    const response = await fetchApi('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('carries the security headers', async () => {
    const response = await fetchApi('/api/health');
    expectSecurityHeaders(response);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('Strict-Transport-Security') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404 naming the route', async () => {
    const response = await fetchApi('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/does-not-exist' });
    expectSecurityHeaders(response);
  });

  it('answer 404 for a known path with the wrong method', async () => {
    const response = await fetchApi('/api/health', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('message');
  });
});

describe('request body limit', () => {
  it('refuses a body over 100 KB with 413 before any route runs', async () => {
    const response = await fetchApi('/api/health', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(101 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large (the limit is 100 KB).' });
    expectSecurityHeaders(response);
  });

  it('lets a body just under the limit through to routing', async () => {
    const response = await fetchApi('/api/health', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(99 * 1024) }),
    });
    expect(response.status).toBe(404);
  });
});
