import { Check } from 'lucide-react';
import { type RegistrationMembership, TRIAL_DAYS } from '../../../../domain';
import { PLANS } from './plans';

/** The summary that appears once the terms are agreed (accounts spec §2, Registration). */
export function RegistrationSummary({ plan }: { plan: RegistrationMembership }) {
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
          ...(plan === 'yearly' ? ['Save over 50% compared with monthly', 'Priority support'] : []),
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
        <p className="font-semibold">
          <span className="sr-only">{plan === 'trial' ? 'Cost: ' : 'Total: '}</span>
          {plan === 'trial' ? 'FREE' : PLANS[plan].total}
        </p>
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
