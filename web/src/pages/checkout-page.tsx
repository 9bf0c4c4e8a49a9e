import { CreditCard, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatMoney, PAYMENT_TEXTS, type PriceTable } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { SkeletonCards } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import {
  PAID_PLAN_NAMES,
  useLeaveFor,
  useLocalCheckout,
  useLocalCheckoutAct,
} from '../features/payments';

const INTERVALS: Record<keyof PriceTable['plans'], string> = { monthly: 'month', yearly: 'year' };

/**
 * /checkout/:sessionId: our own checkout, used when no Stripe key is configured. 'Pay' makes
 * the server deliver the same signed event Stripe would; the page only follows the redirect.
 */
export function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useLocalCheckout(sessionId);
  const act = useLocalCheckoutAct();
  const { leaving, leave } = useLeaveFor();

  if (checkout.isPending) return <SkeletonCards count={2} label="Loading checkout" />;
  if (checkout.isError || !checkout.data) {
    return (
      <main className="pt-6">
        <EmptyState
          titleAs="h2"
          title="Checkout not found"
          description={
            checkout.error?.message ?? 'This checkout session does not exist or has ended.'
          }
          action={
            <Link to="/" className="text-brand-600 underline">
              Back to home
            </Link>
          }
        />
      </main>
    );
  }
  const session = checkout.data;
  const open = session.status === 'open';
  const go = (which: 'pay' | 'cancel') =>
    act.mutate(
      { sessionId, act: which },
      {
        onSuccess: (data) => leave(data.redirectUrl),
        onError: (error) =>
          toast.error('Payment Error', error.message || PAYMENT_TEXTS.paymentStartFailed),
      },
    );

  return (
    <main className="space-y-6">
      <header className="text-center">
        <h1 className="text-2xl font-bold">Checkout</h1>
        <p className="mt-1 flex items-center justify-center gap-1 text-sm text-slate-600">
          <Lock aria-hidden="true" className="h-4 w-4" />
          Jumpseat test checkout: no card is charged.
        </p>
      </header>

      <Card>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Plan</dt>
          <dd>{PAID_PLAN_NAMES[session.plan]}</dd>
          <dt className="text-slate-500">Amount</dt>
          <dd className="font-semibold">
            {formatMoney(session.amount, session.currency)}/{INTERVALS[session.plan]}
          </dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="break-all">{session.customerEmail}</dd>
        </dl>
      </Card>

      {open ? (
        <div className="grid gap-3">
          <Button size="lg" onClick={() => go('pay')} disabled={act.isPending || leaving}>
            <CreditCard aria-hidden="true" className="h-5 w-5" />
            {act.isPending && act.variables?.act === 'pay' ? 'Processing...' : 'Pay'}
          </Button>
          <Button
            variant="outline"
            size="lg"
            onClick={() => go('cancel')}
            disabled={act.isPending || leaving}
          >
            Cancel
          </Button>
        </div>
      ) : (
        <p role="status" className="text-center text-slate-700">
          This checkout is {session.status} and can no longer be paid.
        </p>
      )}
    </main>
  );
}
