import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import { hasSignedInHint } from '../features/auth';
import type { PageData, RouteParams } from '../lib/page-data';
import { DESK_QUERY, matchesMediaQuery } from '../lib/use-media-query';
import { ComingSoon } from '../pages/coming-soon';
import { LandingPage } from '../pages/landing-page';
import { NotFoundPage } from '../pages/not-found';
import type { LazyPage } from './lazy-page';
import { MembersOnly } from './members-only';
import { PublicLayout } from './public-layout';
import { RedirectSignedIn } from './redirect-signed-in';
import {
  AddFlightPage,
  AdminApprovals,
  AdminAudit,
  AdminDashboard,
  AdminModeration,
  AppealPage,
  AwaitingApprovalPage,
  ChatPage,
  CheckoutPage,
  ConvertTrialPage,
  CreatePasscodePage,
  DemoPage,
  EditProfilePage,
  FlightDetailPage,
  FlightsSplit,
  GuidePage,
  HomePage,
  MemberLayout,
  MessagesPage,
  MyFlightsPage,
  PaymentPage,
  PaymentSuccessPage,
  PlatformStats,
  ProfilePage,
  ProfileSetupPage,
  RegisterPage,
  RenewPage,
  ResetPasscodePage,
  SignInPage,
  TestPushPage,
  UploadRosterPage,
} from './screens';

/** Every route of both specs; screens not built yet show their title and 'Coming soon'. */
type RouteEntry = [path: string, title: string, Page?: LazyPage];

const publicRoutes: RouteEntry[] = [
  ['/login', 'Sign In', SignInPage],
  ['/register', 'Create Account', RegisterPage],
  ['/payment', 'Payment', PaymentPage],
  ['/payment-success', 'Payment', PaymentSuccessPage],
  ['/checkout/:sessionId', 'Checkout', CheckoutPage],
  ['/renew', 'Renew Membership', RenewPage],
  ['/renew-membership', 'Renew Membership', RenewPage],
  ['/awaiting-approval', 'Awaiting Admin Approval', AwaitingApprovalPage],
  ['/passcode', 'Sign In', SignInPage],
  ['/verify-email', 'Create Passcode', CreatePasscodePage],
  ['/reset-passcode', 'Reset PIN', ResetPasscodePage],
  ['/guide', 'Quick-start Guide', GuidePage],
  ['/demo', 'Demo', DemoPage],
  ['/test-push', 'Push Test', TestPushPage],
  ['/appeal', 'Appeal a Decision', AppealPage],
];

/** Pages a signed-in member never sees: they go on to /home instead. */
const SIGNED_OUT_ONLY = new Set(['/', '/login', '/passcode', '/register']);

const memberRoutes: RouteEntry[] = [
  ['/convert-trial', 'Convert Trial', ConvertTrialPage],
  ['/profile-setup', 'Set Up Your Profile', ProfileSetupPage],
  ['/add-flight', 'Add Flight', AddFlightPage],
  ['/upload-roster', 'Upload Roster', UploadRosterPage],
  ['/my-flights', 'My Flights', MyFlightsPage],
  ['/messages', 'Messages', MessagesPage],
  ['/chat', 'Conversation', ChatPage],
  ['/profile', 'Profile', ProfilePage],
  ['/profile/edit', 'Edit Profile', EditProfilePage],
  ['/admin', 'Admin Dashboard', AdminDashboard],
  ['/admin/approvals', 'Member Approvals', AdminApprovals],
  ['/admin/audit', 'Audit Trail', AdminAudit],
  ['/admin/moderation', 'Moderation', AdminModeration],
  ['/platform-stats', 'Platform Statistics', PlatformStats],
];

/**
 * What a route may carry: how to start loading its screen's code, and what its screen shows first
 * (see preloadRoute), and whether only a member gets past it (a visitor is sent to the landing
 * without it being loaded).
 */
type RouteHandle = { preload?: LazyPage['preload']; data?: PageData; membersOnly?: boolean };

