import { describe, expect, it } from 'vitest';
import { emailProblem } from './email-problem';

const domains = ['ba.com'];
const typing = { settled: false, touched: false, domains };
const settled = { settled: true, touched: false, domains };
const left = { settled: false, touched: true, domains };

describe('emailProblem', () => {
  it('says the domain as soon as a complete address has settled, before any blur or submit', () => {
    expect(emailProblem('someone@gmail.com', settled)).toBe('Email must end with @ba.com');
    expect(emailProblem('someone@gmail.com', left)).toBe('Email must end with @ba.com');
  });

  it('keeps quiet while the address is still changing', () => {
    expect(emailProblem('someone@ba.co', typing)).toBeNull();
  });

  it('calls a half-typed address invalid only once the field is left or submitted', () => {
    expect(emailProblem('someone@', settled)).toBeNull();
    expect(emailProblem('someone@', left)).toBe('Please enter a valid email address');
  });

  it('has nothing to say about a corporate address or an empty field', () => {
    expect(emailProblem(' Someone@BA.com ', settled)).toBeNull();
    expect(emailProblem('', left)).toBeNull();
  });
});
