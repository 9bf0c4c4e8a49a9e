/** Placeholder for a route whose screen is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <main className="py-10 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">Coming soon</p>
    </main>
  );
}
