import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function SignInHelpDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Help signing in"
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Sign in with your work e-mail and the 4-digit PIN (passcode) we e-mailed you when an admin
          approved your account.
        </p>
        <p>
          Forgotten it? Enter your e-mail and choose <strong>Forgot passcode</strong>: we send a
          link that gives you a new PIN. Corporate mail can take a few minutes — check your spam
          folder too.
        </p>
        <p>
          Just registered? Approval typically takes 24-48 hours on business days; you cannot sign in
          until then.
        </p>
        <p>
          No account yet?{' '}
          <Link to="/register" className="text-brand-600 underline">
            Create one
          </Link>
          .
        </p>
      </div>
    </Dialog>
  );
}
