import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../worker/shared/security-headers';

const origin = 'https://localhost';
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

describe('GET /api/ping/limited', () => {
  it('answers the constant through the forms’ rate limiter: past 20 a minute from one network, 429', async () => {
    const network = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) {
      statuses.push((await fetchApi('/api/ping/limited', { headers: { 'CF-Connecting-IP': network } })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
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

  /** A body sent in chunks, with no Content-Length to refuse it by. */
  const chunked = (chunks: number, size: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < chunks; index += 1) controller.enqueue(new Uint8Array(size).fill(120));
        controller.close();
      },
    });

  it('refuses a chunked body once it passes 100 KB, reading no further than it must', async () => {
    const response = await fetchApi('/api/academy-waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(300, 10 * 1024), // 3 MB
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request body is too large (the limit is 100 KB).' });
  });

  it('hands a chunked body within the limit to the route whole', async () => {
    const body = JSON.stringify({ firstName: 'Ada', email: 'not-an-email', whatsapp: 'x', state: 'Lagos' });
    const bytes = new TextEncoder().encode(body);
    const response = await fetchApi('/api/academy-waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.slice(0, 10));
          controller.enqueue(bytes.slice(10));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    // The route read the whole JSON: its answer is about the email, not a broken body.
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { issues: Array<{ path: string }> }).issues.map((issue) => issue.path),
    ).toContain('email');
  });
});

describe('what an unhandled error logs', () => {
  it('leaves out the values of a failed query (a client’s details or health answers never go into logs)', async () => {
    const { loggable } = await import('../../worker/shared/loggable');
    const error = new Error(
      'Failed query: insert into bookings (name, health_conditions) values (?, ?)\nparams: Ada Obi,["Pregnancy"]',
    );
    const logged = loggable(error);
    expect(logged).toContain('Failed query: insert into bookings');
    expect(logged).not.toMatch(/Ada Obi|Pregnancy/);
  });
});
