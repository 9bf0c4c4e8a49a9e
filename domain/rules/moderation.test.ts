import { describe, expect, it } from 'vitest';
import {
  canReport,
  canSignInModerated,
  canStartContact,
  decisionEffect,
  MODERATION_MESSAGES,
  overturnEffect,
} from './moderation';

const now = new Date('2030-06-15T12:00:00.000Z');
const clear = { restrictedUntil: null, suspendedUntil: null, bannedAt: null };

describe('moderation rules', () => {
  it('a restriction refuses new contact until its end, not after; sign-in stays open', () => {
    const restricted = { ...clear, restrictedUntil: new Date(now.getTime() + 1000) };
    expect(canStartContact(restricted, now)).toEqual({
      ok: false,
      reason: 'Your account is restricted until 15 Jun 2030: you cannot send waves or start chats.',
    });
    expect(canSignInModerated(restricted, now)).toEqual({ ok: true });
    expect(canStartContact(restricted, new Date(now.getTime() + 1000))).toEqual({ ok: true });
  });

  it('a suspension refuses sign-in until its end; a ban for good', () => {
    const { set } = decisionEffect('suspend', now);
    const suspended = { ...clear, ...set };
    expect(canSignInModerated(suspended, now)).toMatchObject({
      ok: false,
      reason: 'Your account is suspended until 15 Jul 2030: you cannot sign in until then.',
    });
    expect(canSignInModerated(suspended, suspended.suspendedUntil!)).toEqual({ ok: true });
    const banned = { ...clear, ...decisionEffect('ban', now).set };
    expect(canSignInModerated(banned, new Date('2100-01-01'))).toEqual({
      ok: false,
      reason: MODERATION_MESSAGES.banned,
    });
    expect({ ...banned, ...overturnEffect('ban') }.bannedAt).toBeNull();
    expect(decisionEffect('warn', now)).toEqual({ until: null, set: {}, endsSessions: false });
  });

  it('reports need a link between the two; a message must be the reported member’s, in their wave', () => {
    const base = { sharedFlightOrWave: false, waveIdGiven: false, messageIdGiven: false };
    const wave = { senderId: 1, receiverId: 2 };
    expect(canReport(1, 1, { ...base, sharedFlightOrWave: true }).ok).toBe(false);
    expect(canReport(1, 2, base).ok).toBe(false);
    expect(canReport(1, 2, { ...base, sharedFlightOrWave: true }).ok).toBe(true);
    expect(canReport(1, 2, { ...base, waveIdGiven: true, wave }).ok).toBe(true);
    expect(canReport(1, 3, { ...base, waveIdGiven: true, wave }).ok).toBe(false);
    const message = { senderId: 2, waveId: 9 };
    expect(canReport(1, 2, { ...base, messageIdGiven: true, wave, message }).ok).toBe(true);
    expect(
      canReport(1, 2, { ...base, messageIdGiven: true, wave, message: { ...message, senderId: 1 } })
        .ok,
    ).toBe(false);
    expect(
      canReport(1, 2, {
        ...base,
        messageIdGiven: true,
        waveIdGiven: true,
        waveId: 8,
        wave,
        message,
      }).ok,
    ).toBe(false);
  });
});
