import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type Ref, useId, useState } from 'react';
import { MESSAGE_EMPTY, messageContentSchema } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';

type Props = {
  /** Receives the trimmed text; a rejected promise puts the text back for another try. */
  onSend: (content: string) => unknown;
  disabled?: boolean;
  className?: string;
  /** The message box itself, so the chat can open with focus in it. */
  inputRef?: Ref<HTMLTextAreaElement>;
};

const MAX_ROWS = 5;

/**
 * The chat's message box: Enter sends, Shift+Enter starts a new line, and Send is disabled
 * while the text is blank after trimming (the domain's messageContentSchema decides).
 */
export function ChatInput({ onSend, disabled = false, className, inputRef }: Props) {
  const [value, setValue] = useState('');
  const id = useId();
  const parsed = messageContentSchema.safeParse(value);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const canSend = parsed.success && !disabled;

  function submit() {
    if (!parsed.success || disabled) return;
    const content = parsed.data;
    setValue('');
    Promise.resolve(onSend(content)).catch(() => {
      setValue((current) => (current === '' ? content : current));
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={onSubmit} className={cn('space-y-1', className)}>
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <Textarea
          ref={inputRef}
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          rows={Math.min(MAX_ROWS, value.split('\n').length)}
          placeholder="Type a message..."
          aria-describedby={problem && problem !== MESSAGE_EMPTY ? `${id}-problem` : undefined}
          className="min-h-11 flex-1 resize-none px-3 py-2.5"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>
      {problem && problem !== MESSAGE_EMPTY ? (
        <p id={`${id}-problem`} className="text-xs text-red-600">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
