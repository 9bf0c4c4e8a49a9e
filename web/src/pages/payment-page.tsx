import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Card } from '../components/ui/card';
import { PLANS, readPendingRegistration } from '../features/registration';

/** /payment: picks up the registration kept in local storage; card payment is a later issue. */
export function PaymentPage() {
  const [pending] = useState(readPendingRegistration);
  if (!pending || pending.membership === 'trial') return <Navigate to="/register" replace />;
  const plan = PLANS[pending.membership];

  return (
    <main className="space-y-6">
      <header className="text-center">
        <h1 className="text-2xl font-bold">Payment</h1>
        <p className="mt-1 text-slate-600">Complete your membership to finish registering.</p>
      </header>

      <Card className="space-y-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd>{pending.name}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="break-all">{pending.email}</dd>
          <dt className="text-slate-500">Plan</dt>
          <dd>{plan.name}</dd>
          <dt className="text-slate-500">Fee</dt>
          <dd className="font-semibold">{plan.total}</dd>
        </dl>
      </Card>

      <Card role="status" className="flex items-start gap-3">
        <CreditCard aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-600" />
        <div>
          <p className="font-medium">Payment is coming soon</p>
          <p className="text-sm text-slate-600">
            Card payment is not available yet. Your registration details are saved on this device;
            you can come back here to pay once it is.
          </p>
        </div>
      </Card>

      <div className="grid gap-3">
        <Link
          to="/register"
          className="inline-flex h-12 items-center justify-center rounded-xl border border-slate-300 bg-white px-5 font-medium hover:bg-slate-50"
        >
          Back to Registration
        </Link>
        <Link to="/login" className="text-center text-sm text-brand-600 underline">
          Try Login Instead
        </Link>
      </div>
    </main>
  );
}
