import { Eye, EyeOff } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { PIN_LENGTH } from '../../../../domain';
import { cn } from '../../lib/cn';

/** How long a revealed PIN stays visible: long enough to check, short enough for shoulder-surfers. */
export const PIN_REVEAL_MS = 1500;

export const emptyPin = (): string[] => Array.from({ length: PIN_LENGTH }, () => '');
export const pinValue = (digits: readonly string[]) => digits.join('');

type PinInputProps = {
  value: readonly string[];
  onChange: (digits: string[]) => void;
  label: string;
  /** Id of the element describing the current problem, announced with the group. */
  errorId?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** Four one-digit boxes: typing advances, paste spreads, Backspace on an empty box goes back. */
export function PinInput({
  value,
  onChange,
  label,
  errorId,
  invalid,
  disabled,
  autoFocus,
}: PinInputProps) {
  const labelId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), PIN_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(PIN_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from `start` onwards, as a paste or an autofill delivers them. */
  const spread = (start: number, digits: string) => {
    const next = [...value];
    const from = digits.length >= PIN_LENGTH ? 0 : start;
    const written = digits.slice(0, PIN_LENGTH - from);
    for (let i = 0; i < written.length; i++) next[from + i] = written[i]!;
    onChange(next);
    focusBox(from + written.length);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (raw !== '' && digits === '') return;
    const old = value[index];
    // Typing into a filled box whose text was not selected yields the old digit plus the new one.
    if (digits.length === 2 && old && digits.includes(old)) {
      return handleInput(index, digits[0] === old ? digits[1]! : digits[0]!);
    }
    if (digits.length > 1) return spread(index, digits);
    const next = [...value];
    next[index] = digits;
    onChange(next);
    if (digits && index < PIN_LENGTH - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < PIN_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits) spread(index, digits);
  };

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <fieldset
          aria-labelledby={labelId}
          aria-describedby={errorId}
          className="flex gap-2 border-0 p-0"
        >
          {value.map((digit, index) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position
              key={index}
              ref={(el) => {
                boxes.current[index] = el;
              }}
              aria-label={`PIN digit ${index + 1}`}
              aria-invalid={invalid || undefined}
              type={shown ? 'text' : 'password'}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              maxLength={PIN_LENGTH}
              autoFocus={autoFocus && index === 0}
              disabled={disabled}
              value={digit}
              onFocus={(e) => e.currentTarget.select()}
              onChange={(e) => handleInput(index, e.target.value)}
              onKeyDown={(e) => handleKeyDown(index, e)}
              onPaste={(e) => handlePaste(index, e)}
              className={cn(
                'h-14 w-12 rounded-xl border bg-white text-center text-2xl font-semibold focus:border-brand-500',
                invalid ? 'border-red-500' : 'border-slate-300',
              )}
            />
          ))}
        </fieldset>
        <button
          type="button"
          aria-pressed={shown}
          aria-label={shown ? 'Hide PIN' : 'Show PIN'}
          onClick={() => setShown((s) => !s)}
          className="flex h-11 w-11 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
        >
          {shown ? (
            <EyeOff aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Eye aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      </div>
    </div>
  );
}
