import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX } from '../../../../domain';
import { ChatInput } from './chat-input';

afterEach(cleanup);

const box = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;

describe('ChatInput', () => {
  it('is a labelled text box whose Send is disabled while the text is blank', () => {
    render(<ChatInput onSend={vi.fn()} />);
    expect(box().tagName).toBe('TEXTAREA');
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '   \n  ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: ' hi ' } });
    expect(sendButton().disabled).toBe(false);
  });

  it('sends the trimmed text on Enter and clears the box', () => {
    const onSend = vi.fn();
    render(<ChatInput onSend={onSend} />);
    fireEvent.change(box(), { target: { value: '  Coffee at the hotel?  ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Coffee at the hotel?');
    expect(box().value).toBe('');
  });

  it('does not send on Shift+Enter (the browser inserts the new line)', () => {
    const onSend = vi.fn();
    render(<ChatInput onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'line one' } });
    const notPrevented = fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(notPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(box().value).toBe('line one');
  });

  it('does not send a blank message on Enter', () => {
    const onSend = vi.fn();
    render(<ChatInput onSend={onSend} />);
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the button too', () => {
    const onSend = vi.fn();
    render(<ChatInput onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'Hello' } });
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('Hello');
  });

  it('puts the text back when sending fails', async () => {
    render(<ChatInput onSend={() => Promise.reject(new Error('nope'))} />);
    fireEvent.change(box(), { target: { value: 'Hello' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(box().value).toBe('');
    await vi.waitFor(() => expect(box().value).toBe('Hello'));
  });

  it('says why an over-long message cannot be sent', () => {
    render(<ChatInput onSend={vi.fn()} />);
    fireEvent.change(box(), { target: { value: 'x'.repeat(MESSAGE_MAX + 1) } });
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText(`Message must be ${MESSAGE_MAX} characters or fewer`)).toBeTruthy();
  });

  it('does not send while disabled', () => {
    const onSend = vi.fn();
    render(<ChatInput onSend={onSend} disabled />);
    fireEvent.change(box(), { target: { value: 'Hello' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(sendButton().disabled).toBe(true);
  });
});
