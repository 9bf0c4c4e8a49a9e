/**
 * Jumpseat's domain: every business rule of the spec as a pure function, the API contracts as
 * zod schemas, and the roster parser. No I/O and no clock: time-dependent rules take `now`.
 */
export * from './constants';
export * from './demo-steps';
export * from './roster/airports';
export * from './roster/parser';
export * from './rules/access';
export * from './rules/account';
export * from './rules/admin-members';
export * from './rules/approval';
export * from './rules/first-run';
export * from './rules/flight-search';
export * from './rules/flight-title';
export * from './rules/flights';
export * from './rules/identity';
export * from './rules/membership';
export * from './rules/payments';
export * from './rules/presenter';
export * from './rules/pricing';
export * from './rules/profile-picture';
export * from './rules/push';
export * from './rules/retention';
export * from './rules/stats';
export * from './rules/throttle';
export * from './rules/time';
export * from './rules/waves';
export * from './schemas/admin';
export * from './schemas/admin-members';
export * from './schemas/admin-platform';
export * from './schemas/auth';
export * from './schemas/common';
export * from './schemas/crew';
export * from './schemas/flights';
export * from './schemas/messages';
export * from './schemas/payments';
export * from './schemas/profile';
export * from './schemas/push';
export * from './schemas/realtime';
export * from './schemas/registration';
export * from './schemas/sync';
export * from './schemas/user';
export * from './schemas/waves';
