import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PASSCODE_MESSAGE, PIN_LENGTH, passcodeSchema } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { emptyPin, PinInput, pinValue } from './pin-input';

type PinFormProps = {
  /** One PIN per entry, in order (the current PIN first, then the new one, say). */
  pins: readonly { label: string; autoFocus?: boolean }[];
  /** A save in flight: the boxes are locked until it answers. */
  pending: boolean;
  /**
   * Every PIN as four digits, checked with the domain's passcodeSchema; call `fail` with the text
   * to show when the save is refused.
   */
  onSubmit: (pins: string[], fail: (message: string) => void) => void;
  /** The buttons; `complete` is true once every box of every PIN is filled. */
  actions: (state: { complete: boolean }) => ReactNode;
  className?: string;
};

/**
 * The one PIN form (choose a passcode, change it): the boxes, the check every PIN is four
 * digits, and the error line the boxes are described by. Its state lives as long as it is shown,
 * so a dialog that closes it starts empty next time.
 */
export function PinForm({ pins, pending, onSubmit, actions, className }: PinFormProps) {
  const errorId = useId();
  const [values, setValues] = useState(() => pins.map(() => emptyPin()));
  const [error, setError] = useState<string | null>(null);
  const complete = values.every((digits) => pinValue(digits).length === PIN_LENGTH);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = values.map((digits) => passcodeSchema.safeParse(pinValue(digits)));
    if (parsed.some((result) => !result.success)) {
      setError(PASSCODE_MESSAGE);
      toast.error('Invalid Passcode', PASSCODE_MESSAGE);
      return;
    }
    setError(null);
    onSubmit(
      parsed.map((result) => result.data!),
      (message) => setError(message),
    );
  };

  return (
    <form noValidate onSubmit={submit} className={className ?? 'space-y-4'}>
      {pins.map(({ label, autoFocus }, index) => (
        <PinInput
          key={label}
          label={label}
          value={values[index]!}
          onChange={(digits) =>
            setValues((all) => all.map((old, i) => (i === index ? digits : old)))
          }
          invalid={Boolean(error)}
          errorId={error ? errorId : undefined}
          autoFocus={autoFocus}
          disabled={pending}
        />
      ))}
      <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {error}
      </p>
      {actions({ complete })}
    </form>
  );
}
