import { describe, expect, it } from 'vitest';
import { accountEmailMessage, isAccountEmail, makeUpdateEmailRequestSchema } from './admin';

describe('the account e-mail rule (admin e-mail edits)', () => {
  const rule = {
    crewEmailDomains: ['ba.com', 'crew.example'],
    adminEmail: 'boss@jumpseat.example',
    airlineName: 'British Airways',
  };

  it.each([
    ['someone@ba.com', true],
    ['Someone@Crew.Example', true],
    ['boss@jumpseat.example', true],
    ['BOSS@jumpseat.example ', true],
    ['someone@gmail.com', false],
    ['someone@ba.com.evil.example', false],
    ['other@jumpseat.example', false],
  ])('%s → %s', (email, ok) => {
    expect(isAccountEmail(email, rule)).toBe(ok);
  });

  it('without ADMIN_EMAIL only crew domains pass', () => {
    expect(isAccountEmail('boss@jumpseat.example', { ...rule, adminEmail: undefined })).toBe(false);
  });

  it("refuses with the spec's message, naming the configured airline", () => {
    const result = makeUpdateEmailRequestSchema({ ...rule, airlineName: 'Aer Lingus' }).safeParse({
      email: 'someone@gmail.com',
    });
    expect(result.error?.issues[0]?.message).toBe(
      'Email must be a valid Aer Lingus email or admin email',
    );
    expect(accountEmailMessage('British Airways')).toBe(
      'Email must be a valid British Airways email or admin email',
    );
  });
});
