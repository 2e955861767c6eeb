// A provider's fake (tests/fakes/) served over HTTP on a free local port, for the browser tests:
// the site under test calls it as it would call the provider. `inbox` answers a GET of the path
// `/__sent` with what the fake received, so a journey reads a message the way its addressee would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpFake {
  fetch(request: Request): Promise<Response>;
}

export interface FakeServer<Fake extends HttpFake> {
  fake: Fake;
  origin: string;
  close(): Promise<void>;
}

export const SENT_PATH = '/__sent';

export async function serveFake<Fake extends HttpFake>(
  make: (origin: string) => Fake,
  inbox?: (fake: Fake) => unknown,
): Promise<FakeServer<Fake>> {
  let fake: Fake | undefined;
  const server = createServer((incoming, outgoing) => {
    if (!fake) return outgoing.writeHead(503).end();
    if (inbox && incoming.method === 'GET' && incoming.url === SENT_PATH) {
      return outgoing.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(inbox(fake)));
    }
    handle(fake, origin, incoming, outgoing).catch((error: unknown) => {
      outgoing.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  fake = make(origin);
  return {
    fake,
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Node request → fetch Request → the fake → Node response. */
async function handle(fake: HttpFake, origin: string, incoming: IncomingMessage, outgoing: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  const request = new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  const response = await fake.fetch(request);
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}
