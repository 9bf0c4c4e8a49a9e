/**
 * The Vitest projects (vitest.config.ts) each Vitest stage of `npm test` runs (scripts/test.mjs):
 * 'vitest' the server suites on PGlite, 'vitest-web' those that need no server or database.
 * Together they are every project: scripts/vitest-projects.test.ts holds it, so a new project
 * cannot be left out of both.
 */
export const SERVER_PROJECTS = ['server'];
export const WEB_PROJECTS = ['web', 'web-mocks', 'domain', 'architecture'];
