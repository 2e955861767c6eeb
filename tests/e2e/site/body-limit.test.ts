// Oversize bodies through the real local server (wrangler's proxy in front of the Worker, as
// `npm start` runs it): every one gets the 413 and its message, never a dropped connection or a
// 500, however often it is sent.
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const limitMessage = 'The request body is too large (the limit is 100 KB).';

const post = (body: BodyInit) =>
  fetch(`${baseUrl}/api/academy-waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);

describe('an oversize body', () => {
  it('gets 413 with its message every time, 30 times over (3 MB with its Content-Length)', async () => {
    const threeMegabytes = JSON.stringify({ firstName: 'x'.repeat(3_000_000) });
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      try {
        const response = await post(threeMegabytes);
        outcomes.push(`${response.status} ${((await response.json()) as { message: string }).message}`);
      } catch (error) {
        outcomes.push(`failed: ${(error as Error).message}`);
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 30 }, () => `413 ${limitMessage}`));
  });

  it('gets 413 when it comes in chunks with no Content-Length', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < 200; index += 1) controller.enqueue(new Uint8Array(16 * 1024).fill(120));
          controller.close();
        },
      });
      const response = await post(chunks);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: limitMessage });
    }
  });
});
