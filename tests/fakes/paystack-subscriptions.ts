/**
 * The fake Paystack's plans and subscriptions (paystack.ts routes to it): POST /plan, PUT
 * /plan/:code, GET /subscription/:code/manage/link, a subscription made when a plan's first charge
 * is paid on the checkout page, and the events Paystack sends about it (charge.success of each
 * month, subscription.create, invoice.payment_failed, subscription.not_renew,
 * subscription.disable), signed as every webhook is. The shapes follow the OpenAPI file's plan and
 * subscription objects and Paystack's documented event payloads.
 */
import { hmacHex } from './hmac';

export interface FakePlan {
  planCode: string;
  name: string;
  /** Kobo. */
  amount: number;
  interval: string;
  description: string | null;
}

export interface FakeSubscription {
  subscriptionCode: string;
  emailToken: string;
  planCode: string;
  email: string;
  customerCode: string;
  status: 'active' | 'attention' | 'non-renewing' | 'complete' | 'cancelled';
  nextPaymentDate: string;
}

export type SignedEvent = { body: string; signature: string };

const INTERVALS = ['daily', 'weekly', 'monthly', 'biannually', 'annually'];
const randomCode = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 15)}`;
const monthAfter = (from: Date) => new Date(from.getTime() + 30 * 86_400_000).toISOString();

export class FakeSubscriptions {
  readonly plans = new Map<string, FakePlan>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** The body of every POST /plan and PUT /plan/:code. */
  readonly planCalls: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  /** Which of a new subscription's two events Paystack sends first. */
  firstEvent: 'charge.success' | 'subscription.create' = 'charge.success';

  constructor(private readonly secretKey: () => string) {}

  /** The API calls it answers, or undefined for another path. */
  async api(request: Request, path: string): Promise<Response | undefined> {
    if (path === '/plan' && request.method === 'POST') return this.createPlan(request);
    const plan = /^\/plan\/([^/]+)$/.exec(path);
    if (plan?.[1] && request.method === 'PUT') return this.updatePlan(request, decodeURIComponent(plan[1]));
    const manage = /^\/subscription\/([^/]+)\/manage\/link$/.exec(path);
    if (manage?.[1] && request.method === 'GET') return this.manageLink(decodeURIComponent(manage[1]));
    return undefined;
  }

  private async createPlan(request: Request): Promise<Response> {
    const body = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    this.planCalls.push({ method: 'POST', path: '/plan', body });
    if (typeof body.name !== 'string' || body.name.trim() === '') return refused('Plan name is required');
    if (!Number.isInteger(body.amount) || (body.amount as number) < 10_000) return refused('Invalid amount');
    if (!INTERVALS.includes(String(body.interval))) return refused('Invalid interval');
    if (body.currency !== undefined && body.currency !== 'NGN') return refused('Currency not supported');
    const plan: FakePlan = {
      planCode: randomCode('PLN'),
      name: body.name,
      amount: body.amount as number,
      interval: String(body.interval),
      description: typeof body.description === 'string' ? body.description : null,
    };
    this.plans.set(plan.planCode, plan);
    return Response.json({ status: true, message: 'Plan created', data: this.planData(plan) });
  }

  private async updatePlan(request: Request, code: string): Promise<Response> {
    const body = ((await request.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    this.planCalls.push({ method: 'PUT', path: `/plan/${code}`, body });
    const plan = this.plans.get(code);
    if (!plan) return Response.json({ status: false, message: 'Plan not found' }, { status: 404 });
    if (body.amount !== undefined && (!Number.isInteger(body.amount) || (body.amount as number) < 10_000)) {
      return refused('Invalid amount');
    }
    if (typeof body.name === 'string') plan.name = body.name;
    if (typeof body.amount === 'number') plan.amount = body.amount;
    return Response.json({ status: true, message: 'Plan updated. 0 subscription(s) affected' });
  }

  private manageLink(code: string): Response {
    const subscription = this.subscriptions.get(code);
    if (!subscription) return Response.json({ status: false, message: 'Subscription not found' }, { status: 404 });
    return Response.json({
      status: true,
      message: 'Link generated',
      data: { link: `https://paystack.com/manage/subscriptions/${subscription.subscriptionCode}?subscription_token=x` },
    });
  }

  planData(plan: FakePlan) {
    return {
      name: plan.name,
      plan_code: plan.planCode,
      description: plan.description,
      amount: plan.amount,
      interval: plan.interval,
      send_invoices: true,
      send_sms: true,
      currency: 'NGN',
      id: 1,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
  }

  /** The plan a charge was for, as Paystack shows it on the charge (or {} for a one-off charge). */
  planOfCharge(planCode: string | undefined) {
    const plan = planCode ? this.plans.get(planCode) : undefined;
    return plan
      ? { id: 1, name: plan.name, plan_code: plan.planCode, interval: plan.interval, amount: plan.amount }
      : {};
  }

  /** The customer as events show them. */
  customer(email: string) {
    return { id: 1, first_name: '', last_name: '', email, customer_code: `CUS_${email.replace(/[^a-z0-9]/gi, '')}` };
  }

  /** Paid on the checkout page with a plan: the customer is now subscribed. */
  subscribe(planCode: string, email: string): FakeSubscription {
    const subscription: FakeSubscription = {
      subscriptionCode: randomCode('SUB'),
      emailToken: crypto.randomUUID().slice(0, 15),
      planCode,
      email,
      customerCode: this.customer(email).customer_code,
      status: 'active',
      nextPaymentDate: monthAfter(new Date()),
    };
    this.subscriptions.set(subscription.subscriptionCode, subscription);
    return subscription;
  }

  /** Finds the one subscription of `email` (the tests' member), its code for the events below. */
  subscriptionOf(email: string): FakeSubscription {
    const found = [...this.subscriptions.values()].find((each) => each.email === email);
    if (!found) throw new Error(`fake Paystack has no subscription for ${email}`);
    return found;
  }

  private subscriptionData(subscription: FakeSubscription) {
    const plan = this.plans.get(subscription.planCode);
    return {
      domain: 'test',
      status: subscription.status,
      subscription_code: subscription.subscriptionCode,
      email_token: subscription.emailToken,
      amount: plan?.amount ?? 0,
      cron_expression: '0 0 * * *',
      next_payment_date: subscription.status === 'active' ? subscription.nextPaymentDate : null,
      open_invoice: null,
      createdAt: new Date().toISOString(),
      plan: plan ? this.planData(plan) : {},
      authorization: { authorization_code: 'AUTH_fake', channel: 'card', card_type: 'visa', last4: '4081' },
      customer: this.customer(subscription.email),
    };
  }

  async sign(event: string, data: unknown): Promise<SignedEvent> {
    const body = JSON.stringify({ event, data });
    return { body, signature: await hmacHex('SHA-512', this.secretKey(), body) };
  }

  /** subscription.create, as sent when the first charge made it. */
  created(subscription: FakeSubscription): Promise<SignedEvent> {
    return this.sign('subscription.create', this.subscriptionData(subscription));
  }

  /** A month's charge.success: a new transaction of Paystack's own reference, for the plan's amount. */
  renewal(subscription: FakeSubscription, reference = `T${Date.now()}${Math.floor(Math.random() * 1000)}`) {
    const plan = this.plans.get(subscription.planCode);
    subscription.status = 'active';
    subscription.nextPaymentDate = monthAfter(new Date(subscription.nextPaymentDate));
    return this.sign('charge.success', {
      id: 2,
      domain: 'test',
      status: 'success',
      reference,
      amount: plan?.amount ?? 0,
      currency: 'NGN',
      gateway_response: 'Approved',
      paid_at: new Date().toISOString(),
      channel: 'card',
      metadata: {},
      plan: this.planOfCharge(subscription.planCode),
      customer: this.customer(subscription.email),
    });
  }

  /** invoice.payment_failed: the month's charge was declined. */
  paymentFailed(subscription: FakeSubscription, invoiceCode = randomCode('INV')): Promise<SignedEvent> {
    subscription.status = 'attention';
    const plan = this.plans.get(subscription.planCode);
    return this.sign('invoice.payment_failed', {
      domain: 'test',
      invoice_code: invoiceCode,
      amount: plan?.amount ?? 0,
      period_start: new Date().toISOString(),
      period_end: subscription.nextPaymentDate,
      status: 'failed',
      paid: false,
      paid_at: null,
      description: null,
      authorization: { authorization_code: 'AUTH_fake', channel: 'card' },
      subscription: {
        status: subscription.status,
        subscription_code: subscription.subscriptionCode,
        email_token: subscription.emailToken,
        amount: plan?.amount ?? 0,
        next_payment_date: subscription.nextPaymentDate,
      },
      customer: this.customer(subscription.email),
      transaction: {},
      created_at: new Date().toISOString(),
    });
  }

  /** subscription.not_renew: the member cancelled; it runs to the end of the paid month. */
  notRenewing(subscription: FakeSubscription): Promise<SignedEvent> {
    subscription.status = 'non-renewing';
    return this.sign('subscription.not_renew', this.subscriptionData(subscription));
  }

  /** subscription.disable: it is over (cancelled, or its last invoice failed for good). */
  disabled(subscription: FakeSubscription, status: 'complete' | 'cancelled' = 'cancelled'): Promise<SignedEvent> {
    subscription.status = status;
    return this.sign('subscription.disable', this.subscriptionData(subscription));
  }
}

const refused = (message: string) => Response.json({ status: false, message }, { status: 400 });
