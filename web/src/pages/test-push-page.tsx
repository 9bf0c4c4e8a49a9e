import { BellRing, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input, Label } from '../components/ui/input';
import { useSession } from '../features/auth';
import { EnableNotificationsPrompt } from '../features/notifications';
import { useRealtimeConnected } from '../features/waves';
import { api } from '../lib/api-client';

type CrossEnvResult = { success: boolean; results: { websocket: number; email: boolean } };
type Outcome =
  | { kind: 'cross'; result: CrossEnvResult }
  | { kind: 'self'; message: string }
  | { kind: 'error'; message: string };

/** '' → null (oneself); digits → that id; anything else → undefined (not valid). */
function parseTarget(raw: string): number | null | undefined {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * /test-push: sends a test notification through the real-time channel, to oneself or (admins
 * only; the server refuses anyone else) to another member. No visible role gate: the server's
 * answer is shown as it comes.
 */
export function TestPushPage() {
  const session = useSession();
  const connected = useRealtimeConnected();
  const [target, setTarget] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<'cross' | 'self' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const targetId = parseTarget(target);

  async function sendCrossEnv(event: FormEvent) {
    event.preventDefault();
    if (targetId === undefined) return;
    setBusy('cross');
    try {
      const result = await api.post<CrossEnvResult>('/api/test-cross-env-push', {
        targetUserId: targetId,
        message: message.trim() || undefined,
      });
      setOutcome({ kind: 'cross', result });
    } catch (error) {
      setOutcome({ kind: 'error', message: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  async function sendSelf() {
    setBusy('self');
    try {
      const result = await api.get<{ message: string }>('/api/test-push-notification');
      setOutcome({ kind: 'self', message: result.message });
    } catch (error) {
      setOutcome({ kind: 'error', message: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <main className="space-y-4">
      <header className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <BellRing aria-hidden="true" className="h-6 w-6 text-brand-600" />
          Push Notification Test
        </h1>
        <p className="text-sm text-slate-600">
          Sends a test notification over the live connection. It shows as a browser notification
          when this tab is in the background and notifications are allowed, otherwise in the app.
        </p>
      </header>

      {session.isPending ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      ) : !session.data ? (
        <Card className="space-y-3 text-center">
          <p>Sign in to send test notifications.</p>
          <Link to="/passcode" className="font-medium text-brand-700 underline">
            Sign In
          </Link>
        </Card>
      ) : (
        <>
          <p className="text-sm">
            Live connection:{' '}
            <span className={connected ? 'font-medium text-emerald-700' : 'text-slate-600'}>
              {connected ? 'Connected' : 'Not connected'}
            </span>
          </p>
          <EnableNotificationsPrompt dismissible={false} />

          <Card>
            <form className="space-y-3" onSubmit={(event) => void sendCrossEnv(event)}>
              <div className="space-y-1">
                <Label htmlFor="push-target">Target user ID (optional)</Label>
                <Input
                  id="push-target"
                  inputMode="numeric"
                  placeholder="Leave empty to send to yourself"
                  value={target}
                  aria-invalid={targetId === undefined}
                  aria-describedby={targetId === undefined ? 'push-target-error' : undefined}
                  onChange={(event) => setTarget(event.target.value)}
                />
                {targetId === undefined ? (
                  <p id="push-target-error" className="text-sm text-red-700">
                    Enter a user ID (digits only) or leave it empty.
                  </p>
                ) : null}
              </div>
              <div className="space-y-1">
                <Label htmlFor="push-message">Message</Label>
                <Input
                  id="push-message"
                  maxLength={500}
                  placeholder="Test notification from Jumpseat"
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy !== null || targetId === undefined}>
                  <Send aria-hidden="true" className="h-4 w-4" />
                  {busy === 'cross' ? 'Sending...' : 'Send cross-environment test'}
                </Button>
                <Button variant="outline" disabled={busy !== null} onClick={() => void sendSelf()}>
                  {busy === 'self' ? 'Sending...' : 'Send self test'}
                </Button>
              </div>
            </form>
          </Card>

          {outcome ? (
            <Card
              role={outcome.kind === 'error' ? 'alert' : 'status'}
              aria-label="Test result"
              className={outcome.kind === 'error' ? 'border-red-200 bg-red-50' : undefined}
            >
              {outcome.kind === 'error' ? (
                <p className="text-red-700">{outcome.message}</p>
              ) : outcome.kind === 'self' ? (
                <p>{outcome.message}</p>
              ) : (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="font-medium">WebSocket</dt>
                  <dd>
                    {outcome.result.results.websocket === 1
                      ? '1 connection reached'
                      : `${outcome.result.results.websocket} connections reached`}
                  </dd>
                  <dt className="font-medium">Email</dt>
                  <dd>{outcome.result.results.email ? 'Sent' : 'Not sent'}</dd>
                </dl>
              )}
            </Card>
          ) : null}
        </>
      )}
    </main>
  );
}
