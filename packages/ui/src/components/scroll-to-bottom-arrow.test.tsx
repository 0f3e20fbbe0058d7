import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_ARROW_DEBOUNCE_MS, SCROLL_ARROW_THRESHOLD_PX, ScrollToBottomArrow } from './scroll-to-bottom-arrow';

const ARROW = { name: 'Scroll to the bottom' } as const;

/** jsdom lays nothing out: the test says how tall the page and the screen are and how far it is scrolled. */
function setPage({ height, screenHeight = 800, scrolled = 0 }: { height: number; screenHeight?: number; scrolled?: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: screenHeight });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrolled });
}

function scrollTo(scrolled: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrolled });
  fireEvent.scroll(window);
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** A stand-in for the browser's ResizeObserver, which jsdom does not have. */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  unobserve() {
    return undefined;
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observed content changed size. */
  resize() {
    this.callback([], this);
  }
}

const descriptors = {
  innerHeight: Object.getOwnPropertyDescriptor(window, 'innerHeight'),
  scrollY: Object.getOwnPropertyDescriptor(window, 'scrollY'),
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  FakeResizeObserver.instances = [];
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  for (const [name, descriptor] of Object.entries(descriptors)) {
    if (descriptor) Object.defineProperty(window, name, descriptor);
  }
});

describe('ScrollToBottomArrow', () => {
  it('uses the specification’s 10 px threshold and 100 ms debounce', () => {
    expect(SCROLL_ARROW_THRESHOLD_PX).toBe(10);
    expect(SCROLL_ARROW_DEBOUNCE_MS).toBe(100);
  });

  it('shows a button to scroll to the bottom when enabled and the page goes on below the screen', () => {
    setPage({ height: 2000 });

    render(<ScrollToBottomArrow enabled />);

    expect(screen.getByRole('button', ARROW)).toBeVisible();
  });

  it('shows nothing when not enabled, however long the page', () => {
    setPage({ height: 5000 });

    render(<ScrollToBottomArrow enabled={false} />);
    scrollTo(100);
    wait(SCROLL_ARROW_DEBOUNCE_MS);

    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();
  });

  it('shows nothing when the page fits on the screen', () => {
    setPage({ height: 800, screenHeight: 800 });

    render(<ScrollToBottomArrow enabled />);

    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();
  });

  it.each([
    [9, false],
    [10, false],
    [11, true],
  ])('with %d px left below, shows the arrow: %s', (left, shown) => {
    setPage({ height: 1000 + left, screenHeight: 600, scrolled: 400 });

    render(<ScrollToBottomArrow enabled />);

    expect(screen.queryByRole('button', ARROW) !== null).toBe(shown);
  });

  it('hides 100 ms after the last scroll that reaches the bottom, not before', () => {
    setPage({ height: 2000 });
    render(<ScrollToBottomArrow enabled />);

    scrollTo(1100);
    wait(60);
    scrollTo(1195);
    wait(SCROLL_ARROW_DEBOUNCE_MS - 1);
    expect(screen.getByRole('button', ARROW)).toBeInTheDocument();

    wait(1);
    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();

    scrollTo(500);
    wait(SCROLL_ARROW_DEBOUNCE_MS);
    expect(screen.getByRole('button', ARROW)).toBeInTheDocument();
  });

  it('looks again 100 ms after the window resizes', () => {
    setPage({ height: 1200, screenHeight: 800 });
    render(<ScrollToBottomArrow enabled />);

    setPage({ height: 1200, screenHeight: 1200 });
    fireEvent(window, new Event('resize'));
    wait(SCROLL_ARROW_DEBOUNCE_MS - 1);
    expect(screen.getByRole('button', ARROW)).toBeInTheDocument();

    wait(1);
    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();
  });

  it('appears 100 ms after the content grows past the screen, watching the body with a ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    setPage({ height: 800 });
    const { unmount } = render(<ScrollToBottomArrow enabled />);
    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();
    const [observer] = FakeResizeObserver.instances;
    expect(observer?.observed).toEqual([document.body]);

    setPage({ height: 1600 });
    act(() => {
      observer?.resize();
    });
    wait(SCROLL_ARROW_DEBOUNCE_MS - 1);
    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();
    wait(1);
    expect(screen.getByRole('button', ARROW)).toBeInTheDocument();

    unmount();
    expect(observer?.disconnected).toBe(true);
  });

  it('stops watching when it is no longer enabled', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    setPage({ height: 2000 });
    const { rerender } = render(<ScrollToBottomArrow enabled />);
    const [observer] = FakeResizeObserver.instances;

    rerender(<ScrollToBottomArrow enabled={false} />);

    expect(screen.queryByRole('button', ARROW)).not.toBeInTheDocument();
    expect(observer?.disconnected).toBe(true);
  });

  it('scrolls smoothly to the bottom when pressed, by tap or keyboard', async () => {
    vi.useRealTimers();
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    setPage({ height: 2400 });
    render(<ScrollToBottomArrow enabled />);

    await user.click(screen.getByRole('button', ARROW));
    expect(scroll).toHaveBeenLastCalledWith({ top: 2400, behavior: 'smooth' });

    await user.keyboard('{Enter}');
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('jumps without animation for people who ask for reduced motion', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query })),
    );
    setPage({ height: 2400 });
    render(<ScrollToBottomArrow enabled />);

    fireEvent.click(screen.getByRole('button', ARROW));

    expect(scroll).toHaveBeenCalledWith({ top: 2400, behavior: 'auto' });
  });
});
