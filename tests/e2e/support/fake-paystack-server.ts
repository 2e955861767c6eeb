// The fake Paystack served over HTTP on a free local port, for the browser tests: the site under
// test calls it as it would call api.paystack.co, and the browser visits its checkout page.
import { FakePaystack } from '../../fakes/paystack';
import { serveFake } from './fake-server';

export interface FakePaystackServer {
  fake: FakePaystack;
  close(): Promise<void>;
}

export function startFakePaystackServer(secretKey: string): Promise<FakePaystackServer> {
  return serveFake((origin) => new FakePaystack(origin, secretKey));
}
