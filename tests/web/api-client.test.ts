import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NETWORK_ERROR_MESSAGE, request } from '../../web/lib/api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('calls the typed route under /api and returns its JSON', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const body = await request(api.health.$get());
    expect(body).toEqual({ ok: true });
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(new URL(url, 'http://site.test').pathname).toBe('/api/health');
  });

  it('turns an error status into an ApiError carrying the API message', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Slot is full' }, { status: 409 }));
    const error = await request(api.health.$get()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Slot is full', status: 409 });
  });

  it('reports a failed connection as a network error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request(api.health.$get())).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
  });
});
