import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, TOAST_DURATION_MS, ToastHost, useToastStore } from './toast';

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function show(...args: Parameters<typeof showToast>) {
  act(() => {
    showToast(...args);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState(useToastStore.getInitialState(), true);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastHost and showToast', () => {
  it('has its live regions in the page before any toast, so screen readers announce the first one', () => {
    render(<ToastHost />);

    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows an error toast in the alert region for 3000 ms', () => {
    render(<ToastHost />);

    show('Network failure, please try again.');
    expect(screen.getByRole('alert')).toHaveTextContent('Network failure, please try again.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    wait(TOAST_DURATION_MS - 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Network failure, please try again.');

    wait(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('shows any other toast in the status region', () => {
    render(<ToastHost />);

    show('Your details were saved.', { severity: 'success' });

    expect(screen.getByRole('status')).toHaveTextContent('Your details were saved.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('replaces the toast on screen with a later one, which gets its own full 3000 ms', () => {
    render(<ToastHost />);

    show('First problem');
    wait(2000);
    show('Second problem');
    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');
    expect(screen.queryByText('First problem')).not.toBeInTheDocument();

    wait(1000);
    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');

    wait(TOAST_DURATION_MS - 1000 - 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');
    wait(1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('starts the time again when the same message comes twice', () => {
    render(<ToastHost />);

    show('Network failure');
    wait(2500);
    show('Network failure');
    wait(2500);

    expect(screen.getByRole('alert')).toHaveTextContent('Network failure');
  });

  it('moves a toast between regions when a toast of another severity replaces it', () => {
    render(<ToastHost />);

    show('Saved', { severity: 'info' });
    show('Could not save');

    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps a toast for the duration it is given', () => {
    render(<ToastHost />);

    show('Copied', { severity: 'success', durationMs: 1000 });
    wait(999);
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    wait(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows nothing for a blank message', () => {
    render(<ToastHost />);

    show('   ');

    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(useToastStore.getState().toast).toBeNull();
  });

  it('removes the toast when dismissed', () => {
    render(<ToastHost />);
    show('Network failure');

    act(() => {
      dismissToast();
    });

    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('keeps time without a host: a toast shown before the host mounts appears for what is left of its time', () => {
    showToast('Network failure');
    wait(1000);

    render(<ToastHost />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network failure');

    wait(TOAST_DURATION_MS - 1000);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