/** A route showing a screen; a lazy screen's route carries its preload. */
function screen(path: string, title: string, Page?: LazyPage): RouteObject {
  if (!Page) return { path, element: <ComingSoon title={title} /> };
  return {
    path,
    element: <Page />,
    handle: { preload: Page.preload, data: Page.preloadData } satisfies RouteHandle,
  };
}

/** A layout route: its children show inside `element`; `handle` says what to preload with them. */
function layout(element: ReactElement, handle: RouteHandle, children: RouteObject[]): RouteObject {
  return { element, handle, children };
}

/** At desk width the split shows Home's list beside a flight's detail: Home's code comes too. */
const preloadFlightsSplit = () =>
  Promise.all([
    FlightsSplit.preload(),
    matchesMediaQuery(DESK_QUERY) ? HomePage.preload() : undefined,
  ]);
const flightsSplitData: PageData = async (client, params) =>
  matchesMediaQuery(DESK_QUERY) ? HomePage.preloadData(client, params) : undefined;

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      ...publicRoutes.map((entry) => screen(...entry)),
    ].map((route) =>
      SIGNED_OUT_ONLY.has(route.path ?? '')
        ? { ...route, element: <RedirectSignedIn>{route.element}</RedirectSignedIn> }
        : route,
    ),
  },
  layout(
    <MembersOnly>
      <MemberLayout />
    </MembersOnly>,
    { preload: MemberLayout.preload, data: MemberLayout.preloadData, membersOnly: true },
    [
      // One parent for Home and a flight's detail: at desk width they share the screen.
      layout(
        <FlightsSplit list={<HomePage asPane />} />,
        { preload: preloadFlightsSplit, data: flightsSplitData },
        [
          screen('/home', 'Flights', HomePage),
          screen('/flight/:id', 'Flight Details', FlightDetailPage),
        ],
      ),
      ...memberRoutes.map((entry) => screen(...entry)),
    ],
  ),
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The routes from the root to the first screen whose path matches (the catch-all excepted). Not
 * `matchRoutes`: it flattens and ranks the whole table on every call, which on a phone cost
 * ~9 ms of the entry's evaluation, and the router does it again when it is made. This table has
 * no two paths matching one screen, no index routes and no paths on layouts, so order is enough;
 * unlike `matchRoutes` it does not decode the path first. A miss only means no preload: the
 * screen's code then loads as it renders.
 */
function routeChain(
  list: RouteObject[],
  pathname: string,
): { chain: RouteObject[]; params: RouteParams } {
  for (const route of list) {
    if (route.children) {
      const found = routeChain(route.children, pathname);
      if (found.chain.length > 0) return { ...found, chain: [route, ...found.chain] };
    } else if (route.path && route.path !== '*') {
      const match = matchPath(route.path, pathname);
      if (match) return { chain: [route], params: match.params };
    }
  }
  return { chain: [], params: {} };
}

/**
 * Loads the code of every screen the path shows (layouts included) and, given the query client,
 * what they show first (PageData): the layouts' before the screen's, as the member layout marks
 * the member online before the screen's online counters are read. Resolves when all is in. A
 * member's screen in a browser that has not signed in loads nothing: MembersOnly redirects.
 */
export async function preloadRoute(pathname: string, client?: QueryClient): Promise<unknown[]> {
  const { chain, params } = routeChain(routes, pathname);
  const handles = chain.map((route) => route.handle as RouteHandle | undefined);
  if (handles.some((handle) => handle?.membersOnly) && !hasSignedInHint()) return [];
  const code = await Promise.all(handles.map((handle) => handle?.preload?.()));
  if (client) {
    // The outermost level's data first: the member layout marks the member online, and the
    // screens' online counters must count them. The levels inside it read side by side, so a
    // flight's detail at desk width does not wait for Home's list beside it.
    const [outer, ...inner] = handles.flatMap((handle) => (handle?.data ? [handle.data] : []));
    await outer?.(client, params);
    await Promise.all(inner.map((data) => data(client, params)));
  }
  return code;
}

export function createRouter() {
  return createBrowserRouter(routes);
}
