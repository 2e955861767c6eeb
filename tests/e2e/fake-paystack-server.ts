// The fake Paystack served over HTTP on a free local port, for the browser tests: the site under
// test calls it as it would call api.paystack.co, and the browser visits its checkout page.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakePaystack } from '../fakes/paystack';

export interface FakePaystackServer {
  fake: FakePaystack;
  close(): Promise<void>;
}

export async function startFakePaystackServer(secretKey: string): Promise<FakePaystackServer> {
  let fake: FakePaystack | undefined;
  const server = createServer((incoming, outgoing) => {
    if (!fake) return outgoing.writeHead(503).end();
    handle(fake, incoming, outgoing).catch((error: unknown) => {
      outgoing.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake = new FakePaystack(`http://127.0.0.1:${port}`, secretKey);
  return {
    fake,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Node request → fetch Request → the fake → Node response. */
async function handle(fake: FakePaystack, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  const request = new Request(new URL(incoming.url ?? '/', fake.baseUrl), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  const response = await fake.fetch(request);
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}
