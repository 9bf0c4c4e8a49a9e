import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../features/auth';
import { ChatDialog } from '../features/messages';
import { useWaves } from '../features/waves';
import { queryFailed } from '../lib/query-failed';
import { useDeskLayout } from '../lib/use-media-query';

/**
 * /chat?waveId={id}: opens that chat; without an id, or for a wave not found, goes to /messages.
 * At desk width a conversation is Messages' right pane, so the link opens it there.
 */
export function ChatPage() {
  const desk = useDeskLayout();
  const [params] = useSearchParams();
  if (desk) {
    const raw = params.get('waveId');
    return (
      <Navigate to={raw ? `/messages?waveId=${encodeURIComponent(raw)}` : '/messages'} replace />
    );
  }
  return <ChatScreen />;
}

function ChatScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: viewer } = useSession();
  const waves = useWaves('wavesOnMessages');
  const raw = params.get('waveId');
  const waveId = Number(raw);
  const valid = raw !== null && Number.isInteger(waveId) && waveId > 0;
  const wave = valid ? waves.data?.find((w) => w.id === waveId) : undefined;
  const missing = !valid || queryFailed(waves) || (waves.data !== undefined && !wave);

  useEffect(() => {
    if (missing) navigate('/messages', { replace: true });
  }, [missing, navigate]);

  if (!wave || !viewer) {
    return (
      <main>
        <h1 className="sr-only">Conversation</h1>
        <p role="status" className="py-16 text-center text-slate-600">
          Loading conversation...
        </p>
      </main>
    );
  }
  return (
    <main>
      <h1 className="sr-only">Conversation</h1>
      <ChatDialog
        wave={wave}
        viewer={viewer}
        open
        onOpenChange={(open) => {
          if (!open) navigate('/messages');
        }}
      />
    </main>
  );
}
