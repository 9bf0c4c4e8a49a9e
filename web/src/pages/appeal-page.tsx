import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { appealRequestSchema, formatModerationDate } from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Label } from '../components/ui/input';
import { Textarea } from '../components/ui/textarea';
import { useAppealInfo, useSendAppeal } from '../features/moderation';

const WHAT: Record<string, string> = {
  warn: 'A warning',
  restrict: 'A restriction of your account',
  suspend: 'A suspension of your account',
  ban: 'A ban of your account',
};

/** /appeal?token=...: the link in a moderation mail; one appeal per decision, no sign-in needed. */
export function AppealPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useAppealInfo(token);
  const send = useSendAppeal();
  const [message, setMessage] = useState('');
  const parsed = appealRequestSchema.safeParse({ token, message });

  if (!token || info.isError) {
    return (
      <main className="space-y-4 text-center">
        <h1 className="text-2xl font-bold">Appeal a decision</h1>
        <p role="alert">This appeal link is not valid.</p>
      </main>
    );
  }
  if (info.isPending) return <p role="status">Loading...</p>;
  const { decision, appealed } = info.data;
  const done = appealed || send.isSuccess;
  return (
    <main className="space-y-4">
      <h1 className="text-2xl font-bold">Appeal a decision</h1>
      <Card className="space-y-2">
        <p className="font-medium">
          {WHAT[decision.action] ?? 'A decision'} on{' '}
          {formatModerationDate(new Date(decision.createdAt))}
        </p>
        <p className="text-slate-700">Reason: {decision.reason}</p>
      </Card>
      {done ? (
        <p role="status">
          {send.data?.message ??
            'This decision has already been appealed. An admin will reply by e-mail.'}
        </p>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (parsed.success) send.mutate(parsed.data);
          }}
        >
          <Label htmlFor="appeal-message">Why should this decision change?</Label>
          <Textarea
            id="appeal-message"
            rows={5}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Button type="submit" className="w-full" disabled={!parsed.success || send.isPending}>
            {send.isPending ? 'Sending...' : 'Send appeal'}
          </Button>
        </form>
      )}
    </main>
  );
}
