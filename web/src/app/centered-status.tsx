/** A full-height status line ('Loading...', 'Redirecting...') while a screen decides what to show. */
export function CenteredStatus({ text }: { text: string }) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-slate-600">
      {text}
    </div>
  );
}
