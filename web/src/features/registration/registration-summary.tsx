import { Check } from 'lucide-react';
import { type PriceTable, type RegistrationMembership, TRIAL_DAYS } from '../../../../domain';
import { Skeleton } from '../../components/ui/skeleton';
import { planTotal, yearlySavingText } from '../payments';
import { PLANS } from './plans';

/** The summary that appears once the terms are agreed (accounts spec §2, Registration). */
export function RegistrationSummary({
  plan,
  prices,
}: {
  plan: RegistrationMembership;
  prices: PriceTable | undefined;
}) {
  const lines =
    plan === 'trial'
      ? [
          'Full access to every feature',
          `${TRIAL_DAYS} days free`,
          'Convert to a paid plan anytime',
          'No upfront payment',
        ]
      : [
          `Plan: ${PLANS[plan].name}`,
          ...(plan === 'yearly' && prices ? [yearlySavingText(prices), 'Priority support'] : []),
        ];

  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-xl border border-brand-100 bg-brand-50 p-4"
    >
      <div className="flex items-baseline justify-between">
        <h2 id="summary-title" className="font-semibold">
          {plan === 'trial' ? 'Free trial summary' : 'Order summary'}
        </h2>
        {plan === 'trial' ? (
          <p className="font-semibold">
            <span className="sr-only">Cost: </span>FREE
          </p>
        ) : prices ? (
          <p className="font-semibold">
            <span className="sr-only">Total: </span>
            {planTotal(prices, plan)}
          </p>
        ) : (
          <Skeleton className="h-5 w-24" />
        )}
      </div>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {lines.map((line) => (
          <li key={line} className="flex items-center gap-2">
            <Check aria-hidden="true" className="h-4 w-4 text-brand-600" />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
