import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';

/** One plan card: the caller words it (registration and conversion name the plans differently). */
export type PlanOption<Id extends string> = {
  id: Id;
  name: ReactNode;
  /** The price line; null while the price table loads (a placeholder shows instead). */
  price: ReactNode | null;
  blurb: ReactNode;
};

type Props<Id extends string> = {
  legend: ReactNode;
  /** The radio group's form name. */
  name: string;
  options: PlanOption<Id>[];
  value: Id | '' | null;
  onChange: (plan: Id) => void;
};

/**
 * Native radios styled as cards: arrow keys and screen readers work as for any radio group.
 * Busy while any card's price is still loading.
 */
export function PlanPicker<Id extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: Props<Id>) {
  const loading = options.some((option) => option.price === null);
  return (
    <fieldset className="space-y-2" aria-busy={loading ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-xl border p-3',
            value === option.id ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
            className="mt-1 h-5 w-5"
          />
          <span className="flex-1">
            <span className="flex items-baseline justify-between gap-2">
              <span className="font-medium">{option.name}</span>
              {option.price === null ? (
                <Skeleton className="h-5 w-24" />
              ) : (
                <span className="font-semibold">{option.price}</span>
              )}
            </span>
            <span className="block text-sm text-slate-600">{option.blurb}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
