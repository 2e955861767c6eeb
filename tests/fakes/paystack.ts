/**
 * A stand-in for Paystack that speaks its documented HTTP API (../shared/vendor/paystack-openapi):
 * POST /transaction/initialize, GET /transaction/verify/:reference, a hosted checkout page,
 * webhook events signed with HMAC-SHA512 of the raw body, and refunds (POST /refund, GET
 * /refund/:id). It checks each request the way Paystack
 * would (Bearer key, required fields, kobo integers, reference characters, absolute callback URL),
 * so the project's real client is what gets tested. Plain fetch-API code: it runs in workerd (via
 * a fetch handler) and in Node (wrapped in an HTTP server for the browser tests).
 */
import { hmacHex } from './hmac';
import { FakeSubscriptions, type SignedEvent } from './paystack-subscriptions';

export interface FakeTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned';
  accessCode: string;
  /** The plan a subscription's first charge is for. */
  plan?: string;
}

export interface FakeRefund {
  id: number;
  transaction: string;
  /** Kobo. */
  amount: number;
  status: 'pending' | 'processing' | 'processed' | 'failed';
}

export interface InitializeCall {
  authorization: string | null;
  body: Record<string, unknown>;
}

export class FakePaystack {
  readonly transactions = new Map<string, FakeTransaction>();
  readonly initializeCalls: InitializeCall[] = [];
  readonly verifyCalls: string[] = [];
  readonly refunds = new Map<number, FakeRefund>();
  /** The body of every POST /refund, refused or not. */
  readonly refundCalls: Array<Record<string, unknown>> = [];
  /** When set, POST /refund alone answers this status (the rest of the API keeps working). */
  refundOutage: number | undefined;
  /** The status Paystack gives a refund it has just accepted. */
  refundStatusOnCreate: FakeRefund['status'] = 'pending';
  /** When set, every API call answers this status (simulating an outage). */
  outage: number | undefined;
  /** When set, calls never answer (simulating a hang; the client must time out). */
  hang = false;
  /**
   * The share of API calls that go wrong: half fail before Paystack does anything (503), half
   * are carried out but their answer is lost on the way back (the connection drops).
   */
  faultRate = 0;
  /** How many calls went wrong each way. */
  readonly faults = { refused: 0, lost: 0 };
  /**
   * When set, paying on the hosted checkout page first posts the signed charge.success event here
   * (as Paystack's webhook does, often before the visitor is back on the callback page).
   */
  webhookUrl: string | undefined;
  /** The HTTP status the site answered to each webhook delivered to webhookUrl. */
  readonly webhookStatuses: number[] = [];
  /** Plans and subscriptions (paystack-subscriptions.ts). */
  readonly subscriptions = new FakeSubscriptions(() => this.secretKey);

  constructor(
    readonly baseUrl: string,
    readonly secretKey: string,
  ) {}

  handles(url: string): boolean {
    return url.startsWith(this.baseUrl);
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path.startsWith('/checkout/')) {
      const accessCode = path.slice('/checkout/'.length);
      return request.method === 'POST' ? this.checkoutOutcome(accessCode, request) : this.checkoutPage(accessCode);
    }
    if (this.hang) {
      // Like a stalled connection: nothing comes back until the caller gives up (aborts).
      return new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    if (this.outage) return Response.json({ status: false, message: 'Service unavailable' }, { status: this.outage });
    if (this.faultRate > 0 && Math.random() < this.faultRate) {
      if (Math.random() < 0.5) {
        this.faults.refused += 1;
        return Response.json({ status: false, message: 'Service unavailable' }, { status: 503 });
      }
      this.faults.lost += 1;
      await this.api(request);
      throw new TypeError('Network connection lost.');
    }
    return this.api(request);
  }

