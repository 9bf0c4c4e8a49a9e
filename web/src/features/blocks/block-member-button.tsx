import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useBlockMember } from './api';

type Props = {
  userId: number;
  /** The member's name as the viewer sees it. */
  name: string;
  /** After the block succeeded (e.g. the chat closes itself). */
  onBlocked?: () => void;
  size?: 'sm' | 'icon';
};

/** 'Block' with its confirmation, on a crew card, a wave card and the chat header. */
export function BlockMemberButton({ userId, name, onBlocked, size = 'icon' }: Props) {
  const [open, setOpen] = useState(false);
  const block = useBlockMember();
  return (
    <>
      <Button
        variant="ghost"
        size={size}
        aria-label={`Block ${name}`}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <Ban aria-hidden="true" className="h-4 w-4 text-red-600" />
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        title={`Block ${name}?`}
        description="You will no longer see each other on any flight, your waves and chats with them are deleted, and no wave or message can reach either of you. They are not told."
        confirmLabel="Block"
        busyLabel="Blocking..."
        busy={block.isPending}
        destructive
        onConfirm={() =>
          block.mutate(userId, {
            onSuccess: () => {
              setOpen(false);
              onBlocked?.();
            },
          })
        }
      />
    </>
  );
}
