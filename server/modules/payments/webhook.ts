import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  type PaidPlan,
  paidPeriodEnd,
  renewedExpiry,
  subscriptionStatusFromStripe,
} from '../../../domain';
import type { Tx } from '../../db/client';
import { checkoutSessions, paymentEvents, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { notifyNewRegistration, type RegistrationNotice } from '../admin/telegram-service';

/** Stripe's own default: a signed event older than this is refused (replayed captures). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A Stripe id field: the id, or the expanded object carrying it. */
const stripeRef = z
  .union([z.string(), z.object({ id: z.string() }).passthrough()])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id));

/** The fields we read from each event we act on (Stripe's real shapes, API 2025+ and older). */
const checkoutCompleted = z.object({
  id: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  subscription: stripeRef,
  customer: stripeRef,
});
const invoicePaid = z.object({
  subscription: stripeRef,
  parent: z
    .object({ subscription_details: z.object({ subscription: stripeRef }).nullish() })
    .nullish(),
  lines: z.object({
    data: z.array(z.object({ period: z.object({ end: z.number().int() }) })),
  }),
});
const subscriptionChanged = z.object({ id: z.string(), status: z.string() });

const HANDLED = new Set([
  'checkout.session.completed',
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
    const object = (event.data as { object?: unknown } | undefined)?.object;
    const now = deps.clock.now();
    // A paid registration awaits approval once its payment completed: then admins are told.
    let notice: RegistrationNotice | null = null;
    const outcome = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return { received: true, duplicate: true } as const;
      switch (event.type) {
        case 'checkout.session.completed':
          notice = await completeCheckout(tx, parse(checkoutCompleted, object), event.id, now);
          break;
        case 'invoice.paid':
          await extendFromInvoice(tx, parse(invoicePaid, object), event.id, now);
          break;
        case 'customer.subscription.updated': {
          const sub = parse(subscriptionChanged, object);
          await setSubscriptionStatus(
            tx,
            sub.id,
            subscriptionStatusFromStripe(sub.status),
            event.id,
            now,
          );
          break;
        }
        case 'customer.subscription.deleted':
          await setSubscriptionStatus(
            tx,
            parse(subscriptionChanged, object).id,
            'cancelled',
            event.id,
            now,
          );
          break;
      }
      return { received: true } as const;
    });
    // After the commit: a member's status changed without a request of theirs, so no session
    // cache (on any instance) may answer with the old row. Webhooks are rare; forget them all.
    if (!('duplicate' in outcome)) deps.sessions.forgetAll();
    // Not awaited (see notifyNewRegistration).
    if (notice) notifyNewRegistration(deps, notice);
    return outcome;
  }

  async function completeCheckout(
    tx: Tx,
    session: z.infer<typeof checkoutCompleted>,
    eventId: string,
    now: Date,
  ): Promise<RegistrationNotice | null> {
    // Found by the id we stored when we created the session, never by metadata alone.
    const [stored] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, session.id))
      .for('update');
    if (!stored) throw badRequest('Unknown checkout session');
    if (
      session.amount_total !== stored.amount ||
      (session.currency ?? '').toLowerCase() !== stored.currency.toLowerCase()
    ) {
      throw badRequest('Checkout amount or currency does not match the plan');
    }
    // A second, different event for a session already completed changes nothing more.
    if (stored.status === 'completed') return null;
    await tx
      .update(checkoutSessions)
      .set({
        status: 'completed',
        completedAt: now,
        subscriptionId: session.subscription,
        customerId: session.customer,
      })
      .where(eq(checkoutSessions.id, stored.id));
    if (stored.userId === null) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, stored.userId)).for('update');
    if (!user) return null;
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
        subscriptionStatus: 'active',
        subscriptionExpiresAt,
        ...(session.subscription ? { subscriptionId: session.subscription } : {}),
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
      },
      at: now,
    });
    return stored.purpose === 'registration'
      ? { name: user.name, email: user.email, membership: plan }
      : null;
  }

  async function extendFromInvoice(
    tx: Tx,
    invoice: z.infer<typeof invoicePaid>,
    eventId: string,
    now: Date,
  ) {
    const subscriptionId =
      invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
    const ends = invoice.lines.data.map((line) => line.period.end);
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

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest('Webhook event has an unexpected shape');
  return result.data;
}
