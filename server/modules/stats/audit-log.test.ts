// @postgres: audit entries carry JSON (jsonb detail), parsed by each driver its own way
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { audit } from '../../lib/audit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew, DEFAULT_NOW } from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';

const at = (minutes: number) => new Date(DEFAULT_NOW.getTime() - minutes * 60_000);

describe('the audit trail listing', () => {
  let t: TestApp;
  let asAdmin: Injector;
  let admin: UserRow;
  let member: UserRow;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = await buildAdmin(db, { name: 'Ada Admin' });
    member = await buildCrew(db, { name: 'Mo Member' });
    // 55 approvals by the admin about other users, oldest first (i = 0 is 100 minutes ago).
    for (let i = 0; i < 55; i++) {
      await audit(db, {
        actorId: admin.id,
        action: 'user.approve',
        target: { type: 'user', id: 10_000 + i },
        at: at(100 - i),
      });
    }
    // The member acts once, and is acted on once (by the system), the newest entries.
    await audit(db, { actorId: member.id, action: 'auth.pin_changed', at: at(2) });
    await audit(db, {
      action: 'auth.hard_lock',
      target: { type: 'user', id: member.id },
      detail: { failures: 10 },
      at: at(1),
    });
    asAdmin = await injectAs(t.app, admin);
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await asAdmin({ method: 'GET', url: `/api/admin/audit-log${query}` });
    expect(res.statusCode, query).toBe(200);
    return res.json();
  };

  it('pages newest first, 50 a page, with the actor joined and the distinct actions', async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 57, page: 1, pageSize: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      at: at(1).toISOString(),
      action: 'auth.hard_lock',
      actor: null,
      target: { type: 'user', id: member.id },
      detail: { failures: 10 },
    });
    expect(first.entries[1].actor).toEqual({
      id: member.id,
      email: member.email,
      name: 'Mo Member',
    });
    expect(first.entries[2].actor).toEqual({ id: admin.id, email: admin.email, name: 'Ada Admin' });
    expect(first.actions).toEqual(['auth.hard_lock', 'auth.pin_changed', 'user.approve']);
    const second = await list('?page=2');
    expect(second.entries).toHaveLength(7);
    // The oldest entry is last on the last page.
    expect(second.entries.at(-1).target).toEqual({ type: 'user', id: 10_000 });
    expect((await list('?page=3')).entries).toEqual([]);
  });

  it('filters by action, and by a user as actor or as the one acted on', async () => {
    const approvals = await list('?action=user.approve');
    expect(approvals.total).toBe(55);
    expect(new Set(approvals.entries.map((e: { action: string }) => e.action))).toEqual(
      new Set(['user.approve']),
    );
    const aboutMember = await list(`?userId=${member.id}`);
    expect(aboutMember.entries.map((e: { action: string }) => e.action)).toEqual([
      'auth.hard_lock',
      'auth.pin_changed',
    ]);
    expect((await list(`?userId=${member.id}&action=auth.pin_changed`)).total).toBe(1);
    expect((await list(`?userId=${admin.id}`)).total).toBe(55);
    expect((await list('?action=nothing.like.this')).total).toBe(0);
  });

  it('refuses a malformed page or user with 400', async () => {
    for (const query of ['?page=0', '?page=abc', '?userId=-1', '?userId=x', '?page=1.5']) {
      const res = await asAdmin({ method: 'GET', url: `/api/admin/audit-log${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    // An id in a query is read as a path id is: decimal digits only.
    for (const query of ['?userId=0x10', '?userId=1e3', '?userId=%201', '?userId=007']) {
      const res = await asAdmin({ method: 'GET', url: `/api/admin/audit-log${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe('Invalid id');
    }
    const crew = await injectAs(t.app, member);
    expect((await crew({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(403);
  });
});
