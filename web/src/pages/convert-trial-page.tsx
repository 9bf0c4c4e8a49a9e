import { Clock, Sparkles, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAID_PLANS, PAYMENT_TEXTS, type PaidPlan, type PriceTable } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { SkeletonCards } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import {
  annualCardTexts,
  type PlanOption,
  PlanPicker,
  planTotal,
  useConvertTrial,
  useLeaveFor,
  usePrices,
  useTrialStatus,
} from '../features/payments';

const CARD_NAMES: Record<PaidPlan, string> = { monthly: 'Monthly', yearly: 'Annual' };

/** The conversion's cards: the annual one shows its monthly price and the yearly saving. */
function conversionOptions(prices: PriceTable): PlanOption<PaidPlan>[] {
  const annual = annualCardTexts(prices);
  return PAID_PLANS.map((id) => ({
    id,
    name: CARD_NAMES[id],
    price: planTotal(prices, id),
    blurb:
      id === 'yearly' ? (
        <>
          {annual.percent ? (
            <>
              <span className="font-semibold text-green-700">{annual.percent}</span>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <span>{annual.perMonth}</span>
          <span aria-hidden="true"> · </span>
          <span className="text-green-700">{annual.saved}</span>
        </>
      ) : (
        'Billed every month.'
      ),
  }));
}

/** /convert-trial: a trial member picks a paid plan and pays; the PIN stays the same. */
export function ConvertTrialPage() {
  const trial = useTrialStatus();
  const prices = usePrices();
  const convert = useConvertTrial();
  const { leaving, leave } = useLeaveFor();
  const [plan, setPlan] = useState<PaidPlan | null>(null);

  if (trial.isPending || prices.isPending) {
    return <SkeletonCards count={3} label="Loading your trial" />;
  }
  if (trial.isError || prices.isError) {
    return (
      <main className="pt-6 text-center" role="alert">
        <p>{(trial.error ?? prices.error)?.message}</p>
      </main>
    );
  }
  const status = trial.data;
  if (!status.onTrial && !status.trialExpired) {
    return (
      <main className="space-y-4 pt-6 text-center">
        <h1 className="text-2xl font-bold">{PAYMENT_TEXTS.notOnTrial}</h1>
        <p className="text-slate-600">Your account is not on a free trial.</p>
        <Link
          to="/profile"
          className="inline-flex h-12 items-center justify-center rounded-xl bg-brand-600 px-5 font-medium text-white hover:bg-brand-700"
        >
          Go to Profile
        </Link>
      </main>
    );
  }

  const proceed = () => {
    if (!plan) return;
    convert.mutate(plan, {
      onSuccess: (data) => {
        if (data.checkoutUrl) leave(data.checkoutUrl);
        else toast.error(PAYMENT_TEXTS.conversionFailedTitle, PAYMENT_TEXTS.conversionFailed);
      },
      onError: () =>
        toast.error(PAYMENT_TEXTS.conversionFailedTitle, PAYMENT_TEXTS.conversionFailed),
    });
  };

  return (
    <main className="space-y-6">
      <header className="text-center">
        <Sparkles aria-hidden="true" className="mx-auto h-10 w-10 text-brand-600" />
        <h1 className="mt-2 text-2xl font-bold">Convert Trial</h1>
        <p className="mt-1 text-slate-600">Keep full access: your PIN stays the same.</p>
      </header>

      {status.trialExpired ? (
        <Card
          role="status"
          className="flex items-center gap-2 border-red-300 bg-red-50 text-red-800"
        >
          <TriangleAlert aria-hidden="true" className="h-5 w-5" />
          <p className="font-medium">Trial Expired</p>
        </Card>
      ) : (
        <Card role="status" className="flex items-center gap-2">
          <Clock aria-hidden="true" className="h-5 w-5 text-brand-600" />
          <p className="font-medium">
            {status.daysRemaining} {status.daysRemaining === 1 ? 'day' : 'days'} remaining in your
            trial
          </p>
        </Card>
      )}

      <PlanPicker
        legend="Choose your plan"
        name="plan"
        options={conversionOptions(prices.data)}
        value={plan}
        onChange={setPlan}
      />

      <Button
        size="lg"
        className="w-full"
        disabled={!plan || convert.isPending || leaving}
        onClick={proceed}
      >
        {convert.isPending || leaving ? 'Processing...' : 'Continue to Payment'}
      </Button>
    </main>
  );
}
