import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../../worker/env';
import { notFound, onError } from '../../worker/middleware/errors';
import { validate } from '../../worker/middleware/validate';

// A small app wired with the API's own validator and error handlers, so their contract is
// proven here once, independently of any one resource's routes.
const app = new Hono<AppEnv>()
  .post('/things', validate('json', z.object({ name: z.string().min(1, 'Name is required'), size: z.number() })), (c) =>
    c.json({ created: c.req.valid('json').name }, 201),
  )
  .get('/boom', () => {
    throw new Error('database password is hunter2');
  })
  .get('/teapot', () => {
    throw new HTTPException(409, { message: 'That slot was just taken.' });
  });
app.onError(onError);
app.notFound(notFound);

const postJson = (body: string) =>
  app.request('/things', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('validation errors', () => {
  it('answer 400 with the first message and every issue with its path', async () => {
    const response = await postJson(JSON.stringify({ name: '', size: 'big' }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
    expect(body.message).toBe('Name is required');
    expect(body.issues.map((issue) => issue.path)).toEqual(['name', 'size']);
  });

  it('answer 400 for malformed JSON', async () => {
    const response = await postJson('{"name": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('message');
  });

  it('let valid input through to the handler', async () => {
    const response = await postJson(JSON.stringify({ name: 'Oil', size: 100 }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ created: 'Oil' });
  });
});

describe('thrown errors', () => {
  it('become a JSON 500 that reveals nothing and are logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/\n\s+at /);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it('keep the status and message of an HTTPException', async () => {
    const response = await app.request('/teapot');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'That slot was just taken.' });
  });
});
