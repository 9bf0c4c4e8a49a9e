import { useEffect, useState } from 'react';
import { ALLOWED_TAGS, CREW_ROLES, flightTitle, NOTE_MAX, TAGS_MAX } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';

export type CrewEntryValues = { role?: string; tags: string[]; note: string };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'join' asks for a role too; 'edit' changes the member's own tags and note. */
  mode: 'join' | 'edit';
  flightNumber: string;
  initial?: { tags: string[]; note: string | null };
  busy: boolean;
  onSubmit: (values: CrewEntryValues) => void;
};

/** Shown once the member has chosen the most tags a crew entry may have. */
export const TAGS_FULL_MESSAGE = `You can choose up to ${TAGS_MAX} tags. Remove one to choose another.`;

/** The Join Flight confirmation, also used to edit one's own tags and note later. */
export function CrewEntryDialog({
  open,
  onOpenChange,
  mode,
  flightNumber,
  initial,
  busy,
  onSubmit,
}: Props) {
  const [role, setRole] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (!open) return;
    setRole('');
    setTags(initial?.tags ?? []);
    setNote(initial?.note ?? '');
  }, [open, initial]);

  const toggleTag = (tag: string) =>
    setTags((current) =>
      current.includes(tag)
        ? current.filter((t) => t !== tag)
        : current.length < TAGS_MAX
          ? [...current, tag]
          : current,
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'join' ? 'Join Flight' : 'Edit your details'}
      description={
        mode === 'join'
          ? `Add yourself to ${flightTitle(flightNumber).text}? Other crew will see your role, tags and note.`
          : `Change your tags and note on ${flightTitle(flightNumber).text}.`
      }
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={busy}
            onClick={() =>
              onSubmit({ ...(mode === 'join' && role ? { role } : {}), tags, note: note.trim() })
            }
          >
            {mode === 'join' ? (busy ? 'Joining...' : 'Join Flight') : busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {mode === 'join' ? (
          <div className="space-y-1.5">
            <Label htmlFor="join-role">Your role</Label>
            <Select
              id="join-role"
              value={role}
              onChange={(e) => setRole(e.target.value)}
              placeholder="Cabin Crew (default)"
              options={CREW_ROLES}
            />
          </div>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">
            Tags (up to {TAGS_MAX}) · {tags.length}/{TAGS_MAX}
          </legend>
          <div className="flex flex-wrap gap-2">
            {ALLOWED_TAGS.map((tag) => {
              const on = tags.includes(tag);
              const full = !on && tags.length >= TAGS_MAX;
              return (
                <button
                  key={tag}
                  type="button"
                  aria-pressed={on}
                  disabled={full}
                  onClick={() => toggleTag(tag)}
                  className={cn(
                    'min-h-9 rounded-full border px-3 text-sm disabled:opacity-40',
                    on
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 bg-white text-slate-700',
                  )}
                >
                  {tag}
                </button>
              );
            })}
          </div>
          {/* The full picker says why the other chips are off instead of ignoring a tap. */}
          <p role="status" className="text-xs text-slate-600">
            {tags.length >= TAGS_MAX ? TAGS_FULL_MESSAGE : ''}
          </p>
        </fieldset>
        <div className="space-y-1.5">
          <Label htmlFor="crew-note">Note (optional)</Label>
          <Textarea
            id="crew-note"
            rows={3}
            maxLength={NOTE_MAX}
            placeholder="Say hello to the crew"
            value={note}
            onChange={(e) => setNote(e.target.value.slice(0, NOTE_MAX))}
          />
          <p className="text-right text-xs text-slate-500">
            {note.length}/{NOTE_MAX}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
