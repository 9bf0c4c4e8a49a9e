import { Switch as RadixSwitch } from 'radix-ui';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: ReactNode;
  /** A line under the label, read as the box's description. */
  description?: ReactNode;
  onCheckedChange?: (checked: boolean) => void;
  /** The label text's look: a setting's name by default, fine print for consents. */
  labelClassName?: string;
};

/**
 * A native checkbox inside its label, so the whole row toggles it; the description is part of
 * the label and so of what a screen reader reads with the box.
 */
export function Checkbox({
  label,
  description,
  onCheckedChange,
  labelClassName = 'font-medium',
  className,
  ...props
}: CheckboxProps) {
  return (
    <label className={cn('flex items-start', className ?? 'gap-3')}>
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0"
        onChange={(e) => onCheckedChange?.(e.target.checked)}
        {...props}
      />
      <span className="min-w-0">
        <span className={labelClassName}>{label}</span>
        {description ? <span className="block text-sm text-slate-600">{description}</span> : null}
      </span>
    </label>
  );
}

type SwitchProps = {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
};

/** An on/off setting that applies at once (role="switch", Space toggles), with its label. */
export function Switch({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
  className,
}: SwitchProps) {
  const id = useId();
  const descriptionId = useId();
  return (
    <div className={cn('flex items-center justify-between gap-4 py-3', className)}>
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root
        checked={checked}
        disabled={disabled}
        id={id}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <RadixSwitch.Thumb
          className={cn(
            'block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </RadixSwitch.Root>
    </div>
  );
}
