import type { PriceTable, RegistrationMembership } from '../../../../domain';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { planTotal } from '../payments';
import { PLAN_ORDER, PLANS, planBlurb } from './plans';

type Props = {
  value: RegistrationMembership | '';
  onChange: (plan: RegistrationMembership) => void;
  /** The price table; undefined while it loads (the paid prices show a placeholder). */
  prices: PriceTable | undefined;
};

/** Native radios styled as cards: arrow keys and screen readers work as for any radio group. */
export function PlanPicker({ value, onChange, prices }: Props) {
  return (
    <fieldset className="space-y-2" aria-busy={prices ? undefined : true}>
      <legend className="text-sm font-medium text-slate-700">Membership</legend>
      {PLAN_ORDER.map((id) => {
        const plan = PLANS[id];
        return (
          <label
            key={id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-3',
              value === id ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
            )}
          >
            <input
              type="radio"
              name="membership"
              value={id}
              checked={value === id}
              onChange={() => onChange(id)}
              className="mt-1 h-5 w-5"
            />
            <span className="flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-medium">{plan.name}</span>
                {id === 'trial' ? (
                  <span className="font-semibold">FREE</span>
                ) : prices ? (
                  <span className="font-semibold">{planTotal(prices, id)}</span>
                ) : (
                  <Skeleton className="h-5 w-24" />
                )}
              </span>
              <span className="block text-sm text-slate-600">{planBlurb(id, prices)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
