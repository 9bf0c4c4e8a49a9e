import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect as baseExpect,
  type Page,
} from '@playwright/test';
import { type OwnServer, type OwnServerOptions, startOwnServer } from './helpers/own-server';

/**
 * The journeys' test-support layer (issue 40 item 2): every journey imports `test` and `expect`
 * from here. What a fixture opens, it closes in its teardown, which runs whether the test passed
 * or failed (a journey that fails halfway used to leave its browsers and servers behind).
 *
 * - `newContext(options?)`: a browser context (another device, another member), with the
 *   project's options (baseURL, viewport) unless `options` says otherwise, as
 *   `browser.newContext()` gives; closed when the test ends. Journeys never call
 *   `browser.newContext()` themselves.
 * - `newPage(options?)`: a page in a new context of its own (from `newContext`).
 * - `newApi(options?)`: an API request context (a member's session without a browser, on the
 *   project's baseURL unless given), disposed when the test ends.
 * - `ownServer(options?)`: a server of the test's own (helpers/own-server.ts): a clock offset,
 *   a data directory another server filled, or no one else's activity. Whatever the journey has
 *   not stopped is stopped when it ends, after the browser contexts are closed; a passing
 *   journey also fails if that stop is not clean (exit 0).
 */
export type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;
export type NewPage = (options?: BrowserContextOptions) => Promise<Page>;
export type NewApi = (options?: { baseURL?: string }) => Promise<APIRequestContext>;
export type StartOwnServer = (options?: OwnServerOptions) => Promise<OwnServer>;

export const test = base.extend<{
  ownServer: StartOwnServer;
  newContext: NewContext;
  newPage: NewPage;
  newApi: NewApi;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  ownServer: async ({}, use, testInfo) => {
    const started: OwnServer[] = [];
    await use(async (options) => {
      const server = await startOwnServer(options);
      started.push(server);
      return server;
    });
    const running = started.filter((server) => !server.stopped);
    const stops = await Promise.allSettled(running.map((server) => server.stop()));
    // After a failure the stop is not what failed: its error would only hide the first one.
    const unclean = stops.find((stop) => stop.status === 'rejected');
    if (unclean && testInfo.status === testInfo.expectedStatus) throw unclean.reason;
  },
  // Depends on ownServer so that its teardown runs first: the pages go before their servers.
  newContext: async ({ browser, ownServer: _servers }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      return context;
    });
    // A context the journey closed itself (a tab going away is part of some) closes again
    // harmlessly.
    await Promise.all(opened.map((context) => context.close()));
  },
  newPage: async ({ newContext }, use) => {
    await use(async (options) => (await newContext(options)).newPage());
  },
  newApi: async ({ playwright }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async (options) => {
      const api = await playwright.request.newContext(options);
      opened.push(api);
      return api;
    });
    await Promise.all(opened.map((api) => api.dispose()));
  },
});

/**
 * The journeys' `expect`: Playwright's, with `toHaveURL(pattern)` waiting on the page's
 * navigations. Playwright matches a RegExp by polling the URL (after 20, 50, 100 and 100 ms, then
 * every 500 ms), so a journey sat up to half a second after each of the 62 redirects it asserts
 * (seen in `DEBUG=pw:api`: the redirect 53 ms after a poll, the match 292 ms later); a predicate
 * it waits for with `waitForURL`, as each navigation happens. Same pattern, same timeout, and a
 * failure still names the pattern and the URL last seen. A string is left to Playwright's own.
 */
export const expect = baseExpect.extend({
  async toHaveURL(
    page: Page,
    expected: RegExp | string | ((url: URL) => boolean),
    options?: { timeout?: number; ignoreCase?: boolean },
  ) {
    const matcher = this.isNot ? baseExpect(page).not : baseExpect(page);
    const pattern = expected instanceof RegExp ? expected : null;
    const predicate = pattern
      ? (url: URL) => {
          pattern.lastIndex = 0;
          return pattern.test(url.href);
        }
      : expected;
    try {
      await matcher.toHaveURL(predicate, { timeout: this.timeout, ...options });
      return {
        pass: !this.isNot,
        message: () => `URL matches ${String(expected)}`,
        name: 'toHaveURL',
      };
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error);
      return {
        pass: this.isNot,
        name: 'toHaveURL',
        message: () =>
          `expected the page's URL ${this.isNot ? 'not ' : ''}to match ${String(expected)}; it is ${page.url()}\n\n${said}`,
      };
    }
  },
});
