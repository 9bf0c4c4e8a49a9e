import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  checkoutActivates,
  MAX_PERIOD_END_AHEAD_MS,
  type PaidPlan,
  paidPeriodEnd,
  renewedExpiry,
  retryAfterFailedPaymentPath,
  stripeTimeWithin,
  subscriptionStatusFromStripe,
} from '../../../domain';
import type { Tx } from '../../db/client';
import { checkoutSessions, paymentEvents, stripeSubscriptions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { paymentFailedMail } from '../../mail/templates';
import {
  notifyNewRegistration,
  type RegistrationNotice,
} from '../registration/registration-notice';

/** Stripe's own default: a signed event older than this is refused (replayed captures). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const UNEXPECTED_SHAPE = 'Webhook event has an unexpected shape';

/** A Stripe id field: the id, or the expanded object carrying it. */
const stripeRef = z
  .union([z.string(), z.object({ id: z.string() }).passthrough()])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id));

/** The fields we read from each event we act on (Stripe's real shapes, API 2025+ and older). */
const checkoutCompleted = z.object({
  id: z.string(),
  amount_total: z.number().int().nullable(),
  /** Before discounts: what a 100% discounted ('no_payment_required') checkout is checked by. */
  amount_subtotal: z.number().int().nullish(),
  currency: z.string().nullable(),
  payment_status: z.string().nullish(),
  subscription: stripeRef,
  customer: stripeRef,
  /** The address Stripe billed and sent the receipt to: the registration's payment e-mail. */
  customer_details: z
    .object({ email: z.string().max(254).nullish() })
    .passthrough()
    .nullish(),
});
const invoicePaid = z.object({
  subscription: stripeRef,
  parent: z
    .object({ subscription_details: z.object({ subscription: stripeRef }).nullish() })
    .nullish(),
  lines: z.object({
    // Checked against the clock in extendFromInvoice: a date beyond what can be stored is a 400.
    data: z.array(z.object({ period: z.object({ end: z.number() }) })),
  }),
});
const subscriptionChanged = z.object({ id: z.string(), status: z.string() });

const HANDLED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export type WebhookOutcome = { received: true; duplicate?: true; ignored?: true };

/**
 * The one way a membership changes after a payment: a Stripe-signed event (from Stripe, or from
 * our local checkout, which signs with the same secret). Each event applies at most once: its
 * id is inserted into payment_events in the transaction that applies it, so concurrent
 * deliveries of one event wait on that row and find it taken; a refused event rolls back and
 * leaves no trace, so a corrected redelivery still applies.
 */
