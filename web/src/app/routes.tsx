import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { ComingSoon } from '../pages/coming-soon';
import { LandingPage } from '../pages/landing-page';
import { NotFoundPage } from '../pages/not-found';
import { type LazyPage, lazyPage } from './lazy-page';
import { PublicLayout } from './public-layout';
import { RedirectSignedIn } from './redirect-signed-in';

// Only the landing comes at once: every other screen, Sign In included, and the member layout
// (session gate, navigation, prompts) load on first use, so the landing's first load parses
// nothing it does not show (issue 19: Lighthouse performance and the landing's JS budget).
const SignInPage = lazyPage(() => import('../pages/sign-in-page'), 'SignInPage');
const MemberLayout = lazyPage(() => import('./member-layout'), 'MemberLayout');
const FlightsSplit = lazyPage(() => import('./flights-split'), 'FlightsSplit');
const HomePage = lazyPage(() => import('../pages/home-page'), 'HomePage');
const AdminDashboard = lazyPage(() => import('./admin-routes'), 'AdminDashboard');
const AdminApprovals = lazyPage(() => import('./admin-routes'), 'AdminApprovals');
const AdminAudit = lazyPage(() => import('./admin-routes'), 'AdminAudit');
const AdminModeration = lazyPage(() => import('./admin-routes'), 'AdminModeration');
const PlatformStats = lazyPage(() => import('./admin-routes'), 'PlatformStats');
const GuidePage = lazyPage(() => import('../pages/guide-page'), 'GuidePage');
const DemoPage = lazyPage(() => import('../pages/demo-page'), 'DemoPage');
const CreatePasscodePage = lazyPage(
  () => import('../pages/create-passcode-page'),
  'CreatePasscodePage',
);
const ResetPasscodePage = lazyPage(
  () => import('../pages/reset-passcode-page'),
  'ResetPasscodePage',
);
const AppealPage = lazyPage(() => import('../pages/appeal-page'), 'AppealPage');
const AwaitingApprovalPage = lazyPage(
  () => import('../pages/awaiting-approval-page'),
  'AwaitingApprovalPage',
);
const PaymentPage = lazyPage(() => import('../pages/payment-page'), 'PaymentPage');
const PaymentSuccessPage = lazyPage(
  () => import('../pages/payment-success-page'),
  'PaymentSuccessPage',
);
const CheckoutPage = lazyPage(() => import('../pages/checkout-page'), 'CheckoutPage');
const RenewPage = lazyPage(() => import('../pages/renew-page'), 'RenewPage');
const ConvertTrialPage = lazyPage(() => import('../pages/convert-trial-page'), 'ConvertTrialPage');
const RegisterPage = lazyPage(() => import('../pages/register-page'), 'RegisterPage');
const AddFlightPage = lazyPage(() => import('../pages/add-flight-page'), 'AddFlightPage');
const ChatPage = lazyPage(() => import('../pages/chat-page'), 'ChatPage');
const EditProfilePage = lazyPage(() => import('../pages/edit-profile-page'), 'EditProfilePage');
const FlightDetailPage = lazyPage(() => import('../pages/flight-detail-page'), 'FlightDetailPage');
const MessagesPage = lazyPage(() => import('../pages/messages-page'), 'MessagesPage');
const MyFlightsPage = lazyPage(() => import('../pages/my-flights-page'), 'MyFlightsPage');
const ProfilePage = lazyPage(() => import('../pages/profile-page'), 'ProfilePage');
const ProfileSetupPage = lazyPage(() => import('../pages/profile-setup-page'), 'ProfileSetupPage');
const TestPushPage = lazyPage(() => import('../pages/test-push-page'), 'TestPushPage');
const UploadRosterPage = lazyPage(() => import('../pages/upload-roster-page'), 'UploadRosterPage');

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

/** What a route may carry: how to start loading its screen's code (see preloadRoute). */
type RouteHandle = { preload: LazyPage['preload'] };

/** A route showing a screen; a lazy screen's route carries its preload. */
function screen(path: string, title: string, Page?: LazyPage): RouteObject {
  if (!Page) return { path, element: <ComingSoon title={title} /> };
  return { path, element: <Page />, handle: { preload: Page.preload } satisfies RouteHandle };
}

/** A layout route: its children show inside it; its code preloads with theirs. */
function layout(Layout: LazyPage, children: RouteObject[]): RouteObject {
  return {
    element: <Layout />,
    handle: { preload: Layout.preload } satisfies RouteHandle,
    children,
  };
}

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
  layout(MemberLayout, [
    // One parent for Home and a flight's detail: at desk width they share the screen.
    layout(FlightsSplit, [
      screen('/home', 'Flights', HomePage),
      screen('/flight/:id', 'Flight Details', FlightDetailPage),
    ]),
    ...memberRoutes.map((entry) => screen(...entry)),
  ]),
  { path: '*', element: <NotFoundPage /> },
];

/** Loads the code of every screen the path shows (layouts included); resolves when all is in. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload()),
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
