import { useQuery } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';

/** A static file of ours (web/public), edited without a build of the app. */
export const GUIDE_URL = '/quick-start-guide.html';
export const GUIDE_ERROR = 'Error loading guide. Please try again later.';

/**
 * Only these elements of the guide's <main> are shown, rebuilt as React elements rather than
 * injected as HTML: the file cannot run script or style the app, even if it were edited badly.
 */
const ALLOWED = new Set(['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a']);
const STYLES: Record<string, string> = {
  h2: 'mt-6 text-lg font-semibold text-slate-900',
  h3: 'mt-4 font-semibold text-slate-900',
  p: 'mt-3 text-slate-700',
  ul: 'mt-2 list-disc space-y-1.5 pl-5 text-slate-700',
  ol: 'mt-2 list-decimal space-y-1.5 pl-5 text-slate-700',
  a: 'text-brand-700 underline',
};

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  const children = Array.from(element.childNodes, toReact);
  if (!ALLOWED.has(tag)) return children;
  const href = element.getAttribute('href');
  // Links stay inside the app (same-origin paths); anything else is shown as plain text.
  if (tag === 'a' && !(href?.startsWith('/') && !href.startsWith('//'))) return children;
  return createElement(
    tag,
    { key, className: STYLES[tag], ...(tag === 'a' ? { href } : {}) },
    children,
  );
}

async function loadGuide(): Promise<ReactNode[]> {
  const res = await fetch(GUIDE_URL, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`guide: HTTP ${res.status}`);
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const main = doc.querySelector('main');
  // The SPA fallback answers unknown paths with index.html: that is not the guide either.
  if (!main) throw new Error('guide: no <main>');
  return Array.from(main.childNodes, toReact);
}

/** /guide: the quick-start guide (accounts spec §2 'Guide, demo, test-push'). */
export function GuidePage() {
  const guide = useQuery({
    queryKey: ['guide'],
    queryFn: loadGuide,
    staleTime: Infinity,
    retry: 1,
  });
  return (
    <main className="space-y-4 py-6">
      <h1 className="text-2xl font-bold">Quick-start Guide</h1>
      <Card>
        {guide.isPending ? (
          <div role="status" aria-label="Loading guide" className="space-y-3">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : guide.isError ? (
          <p role="alert" className="text-red-700">
            {GUIDE_ERROR}
          </p>
        ) : (
          <article
            aria-label="Quick-start guide"
            className="[&>h2:first-child]:mt-0 [&>p:first-child]:mt-0"
          >
            {guide.data}
          </article>
        )}
      </Card>
      <p className="text-center text-sm">
        <Link to="/demo" className="text-brand-700 underline">
          Take the demo walkthrough
        </Link>
      </p>
    </main>
  );
}