export function createWebhookHandler(deps: AppDeps) {
  const { db } = deps.database;
  const secret = deps.config.stripe.webhookSecret;

  function verify(raw: Buffer | string, signature: string | undefined): Stripe.Event {
    if (!signature) throw badRequest('Missing Stripe-Signature header');
    try {
      return Stripe.webhooks.constructEvent(
        raw,
        signature,
        secret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        deps.clock.now().getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest(`Webhook signature verification failed: ${error.message}`);
      }
      throw badRequest('Webhook payload is not a Stripe event');
    }
  }

  async function handle(
    raw: Buffer | string,
    signature: string | undefined,
  ): Promise<WebhookOutcome> {
    const event = verify(raw, signature);
    if (typeof event.id !== 'string' || typeof event.type !== 'string') {
      throw badRequest('Webhook payload is not a Stripe event');
    }
    if (!HANDLED.has(event.type)) return { received: true, ignored: true };
    const now = deps.clock.now();
    // Events are ordered by `created`; one from the future would hold back every later one.
    if (!stripeTimeWithin(event.created, now, WEBHOOK_TOLERANCE_SECONDS * 1000)) {
      throw badRequest(UNEXPECTED_SHAPE);
    }
    const created = new Date(event.created * 1000);
    const object = (event.data as { object?: unknown } | undefined)?.object;
    // A paid registration awaits approval once its payment completed: then admins are told.
    let notice: RegistrationNotice | null = null;
    const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return { received: true, duplicate: true };
      let applied = true;
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = parse(checkoutCompleted, object);
          const completed = await completeCheckout(tx, session, event.id, now, created);
          applied = completed.applied;
          notice = completed.notice;
          break;
        }
        case 'checkout.session.async_payment_failed':
          applied = await failCheckout(tx, parse(checkoutCompleted, object), event.id, now);
          break;
        case 'invoice.paid': {
          const invoice = parse(invoicePaid, object);
          const subscriptionId =
            invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
          applied = !subscriptionId || (await claimInOrder(tx, subscriptionId, created));
          if (applied) await extendFromInvoice(tx, subscriptionId, invoice, event.id, now);
          break;
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = parse(subscriptionChanged, object);
          const deleted = event.type === 'customer.subscription.deleted';
          applied = await claimInOrder(tx, sub.id, created, deleted);
          const status = deleted ? 'cancelled' : subscriptionStatusFromStripe(sub.status);
          if (applied) await setSubscriptionStatus(tx, sub.id, status, event.id, now);
          break;
        }
      }
      if (applied) return { received: true };
      // Kept (so a redelivery stays a no-op) and answered 200, so Stripe does not retry it.
      await tx
        .update(paymentEvents)
        .set({ outcome: 'ignored' })
        .where(eq(paymentEvents.id, event.id));
      return { received: true, ignored: true };
    });
    // After the commit: a member's status changed without a request of theirs, so no session
    // cache (on any instance) may answer with the old row. Webhooks are rare; forget them all.
    if (!outcome.duplicate && !outcome.ignored) deps.sessions.forgetAll();
    // Not awaited (see notifyNewRegistration).
    if (notice) notifyNewRegistration(deps, notice);
    return outcome;
  }

  /**
   * Whether an event about a subscription made at `created` is not older than the newest one
   * already applied to it, recording it as the newest if so: one conditional upsert, so two
   * events racing for one subscription are decided by the row lock, not by who read first.
   * The same second applies (Stripe's clock is in whole seconds and sends several at once).
   * A deletion applied is kept (`deletedAt`): its checkout may complete after it.
   */
  async function claimInOrder(tx: Tx, subscriptionId: string, created: Date, deleted = false) {
    const deletedAt = deleted ? created : undefined;
    const claimed = await tx
      .insert(stripeSubscriptions)
      .values({ id: subscriptionId, lastEventAt: created, deletedAt })
      .onConflictDoUpdate({
        target: stripeSubscriptions.id,
        set: { lastEventAt: created, ...(deleted ? { deletedAt } : {}) },
        setWhere: lte(stripeSubscriptions.lastEventAt, created),
      })
      .returning({ id: stripeSubscriptions.id });
    return claimed.length > 0;
  }

  /**
   * A checkout's completion is a one-way change of its session (open → completed), never
   * undone by a later event, so it is not held back by the subscription's order; it moves the
   * order forward, so a stale status event made before the payment cannot undo it.
   */
  async function advanceOrder(tx: Tx, subscriptionId: string, created: Date) {
    const [row] = await tx
      .insert(stripeSubscriptions)
      .values({ id: subscriptionId, lastEventAt: created })
      .onConflictDoUpdate({
        target: stripeSubscriptions.id,
        set: {
          lastEventAt: sql`greatest(${stripeSubscriptions.lastEventAt}, excluded.last_event_at)`,
        },
      })
      .returning({ deletedAt: stripeSubscriptions.deletedAt });
    return { deleted: row?.deletedAt != null };
  }

  /** The session we stored for a checkout event, locked, with Stripe's price checked against it. */
  async function storedCheckout(tx: Tx, session: z.infer<typeof checkoutCompleted>) {
    // Found by the id we stored when we created the session, never by metadata alone.
    const [stored] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id))
      .for('update');
    if (!stored) throw badRequest('Unknown checkout session');
    // A 100% discount charges 0: its price before the discount must still be the plan's.
    const charged =
      session.payment_status === 'no_payment_required'
        ? session.amount_subtotal
        : session.amount_total;
    if (
      charged !== stored.amount ||
      (session.currency ?? '').toLowerCase() !== stored.currency.toLowerCase()
    ) {
      throw badRequest('Checkout amount or currency does not match the plan');
    }
    return stored;
  }

  /**
   * A delayed payment method (e.g. a bank debit) failed: the checkout is 'failed' (verify-payment
   * says 'Payment was not completed.'), the member stays as they were — an unpaid registration
   * stays activation pending until it lapses, a renewal or conversion changes nothing — and may
   * start a new checkout. They are mailed so (at the checkout's address): a bank debit fails days
   * after the checkout page said it was processing, with nothing on screen to tell them.
   */
  async function failCheckout(
    tx: Tx,
    session: z.infer<typeof checkoutCompleted>,
    eventId: string,
    now: Date,
  ) {
    const stored = await storedCheckout(tx, session);
    if (stored.status !== 'open') return false;
    await tx
      .update(checkoutSessions)
      .set({ status: 'failed' })
      .where(eq(checkoutSessions.id, stored.id));
    await audit(tx, {
      actorId: stored.userId,
      action: 'payment.failed',
      target: stored.userId === null ? undefined : { type: 'user', id: stored.userId },
      detail: { purpose: stored.purpose, plan: stored.plan, sessionId: stored.id, eventId },
      at: now,
    });
    const [member] =
      stored.userId === null
        ? []
        : await tx.select({ name: users.name }).from(users).where(eq(users.id, stored.userId));
    const retryUrl = `${deps.config.publicUrl}${retryAfterFailedPaymentPath(stored.purpose, stored.email)}`;
    await enqueueMail(
      tx,
      stored.email,
      paymentFailedMail(
        member?.name ?? stored.registration?.name ?? null,
        stored.purpose,
        retryUrl,
      ),
      now,
    );
    return true;
  }

  async function completeCheckout(
    tx: Tx,
    session: z.infer<typeof checkoutCompleted>,
    eventId: string,
    now: Date,
    created: Date,
  ): Promise<{ applied: boolean; notice: RegistrationNotice | null }> {
    const stored = await storedCheckout(tx, session);
    const unchanged = { applied: true, notice: null };
    // A failed or cancelled checkout stays so; a success reported after it came out of order.
    if (stored.status !== 'open' && stored.status !== 'completed') {
      return { applied: false, notice: null };
    }
    // 'unpaid': a delayed method still in progress; async_payment_succeeded activates later
    // (the checkout stays open, so verify-payment answers 'pending').
    if (!checkoutActivates(session.payment_status)) return unchanged;
    // A second, different event for a session already completed changes nothing more.
    if (stored.status === 'completed') return unchanged;
    // Deleted before its completion arrived (Stripe keeps no order): the payment is recorded,
    // and the member ends cancelled, as the deletion applied after it would have left them.
    const { deleted } = session.subscription
      ? await advanceOrder(tx, session.subscription, created)
      : { deleted: false };
    await tx
      .update(checkoutSessions)
      .set({
        status: 'completed',
        completedAt: now,
        subscriptionId: session.subscription,
        customerId: session.customer,
      })
      .where(eq(checkoutSessions.id, stored.id));
    if (stored.userId === null) return unchanged;
    const [user] = await tx.select().from(users).where(eq(users.id, stored.userId)).for('update');
    if (!user) return unchanged;
    const plan: PaidPlan = stored.plan;
    const subscriptionExpiresAt =
      stored.purpose === 'renewal'
        ? renewedExpiry(plan, user.subscriptionExpiresAt, now)
        : paidPeriodEnd(plan, now);
    // Registration: active but still awaiting approval. Renewal and conversion: a paid member.
    // Neither touches the PIN or the approval.
    await tx
      .update(users)
      .set({
        membershipType: 'paid',
        subscriptionStatus: deleted ? 'cancelled' : 'active',
        subscriptionExpiresAt,
        ...(session.subscription ? { subscriptionId: session.subscription } : {}),
        // The spec's paymentEmail, shown to the approving admin: the address the payment was
        // made with (Stripe's receipt address), else the one the checkout was opened for.
        ...(stored.purpose === 'registration'
          ? { paymentEmail: normalisePaymentEmail(session.customer_details?.email) ?? stored.email }
          : {}),
      })
      .where(eq(users.id, user.id));
    await audit(tx, {
      actorId: user.id,
      action: 'payment.completed',
      target: { type: 'user', id: user.id },
      detail: {
        purpose: stored.purpose,
        plan,
        amount: stored.amount,
        currency: stored.currency,
        sessionId: stored.id,
        eventId,
        expiresAt: subscriptionExpiresAt.toISOString(),
        ...(deleted ? { subscriptionStatus: 'cancelled' } : {}),
      },
      at: now,
    });
    return {
      applied: true,
      notice:
        stored.purpose === 'registration'
          ? { name: user.name, email: user.email, membership: plan }
          : null,
    };
  }

  async function extendFromInvoice(
    tx: Tx,
    subscriptionId: string | null,
    invoice: z.infer<typeof invoicePaid>,
    eventId: string,
    now: Date,
  ) {
    const ends = invoice.lines.data.map((line) => line.period.end);
    // Negative, fractional or far-future ends (year 275760) are no period of ours: refused
    // before any becomes a Date, which the database could not store.
    if (!ends.every((end) => stripeTimeWithin(end, now, MAX_PERIOD_END_AHEAD_MS))) {
      throw badRequest(UNEXPECTED_SHAPE);
    }
    // An invoice of a subscription we never completed (or a one-off) extends nothing.
    if (!subscriptionId || ends.length === 0) return;
    const periodEnd = new Date(Math.max(...ends) * 1000);
    const updated = await tx
      .update(users)
      .set({ subscriptionExpiresAt: periodEnd, subscriptionStatus: 'active' })
      .where(
        and(
          eq(users.subscriptionId, subscriptionId),
          or(isNull(users.subscriptionExpiresAt), lt(users.subscriptionExpiresAt, periodEnd)),
        ),
      )
      .returning({ id: users.id });
    for (const { id } of updated) {
      await audit(tx, {
        action: 'payment.invoice_paid',
        target: { type: 'user', id },
        detail: { subscriptionId, eventId, expiresAt: periodEnd.toISOString() },
        at: now,
      });
    }
  }

  async function setSubscriptionStatus(
    tx: Tx,
    subscriptionId: string,
    status: ReturnType<typeof subscriptionStatusFromStripe>,
    eventId: string,
    now: Date,
  ) {
    if (!status) return;
    const updated = await tx
      .update(users)
      .set({ subscriptionStatus: status })
      .where(
        and(
          eq(users.subscriptionId, subscriptionId),
          sql`${users.subscriptionStatus} <> ${status}`,
        ),
      )
      .returning({ id: users.id });
    for (const { id } of updated) {
      await audit(tx, {
        action: 'payment.subscription_status',
        target: { type: 'user', id },
        detail: { subscriptionId, status, eventId },
        at: now,
      });
    }
  }

  return { handle };
}

function normalisePaymentEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(UNEXPECTED_SHAPE);
  return result.data;
}
