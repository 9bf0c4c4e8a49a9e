import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-slate-600">Did you forget to add the page to the router?</p>
      <Link to="/" className="text-brand-600 underline">
        Go to the start page
      </Link>
    </main>
  );
}
