import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyPin, PIN_REVEAL_MS, PinInput } from './pin-input';

function Harness({ initial = emptyPin() }: { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PinInput label="Passcode" value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`PIN digit ${n}`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PinInput', () => {
  it('labels each of the four boxes and asks for a numeric keypad', () => {
    render(<Harness />);
    for (const n of [1, 2, 3, 4]) {
      expect(box(n).inputMode).toBe('numeric');
      expect(box(n).type).toBe('password');
    }
    expect(screen.getByRole('group', { name: 'Passcode' })).toBeTruthy();
  });

  it('takes digits only and advances to the next box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(value()).toBe(',,,');
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(value()).toBe('7,,,');
    expect(document.activeElement).toBe(box(2));
  });

  it('spreads a pasted PIN across the boxes, ignoring non-digits', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 12-34 ' } });
    expect(value()).toBe('1,2,3,4');
    expect(document.activeElement).toBe(box(4));
  });

  it('spreads a short paste from the box it lands in', () => {
    render(<Harness initial={['9', '', '', '']} />);
    fireEvent.paste(box(2), { clipboardData: { getData: () => '56' } });
    expect(value()).toBe('9,5,6,');
    expect(document.activeElement).toBe(box(4));
  });

  it('moves back on Backspace in an empty box', () => {
    render(<Harness initial={['1', '2', '', '']} />);
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(2));
    expect(value()).toBe('1,,,');
  });

  it('lets Backspace in a filled box clear just that box', () => {
    render(<Harness initial={['1', '2', '', '']} />);
    box(2).focus();
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    fireEvent.change(box(2), { target: { value: '' } });
    expect(value()).toBe('1,,,');
    expect(document.activeElement).toBe(box(2));
  });

  it('hides a shown PIN again after 1.5 s', () => {
    vi.useFakeTimers();
    render(<Harness initial={['1', '2', '3', '4']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show PIN' }));
    expect(box(1).type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide PIN' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    act(() => vi.advanceTimersByTime(PIN_REVEAL_MS - 1));
    expect(box(1).type).toBe('text');
    act(() => vi.advanceTimersByTime(1));
    expect(box(1).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show PIN' })).toBeTruthy();
  });
});
