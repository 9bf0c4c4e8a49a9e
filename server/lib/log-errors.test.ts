import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildCrew } from '../test/factories';
import { injectAs } from '../test/inject-as';
import { serializeError } from './log-errors';

const PHONE = '+44 7700 900123';
const CONTACT_EMAIL = 'private.inbox@example.org';

describe('database errors in the log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    // A real failure from the database, as a broken constraint or migration would raise: its
    // detail quotes the values, the way PostgreSQL's "Key (email)=(…) already exists" does.
    await t.database.db.execute(sql`
      create function refuse_contact_write() returns trigger language plpgsql as $$
      begin
        raise exception 'new row for relation "users" violates check constraint "users_contact_check"'
          using errcode = 'check_violation', constraint = 'users_contact_check', table = 'users',
                detail = 'Failing row contains (' || new.mobile_number || ', ' || new.contact_email || ').';
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_contact_write before update of contact_email on users
      for each row execute function refuse_contact_write()`);
  });
  afterAll(() => t.close());

  it('a failed profile update logs code, constraint and table, never the phone or e-mail', async () => {
    const member = await injectAs(t.app, await buildCrew(t.database.db));
    const res = await member({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { mobileNumber: PHONE, contactEmail: CONTACT_EMAIL },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });

    const log = lines.join('');
    expect(log).not.toContain('7700');
    expect(log).not.toContain(CONTACT_EMAIL);
    expect(log).not.toContain('private.inbox');
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(logged?.err).toMatchObject({
      message: expect.stringMatching(/^Failed query: update "users" set/),
      cause: {
        code: '23514',
        constraint: 'users_contact_check',
        table: 'users',
        message: expect.stringContaining('violates check constraint'),
      },
    });
    expect(logged.err.cause).not.toHaveProperty('detail');
    expect(logged.err).not.toHaveProperty('params');
  });
});

describe('serializeError', () => {
  it('masks e-mail addresses a message quotes, and keeps no unnamed field', () => {
    const smtp = Object.assign(new Error('550 5.1.1 <crew.member@ba.com>: Recipient rejected'), {
      code: 'EENVELOPE',
      response: '550 5.1.1 <crew.member@ba.com>',
    });
    const logged = serializeError(smtp);
    expect(logged).toMatchObject({
      message: '550 5.1.1 <[email]>: Recipient rejected',
      code: 'EENVELOPE',
    });
    expect(JSON.stringify(logged)).not.toContain('crew.member');
  });
});
