import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TermsGate } from './terms-gate';

// jsdom has no layout: the box is given a 1000 px text in a 200 px window.
const SCROLL_HEIGHT = 1000;
const CLIENT_HEIGHT = 200;

function Harness() {
  const [agreed, setAgreed] = useState(false);
  return <TermsGate agreed={agreed} onAgreedChange={setAgreed} />;
}

const termsBox = () => screen.getByRole('region', { name: 'Terms and Data Privacy Policy' });
const scrollTo = (top: number) => {
  const box = termsBox();
  box.scrollTop = top;
  fireEvent.scroll(box);
};
const agreeBox = () => screen.queryByRole('checkbox', { name: /agree to the Terms/ });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(SCROLL_HEIGHT);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(CLIENT_HEIGHT);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TermsGate', () => {
  it('hides the agree checkbox until the terms are scrolled through', () => {
    render(<Harness />);
    expect(agreeBox()).toBeNull();
    expect(screen.getByText('Scroll to the end of the terms to continue.')).toBeTruthy();
    expect(termsBox().tabIndex).toBe(0);
  });

  it('stays closed 6 px short of the bottom', () => {
    render(<Harness />);
    scrollTo(SCROLL_HEIGHT - CLIENT_HEIGHT - 6);
    expect(agreeBox()).toBeNull();
  });

  it('opens within 5 px of the bottom, and the checkbox then works', () => {
    render(<Harness />);
    scrollTo(SCROLL_HEIGHT - CLIENT_HEIGHT - 5);
    const checkbox = agreeBox() as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    fireEvent.click(checkbox);
    expect(checkbox.checked).toBe(true);
    // Scrolling back up does not take the checkbox away again.
    scrollTo(0);
    expect(agreeBox()).not.toBeNull();
  });

  it('counts terms that fit without scrolling as read', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(CLIENT_HEIGHT);
    render(<Harness />);
    expect(agreeBox()).not.toBeNull();
  });
});
