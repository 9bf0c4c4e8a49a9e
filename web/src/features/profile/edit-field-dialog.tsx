import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';

export type EditableField = {
  /** Dialog title and input label, e.g. 'Nickname'. */
  label: string;
  value: string;
  kind: 'text' | 'email' | 'tel' | 'select';
  options?: string[];
  hint?: string;
  maxLength?: number;
  autoComplete?: string;
};

type Props = {
  field: EditableField | null;
  onOpenChange: (open: boolean) => void;
  /** Resolves true when saved (the dialog closes), false to keep it open. */
  onSave: (value: string) => Promise<boolean>;
};

/** One information-list field in a dialog: no client-side validation beyond the input type. */
export function EditFieldDialog({ field, onOpenChange, onSave }: Props) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (field) setValue(field.value);
  }, [field]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (await onSave(value)) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={field !== null}
      onOpenChange={onOpenChange}
      title={field ? `Edit ${field.label}` : 'Edit'}
      description={field?.hint}
    >
      {field ? (
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={inputId}>{field.label}</Label>
            {field.kind === 'select' ? (
              <Select
                id={inputId}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                placeholder="Choose…"
                placeholderDisabled
                options={field.options ?? []}
              />
            ) : (
              <Input
                id={inputId}
                type={field.kind}
                inputMode={
                  field.kind === 'tel' ? 'tel' : field.kind === 'email' ? 'email' : undefined
                }
                autoComplete={field.autoComplete ?? 'off'}
                maxLength={field.maxLength}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoFocus
              />
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || (field.kind === 'select' && !value)}>
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
