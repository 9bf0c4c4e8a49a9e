import { Camera, Send } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import {
  checkProfilePicture,
  imageTypeOf,
  PROFILE_PICTURE_FAILED,
  PROFILE_PICTURE_TYPES,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useTelegramStatus, useUpdateProfilePicture } from './api';
import { failureText } from './failure';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const typeOfDataUrl = (dataUrl: string) => dataUrl.slice(5, dataUrl.indexOf(';'));
const dataUrlBytes = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));

const AVATAR_EDGE_PX = 512;
const SMALL_ENOUGH_BYTES = 200 * 1024;

/**
 * An avatar is shown at most a few hundred pixels wide, so a large photo is scaled to 512 px
 * before upload: a phone photo of 2 MB becomes ~100 KB, uploads quickly on roaming data, and
 * spares the server (an embedded database stores 2 MB in about a second and a half). GIFs keep
 * their animation and small files go as they are; where the browser cannot decode, the original
 * goes (the server checks it either way).
 */
async function shrinkForAvatar(file: File, original: string): Promise<string> {
  if (file.size <= SMALL_ENOUGH_BYTES || file.type === 'image/gif') return original;
  if (typeof createImageBitmap !== 'function') return original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, AVATAR_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return original;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const smaller = canvas.toDataURL(file.type === 'image/png' ? 'image/png' : 'image/jpeg', 0.85);
    return smaller.length < original.length ? smaller : original;
  } catch {
    return original;
  }
}

/**
 * 'Update profile picture' (admins, spec §6): choose a JPG, PNG or GIF, see it, save it. The
 * file is judged here by the same domain rule as on the server (its bytes, not its name, and
 * 2 MB at most), so a refusal needs no upload; the server checks again.
 */
export function ProfilePictureButton() {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const update = useUpdateProfilePicture();

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPicked(null);
      setError(null);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPicked(null);
    setError(null);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The type is judged by the bytes first; the size limit applies to what is uploaded, so a
    // large photo that scales down to a small avatar is accepted.
    if (imageTypeOf(bytes) !== file.type) {
      setError(PROFILE_PICTURE_FAILED);
      return;
    }
    const upload = await shrinkForAvatar(file, await readAsDataUrl(file));
    if (!checkProfilePicture(typeOfDataUrl(upload), dataUrlBytes(upload)).ok) {
      setError(PROFILE_PICTURE_FAILED);
      return;
    }
    setPicked(upload);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    try {
      await update.mutateAsync(picked);
      toast.success('Profile Updated', 'Your profile picture was updated.');
      close(false);
    } catch (failure) {
      const text = failureText(failure, PROFILE_PICTURE_FAILED);
      setError(text);
      toast.error('Update Failed', text);
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Camera aria-hidden="true" className="h-4 w-4" />
        Update profile picture
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        title="Update profile picture"
        description="A JPG, PNG or GIF of at most 2 MB."
      >
        <form onSubmit={save} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={inputId}>Picture</Label>
            <input
              id={inputId}
              type="file"
              accept={PROFILE_PICTURE_TYPES.join(',')}
              onChange={choose}
              className="block w-full text-sm"
            />
          </div>
          {picked ? (
            <img
              src={picked}
              alt="Preview: your new avatar"
              className="mx-auto h-32 w-32 rounded-full object-cover"
            />
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!picked || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The admin's 'Telegram notifications' row: the bot to open, or 'Not configured'. */
export function TelegramCard() {
  const { data, isPending } = useTelegramStatus();
  return (
    <Card>
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <Send aria-hidden="true" className="h-5 w-5 text-brand-600" />
          Telegram notifications
        </h2>
        {isPending ? (
          <span className="text-sm text-slate-500">Checking…</span>
        ) : data?.enabled && data.botLink ? (
          <a
            href={data.botLink}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-medium text-brand-700 underline"
          >
            Open the bot
          </a>
        ) : data?.enabled ? (
          <span className="text-sm text-slate-600">Bot unreachable</span>
        ) : (
          <span className="text-sm text-slate-600">Not configured</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        New registrations awaiting approval are posted there.
      </p>
    </Card>
  );
}
