import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  type CheckoutPurpose,
  canConvertTrial,
  canRenewMembership,
  canStartRenewal,
  checkoutLapsed,
  checkoutReturnPaths,
  isAwaitingPayment,
  PAYMENT_TEXTS,
  type PaidPlan,
  PENDING_PAID_REGISTRATION,
  paidPlanOf,
  type VerifyPaymentResponse,
} from '../../../domain';
import { type CheckoutSessionRow, checkoutSessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, enforce, HttpError, notFound } from '../../lib/errors';
import {
  removeUnpaidRegistrations,
  unpaidRegistrationLapsed,
} from '../../lib/unpaid-registrations';
import { findUserByEmail } from '../auth/login-service';
import { refuseBannedEmail } from '../moderation/standing';
import { createAccount } from '../registration/create-account';
import { registrationPending, takeRegisterSlot, userExists } from '../registration/service';
import type { PaymentProvider } from './provider';
import type { createWebhookHandler } from './webhook';

type Webhook = ReturnType<typeof createWebhookHandler>;

const PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
const NO_MATCH = 'No account matches this user and e-mail.';
const VERIFY_MESSAGES: Record<CheckoutPurpose, string> = {
  registration: 'Payment received. Your registration is awaiting admin approval.',
  renewal: 'Payment received. Your membership has been renewed.',
  conversion: 'Payment received. Your trial is now a paid membership.',
};

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export function createPaymentsService(deps: AppDeps, provider: PaymentProvider, webhook: Webhook) {
  const { db } = deps.database;
  const { config } = deps;

  /**
   * Opens a checkout at the provider and stores it (amount and currency from OUR table) before
   * the URL is answered, so every completion the webhook sees has a row to be checked against.
   */
  async function openCheckout(args: {
    purpose: CheckoutPurpose;
    plan: PaidPlan;
    email: string;
    userId: number;
    registration?: { name: string; role: string };
  }) {
    const amount = config.prices.plans[args.plan].amount;
    const currency = config.prices.currency;
    const paths = checkoutReturnPaths(args.purpose, args.email);
    let session: { id: string; url: string };
    try {
      session = await provider.createCheckoutSession({
        purpose: args.purpose,
        plan: args.plan,
        amount,
        currency,
        email: args.email,
        reference: String(args.userId),
        successUrl: `${config.publicUrl}${paths.success}`,
        cancelUrl: `${config.publicUrl}${paths.cancel}`,
      });
    } catch (error) {
      // Stripe down or refusing (bad key, unknown price): the member may retry; we log why.
      if (error instanceof Stripe.errors.StripeError) {
        throw new HttpError(502, PAYMENT_TEXTS.paymentStartFailed, { code: 'PAYMENT_PROVIDER' });
      }
      throw error;
    }
    await db.insert(checkoutSessions).values({
      id: session.id,
      purpose: args.purpose,
      plan: args.plan,
      amount,
      currency,
      email: args.email,
      userId: args.userId,
      registration: args.registration ?? null,
      createdAt: deps.clock.now(),
    });
    return session;
  }

  /**
   * The account of a paid registration: new, or the registrant's own earlier unpaid attempt
   * (same name and role: back from a cancelled checkout). Another unpaid registration of the
   * address holds it until it lapses (24 h after its latest checkout), never overwritten; a
   * lapsed one is removed first.
   */
  async function pendingAccount(input: { email: string; name: string; role: string }, now: Date) {
    await refuseBannedEmail(db, input.email);
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      if (!isAwaitingPayment(existing) || existing.isDeleted) {
        throw userExists(canRenewMembership(existing, now));
      }
      if (!(await unpaidRegistrationLapsed(db, existing, now))) {
        if (existing.name === input.name && existing.role === input.role) return existing;
        throw registrationPending();
      }
      await db.transaction((tx) => removeUnpaidRegistrations(tx, [existing.id]));
    }
    return createAccount(
      db,
      { ...input, ...PENDING_PAID_REGISTRATION, createdAt: now },
      (user) => ({
        actorId: user.id,
        action: 'registration.paid',
        target: { type: 'user', id: user.id },
      }),
    );
  }

  async function createPending(
    input: { email: string; name: string; role: string; membership: PaidPlan },
    ip: string,
  ) {
    const now = deps.clock.now();
    await takeRegisterSlot(deps, ip, now);
    const details = { email: input.email, name: input.name, role: input.role };
    let user: Awaited<ReturnType<typeof pendingAccount>>;
    try {
      user = await pendingAccount(details, now);
    } catch (error) {
      // Two attempts racing for one e-mail: the unique index decides; the loser looks again.
      if (!isUniqueViolation(error)) throw error;
      user = await pendingAccount(details, now);
    }
    const session = await openCheckout({
      purpose: 'registration',
      plan: input.membership,
      email: user.email,
      userId: user.id,
      registration: { name: input.name, role: input.role },
    });
    return { sessionId: session.id, url: session.url };
  }

  async function renewalCheckout(input: {
    userId: number;
    customerEmail: string;
    membershipType: 'monthly' | 'yearly' | 'annual';
  }) {
    const now = deps.clock.now();
    const [user] = await db.select().from(users).where(eq(users.id, input.userId));
    if (!user || user.email.toLowerCase() !== input.customerEmail.toLowerCase()) {
      throw badRequest(NO_MATCH);
    }
    enforce(canStartRenewal(user, now));
    const session = await openCheckout({
      purpose: 'renewal',
      plan: paidPlanOf(input.membershipType),
      email: user.email,
      userId: user.id,
    });
    return { sessionId: session.id, url: session.url };
  }

  async function convertTrial(userId: number, membershipType: 'monthly' | 'yearly' | 'annual') {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    enforce(canConvertTrial(user), badRequest);
    const session = await openCheckout({
      purpose: 'conversion',
      plan: paidPlanOf(membershipType),
      email: user.email,
      userId: user.id,
    });
    return { checkoutUrl: session.url, sessionId: session.id };
  }

  /** What the webhook recorded; a browser redirect never changes anything. */
  async function verifyPayment(sessionId: string): Promise<VerifyPaymentResponse> {
    const stored = await findSession(sessionId);
    const base = {
      session: { amount_total: stored.amount, customer_email: stored.email },
      isRenewal: stored.purpose === 'renewal',
      purpose: stored.purpose,
    };
    if (stored.status === 'completed') {
      return {
        success: true,
        status: 'completed',
        ...base,
        message: VERIFY_MESSAGES[stored.purpose],
      };
    }
    if (stored.status === 'open') {
      return { success: false, status: 'pending', ...base, message: 'Payment is being processed.' };
    }
    return { success: false, status: 'failed', ...base, message: 'Payment was not completed.' };
  }

  async function findSession(sessionId: string): Promise<CheckoutSessionRow> {
    const [stored] = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    if (!stored) throw notFound(PAYMENT_TEXTS.noPaymentSession);
    return stored;
  }

  /** The local checkout exists only while no Stripe key is configured. */
  async function localSession(sessionId: string) {
    if (!provider.local) throw notFound();
    return findSession(sessionId);
  }

  function returnUrl(stored: CheckoutSessionRow, outcome: 'success' | 'cancel') {
    const path = checkoutReturnPaths(stored.purpose, stored.email)[outcome];
    return `${config.publicUrl}${path.replace(PLACEHOLDER, encodeURIComponent(stored.id))}`;
  }

  async function localCheckout(sessionId: string) {
    const stored = await localSession(sessionId);
    return {
      sessionId: stored.id,
      plan: stored.plan,
      amount: stored.amount,
      currency: stored.currency,
      customerEmail: stored.email,
      status: stored.status,
    };
  }

  /**
   * 'Pay' on the local checkout: the event Stripe would send, signed with the webhook secret,
   * through the very same handler, so the local path proves the real one.
   */
  async function localPay(sessionId: string) {
    const stored = await localSession(sessionId);
    if (stored.status === 'completed') return { redirectUrl: returnUrl(stored, 'success') };
    if (stored.status !== 'open') throw badRequest('This checkout is no longer open.');
    // As a Stripe session does, the local one expires 24 h after it opened: its unpaid
    // registration may be gone by then.
    if (checkoutLapsed(stored.createdAt, deps.clock.now())) {
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, stored.id), eq(checkoutSessions.status, 'open')));
      throw badRequest('This checkout is no longer open.');
    }
    const created = Math.floor(deps.clock.now().getTime() / 1000);
    const suffix = randomBytes(12).toString('hex');
    const payload = JSON.stringify({
      id: `evt_local_${suffix}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: {
        object: {
          id: stored.id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: 'paid',
          amount_subtotal: stored.amount,
          amount_total: stored.amount,
          currency: stored.currency,
          customer_email: stored.email,
          client_reference_id: stored.userId === null ? null : String(stored.userId),
          customer: `cus_local_${suffix}`,
          subscription: `sub_local_${suffix}`,
          created,
          livemode: false,
        },
      },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: config.stripe.webhookSecret,
      timestamp: created,
    });
    await webhook.handle(payload, header);
    return { redirectUrl: returnUrl(stored, 'success') };
  }

  async function localCancel(sessionId: string) {
    const stored = await localSession(sessionId);
    await db
      .update(checkoutSessions)
      .set({ status: 'cancelled' })
      .where(and(eq(checkoutSessions.id, stored.id), eq(checkoutSessions.status, 'open')));
    return { redirectUrl: returnUrl(stored, 'cancel') };
  }

  return {
    createPending,
    renewalCheckout,
    convertTrial,
    verifyPayment,
    localCheckout,
    localPay,
    localCancel,
  };
}
