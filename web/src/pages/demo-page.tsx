import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { DEMO_STEPS, type DemoExample } from '../../../domain';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { cn } from '../lib/cn';

/** The example under a step: the same data the PDF prints, drawn like the app's screens. */
function Example({ example }: { example: DemoExample }) {
  switch (example.kind) {
    case 'flights':
      return (
        <ul className="space-y-2">
          {example.flights.map((f) => (
            <li key={f.flightNumber} className="rounded-xl border border-slate-200 p-3">
              <p className="font-semibold">{f.flightNumber}</p>
              <p className="text-sm text-slate-600">
                {f.route} · {f.date} · {f.duration}
              </p>
            </li>
          ))}
        </ul>
      );
    case 'roster':
      return (
        <pre className="overflow-x-auto rounded-xl bg-slate-100 p-3 text-sm">
          {example.lines.join('\n')}
        </pre>
      );
    case 'waves':
      return (
        <ul className="space-y-2">
          {example.waves.map((w) => (
            <li key={w.flight} className="space-y-2 rounded-xl border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{w.from}</span>
                <Badge tone="notice">{w.status}</Badge>
                <Badge>{w.rank}</Badge>
              </div>
              <p className="text-sm text-slate-600">{w.flight}</p>
              {/* A picture of the buttons, not buttons: nothing here can be pressed. */}
              <p className="flex gap-2 text-sm">
                <span className="sr-only">Actions: </span>
                {w.actions.map((action) => (
                  <span key={action} className="rounded-lg border border-slate-300 px-2 py-1">
                    {action}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      );
    case 'conversations':
      return (
        <ul className="space-y-2">
          {example.conversations.map((c) => (
            <li key={c.name} className="rounded-xl border border-slate-200 p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold">{c.name}</span>
                {c.unread ? <Badge tone="alert">{c.unread} new</Badge> : null}
              </div>
              <p className="text-sm text-slate-600">{c.flight}</p>
              <p className="text-sm text-slate-800">“{c.lastMessage}”</p>
            </li>
          ))}
        </ul>
      );
    case 'privacy':
      return (
        <ul className="space-y-2">
          {example.settings.map((s) => (
            <li key={s.label} className="flex items-start justify-between gap-3">
              <span>
                <span className="block font-medium">{s.label}</span>
                <span className="block text-sm text-slate-600">{s.description}</span>
              </span>
              <Badge tone={s.on ? 'success' : 'neutral'}>{s.on ? 'On' : 'Off'}</Badge>
            </li>
          ))}
        </ul>
      );
  }
}

/** /demo: the seven-step walkthrough (accounts spec §2, flights spec §2 'Other'). */
export function DemoPage() {
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = DEMO_STEPS[index]!;
  const last = index === DEMO_STEPS.length - 1;
  const go = (next: number) => {
    setIndex(next);
    // The new step's title takes focus, so a screen reader reads the step that appeared.
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <main className="space-y-4 py-6">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Jumpseat walkthrough</h1>
        <a
          href="/demo/download"
          download
          className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download PDF
        </a>
      </header>

      <Card className="space-y-4">
        <p className="text-sm text-slate-600">
          Step {index + 1} of {DEMO_STEPS.length}
        </p>
        <h2
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-brand-700 outline-none"
        >
          {step.title}
        </h2>
        <p className="text-slate-800">{step.summary}</p>
        <ul className="list-disc space-y-1.5 pl-5 text-slate-700">
          {step.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        {step.example ? (
          <section aria-label="Example" className="rounded-xl bg-slate-50 p-3">
            <Example example={step.example} />
          </section>
        ) : null}
      </Card>

      <nav aria-label="Walkthrough steps" className="flex justify-center gap-1">
        {DEMO_STEPS.map((s, i) => (
          <button
            key={s.id}
            type="button"
            aria-label={`Step ${i + 1}: ${s.title}`}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => go(i)}
            className="flex h-11 w-8 items-center justify-center"
          >
            <span
              aria-hidden="true"
              className={cn(
                'h-2.5 rounded-full transition-all',
                i === index ? 'w-6 bg-brand-600' : 'w-2.5 bg-slate-300',
              )}
            />
          </button>
        ))}
      </nav>

      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" disabled={index === 0} onClick={() => go(index - 1)}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </Button>
        {last ? (
          <Link
            to="/home"
            className="inline-flex h-11 items-center justify-center rounded-xl bg-brand-600 px-4 font-medium text-white hover:bg-brand-700"
          >
            Get Started
          </Link>
        ) : (
          <Button onClick={() => go(index + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        )}
      </div>
    </main>
  );
}
