import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** The choices, shown as their own text unless `optionLabel` names them. */
  options: readonly string[];
  /** A choice's visible name when its value is a code ('activity' → 'Most active'). */
  optionLabel?: (option: string) => string;
  /** The empty first choice ('Select your role'), value ''. */
  placeholder?: string;
  /** The placeholder only prompts: it cannot be chosen again once something is. */
  placeholderDisabled?: boolean;
};

/**
 * A native select: phones show their own picker and screen readers know it as a combobox, so
 * nothing has to be re-implemented. Label it with <Label htmlFor>.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, optionLabel, placeholder, placeholderDisabled, className, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      className={cn(
        'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base focus:border-brand-500',
        className,
      )}
      {...props}
    >
      {placeholder !== undefined ? (
        <option value="" disabled={placeholderDisabled}>
          {placeholder}
        </option>
      ) : null}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel ? optionLabel(option) : option}
        </option>
      ))}
    </select>
  );
});