  /** The API itself: what Paystack does with a call that reaches it. */
  private async api(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (request.headers.get('Authorization') !== `Bearer ${this.secretKey}`) {
      return Response.json({ status: false, message: 'Invalid key' }, { status: 401 });
    }
    if (request.method === 'POST' && path === '/transaction/initialize') return this.initialize(request);
    const ofSubscriptions = await this.subscriptions.api(request, path);
    if (ofSubscriptions) return ofSubscriptions;
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && verify?.[1]) return this.verify(decodeURIComponent(verify[1]));
    if (request.method === 'POST' && path === '/refund') return this.refund(request);
    const refund = /^\/refund\/(\d+)$/.exec(path);
    if (request.method === 'GET' && refund?.[1]) return this.fetchRefund(Number(refund[1]));
    return Response.json({ status: false, message: 'Not found' }, { status: 404 });
  }

  /** POST /refund: a full refund of a successful transaction, once (Paystack refuses a second). */
  private async refund(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    this.refundCalls.push(body ?? {});
    if (this.refundOutage) {
      return Response.json({ status: false, message: 'Service unavailable' }, { status: this.refundOutage });
    }
    if (typeof body?.transaction !== 'string' || body.transaction === '') {
      return Response.json({ status: false, message: 'Transaction reference is required' }, { status: 400 });
    }
    if (body.amount !== undefined && (!Number.isInteger(body.amount) || (body.amount as number) <= 0)) {
      return Response.json({ status: false, message: 'Invalid amount' }, { status: 400 });
    }
    const transaction = this.transactions.get(body.transaction);
    if (transaction?.status !== 'success') {
      return Response.json({ status: false, message: 'Transaction not found' }, { status: 404 });
    }
    const refunded = [...this.refunds.values()].some(
      (refund) => refund.transaction === transaction.reference && refund.status !== 'failed',
    );
    if (refunded)
      return Response.json({ status: false, message: 'Transaction has been fully reversed' }, { status: 400 });
    const refund: FakeRefund = {
      id: 1000 + this.refunds.size,
      transaction: transaction.reference,
      amount: (body.amount as number | undefined) ?? transaction.amount,
      status: this.refundStatusOnCreate,
    };
    this.refunds.set(refund.id, refund);
    return Response.json({
      status: true,
      message: 'Refund has been queued for processing',
      data: this.refundData(refund),
    });
  }

  private fetchRefund(id: number): Response {
    const refund = this.refunds.get(id);
    if (!refund) return Response.json({ status: false, message: 'Refund not found' }, { status: 404 });
    return Response.json({ status: true, message: 'Refund retrieved', data: this.refundData(refund) });
  }

  private refundData(refund: FakeRefund) {
    return {
      id: refund.id,
      integration: 1,
      domain: 'test',
      transaction: { id: 1, reference: refund.transaction, amount: refund.amount },
      amount: refund.amount,
      deducted_amount: 0,
      currency: 'NGN',
      channel: null,
      merchant_note: '',
      customer_note: '',
      status: refund.status,
      refunded_by: 'studio@example.com',
      expected_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      fully_deducted: false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
  }

  private async initialize(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    this.initializeCalls.push({ authorization: request.headers.get('Authorization'), body: body ?? {} });
    const problem = validateInitialize(body);
    if (problem) return Response.json({ status: false, message: problem, type: 'validation_error' }, { status: 400 });
    const reference = String(body?.reference);
    if (this.transactions.has(reference)) {
      return Response.json(
        { status: false, message: 'Duplicate Transaction Reference', code: 'duplicate_reference' },
        { status: 400 },
      );
    }
    const planCode = typeof body?.plan === 'string' ? body.plan : undefined;
    const plan = planCode ? this.subscriptions.plans.get(planCode) : undefined;
    if (planCode && !plan) return Response.json({ status: false, message: 'Plan not found' }, { status: 400 });
    const accessCode = crypto.randomUUID().slice(0, 12);
    this.transactions.set(reference, {
      reference,
      email: String(body?.email),
      // A plan's amount replaces the one sent (Paystack: "This would invalidate the value provided in amount").
      amount: plan ? plan.amount : Number(body?.amount),
      plan: planCode,
      currency: String(body?.currency ?? 'NGN'),
      callbackUrl: String(body?.callback_url),
      metadata: body?.metadata,
      status: 'ongoing',
      accessCode,
    });
    return Response.json({
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${this.baseUrl}/checkout/${accessCode}`, access_code: accessCode, reference },
    });
  }

  private verify(reference: string): Response {
    this.verifyCalls.push(reference);
    const transaction = this.transactions.get(reference);
    if (!transaction)
      return Response.json({ status: false, message: 'Transaction reference not found' }, { status: 404 });
    return Response.json({ status: true, message: 'Verification successful', data: this.transactionData(transaction) });
  }

  /** The hosted page a visitor pays on: Pay or Cancel, each returning to the callback URL. */
  private checkoutPage(accessCode: string): Response {
    const transaction = this.byAccessCode(accessCode);
    if (!transaction) return new Response('Unknown checkout', { status: 404 });
    const naira = (transaction.amount / 100).toLocaleString('en-NG');
    return new Response(
      `<!doctype html><html lang="en"><title>Fake Paystack checkout</title><link rel="icon" href="data:,">
<h1>Pay NGN ${naira}</h1><p>${transaction.email}</p>
<form method="post"><button name="outcome" value="pay">Pay NGN ${naira}</button>
<button name="outcome" value="cancel">Cancel payment</button></form></html>`,
      { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    );
  }

  private async checkoutOutcome(accessCode: string, request: Request): Promise<Response> {
    const transaction = this.byAccessCode(accessCode);
    if (!transaction) return new Response('Unknown checkout', { status: 404 });
    const paid = (await request.formData()).get('outcome') === 'pay';
    this.settle(transaction.reference, paid ? 'success' : 'abandoned');
    if (paid) {
      const charge = await this.webhook(transaction.reference);
      // A plan's first charge also starts the customer's subscription: two events, in either order.
      const subscription = transaction.plan
        ? this.subscriptions.subscribe(transaction.plan, transaction.email)
        : undefined;
      const created = subscription ? [await this.subscriptions.created(subscription)] : [];
      const events = this.subscriptions.firstEvent === 'charge.success' ? [charge, ...created] : [...created, charge];
      for (const event of events) await this.deliver(event);
    }
    const back = new URL(transaction.callbackUrl);
    back.searchParams.set('trxref', transaction.reference);
    back.searchParams.set('reference', transaction.reference);
    return new Response(null, { status: 302, headers: { Location: back.href } });
  }

  /** Posts a signed event to webhookUrl, as Paystack does (nothing when no URL is set). */
  async deliver(event: SignedEvent): Promise<void> {
    if (!this.webhookUrl) return;
    const delivery = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-paystack-signature': event.signature },
      body: event.body,
    });
    this.webhookStatuses.push(delivery.status);
  }

  private byAccessCode(accessCode: string): FakeTransaction | undefined {
    return [...this.transactions.values()].find((candidate) => candidate.accessCode === accessCode);
  }

  transactionData(transaction: FakeTransaction) {
    return {
      id: 1,
      domain: 'test',
      status: transaction.status,
      reference: transaction.reference,
      amount: transaction.amount,
      currency: transaction.currency,
      gateway_response: transaction.status === 'success' ? 'Successful' : 'Pending',
      paid_at: transaction.status === 'success' ? new Date().toISOString() : null,
      channel: 'card',
      metadata: transaction.metadata,
      plan: this.subscriptions.planOfCharge(transaction.plan),
      customer: this.subscriptions.customer(transaction.email),
    };
  }

  /** What happens at Paystack when the customer pays (or not); `amount` overrides what was charged. */
  settle(
    reference: string,
    status: FakeTransaction['status'],
    overrides: Partial<FakeTransaction> = {},
  ): FakeTransaction {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack has no transaction ${reference}`);
    Object.assign(transaction, { status }, overrides);
    return transaction;
  }

  /** A charge.success webhook as Paystack would send it, signed with the secret key. */
  async webhook(reference: string, secretKey = this.secretKey): Promise<{ body: string; signature: string }> {
    const transaction = this.transactions.get(reference);
    if (!transaction) throw new Error(`fake Paystack has no transaction ${reference}`);
    const body = JSON.stringify({ event: 'charge.success', data: this.transactionData(transaction) });
    return { body, signature: await hmacHex('SHA-512', secretKey, body) };
  }
}

function validateInitialize(body: Record<string, unknown> | null): string | undefined {
  if (!body) return 'Invalid JSON body';
  if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email))
    return 'Invalid Email Address Passed';
  if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return 'Invalid Amount Sent';
  if (body.currency !== undefined && body.currency !== 'NGN') return 'Currency not supported by merchant';
  if (body.reference !== undefined && !/^[A-Za-z0-9.=-]+$/.test(String(body.reference))) return 'Invalid reference';
  if (body.callback_url !== undefined && !/^https?:\/\//.test(String(body.callback_url))) return 'Invalid callback url';
  if (body.metadata !== undefined && (typeof body.metadata !== 'object' || body.metadata === null)) {
    return 'Metadata must be an object';
  }
  return undefined;
}
