import type { ExpiringStorage } from '@lender/api-client/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryExpiringStorage } from '@lender/api-client/testing';
import {
  isMobileUserAgent,
  platformOf,
  RESIZE_DEBOUNCE_MS,
  rootFontSizePx,
  shouldReloadOnResize,
  startLayout,
  useLayoutStore,
} from './layout';
import type { LayoutEnvironment } from './layout';

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('platformOf and isMobileUserAgent', () => {
  it.each([
    ['an iPhone', UA.iPhone, 'ios', true],
    ['an iPad', UA.iPad, 'ios', true],
    ['an Android phone', UA.androidPhone, 'andriod', true],
    ['an Android tablet', UA.androidTablet, 'andriod', true],
    ['Chrome on Windows', UA.windowsChrome, 'pc', false],
    ['Safari on a Mac', UA.macSafari, 'pc', false],
    ['Firefox on Linux', UA.linuxFirefox, 'pc', false],
    ['an empty user agent', '', 'pc', false],
  ])('%s is platform %s, mobile %s', (_device, userAgent, platform, mobile) => {
    expect(platformOf(userAgent)).toBe(platform);
    expect(isMobileUserAgent(userAgent)).toBe(mobile);
  });
});

describe('rootFontSizePx', () => {
  it.each([
    [320, 32],
    [375, 37.5],
    [414, 41.4],
    [540, 54],
    [541, 54],
    [1280, 54],
    [0, 0],
  ])('a %i px window has a %s px root font', (width, px) => {
    expect(rootFontSizePx(width)).toBe(px);
  });
});

describe('shouldReloadOnResize', () => {
  it.each([
    ['the body fell below 375 from a stored 414', 360, '414', true],
    ['the body fell from 375 to 374', 374, '375', true],
    ['the body narrowed below 375 again', 320, '360', true],
    ['the body is exactly 375', 375, '414', false],
    ['the body is wide', 1024, '1280', false],
    ['the stored width was 0', 360, '0', false],
    ['nothing was stored', 360, null, false],
    ['the stored width is not a number', 360, 'wide', false],
    ['the width did not change (an address bar slid away)', 360, '360', false],
    ['the body widened, still below 375', 370, '360', false],
  ])('%s: %s', (_case, bodyWidth, stored, reload) => {
    expect(shouldReloadOnResize(bodyWidth, stored)).toBe(reload);
  });
});

describe('startLayout', () => {
  let storage: ExpiringStorage;
  let items: Map<string, string>;

  beforeEach(() => {
    vi.useFakeTimers();
    ({ storage, items } = memoryExpiringStorage());
    useLayoutStore.setState(useLayoutStore.getInitialState(), true);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function environment(userAgent: string, width: number) {
    const win = new EventTarget() as EventTarget & { innerWidth: number; navigator: { userAgent: string } };
    win.innerWidth = width;
    win.navigator = { userAgent };
    const html = document.createElement('html');
    const body = { clientWidth: width };
    const reload = vi.fn();
    const env = {
      window: win,
      document: { documentElement: html, body },
      storage,
      reload,
    } as unknown as LayoutEnvironment;
    const resizeTo = (next: number) => {
      win.innerWidth = next;
      body.clientWidth = next;
      win.dispatchEvent(new Event('resize'));
    };
    return { env, html, reload, resizeTo };
  }

  it('sets the root font size and stores the platform markers and the width at once', () => {
    const { env, html } = environment(UA.iPhone, 375);

    const stop = startLayout(env);

    expect(html.style.fontSize).toBe('37.5px');
    expect(items.get('platform')).toBe('ios');
    expect(items.get('isMobile')).toBe('true');
    expect(items.get('clientWidth')).toBe('375');
    expect(useLayoutStore.getState()).toEqual({ rootFontPx: 37.5, isMobile: true });
    stop();
  });

  it('stores a desktop as pc and not mobile, and caps the root font at 54 px', () => {
    const { env, html } = environment(UA.windowsChrome, 1280);

    const stop = startLayout(env);

    expect(html.style.fontSize).toBe('54px');
    expect(items.get('platform')).toBe('pc');
    expect(items.get('isMobile')).toBe('false');
    stop();
  });

  it('lays out again 300 ms after the resizing stops, not before', () => {
    const { env, html, reload, resizeTo } = environment(UA.androidPhone, 414);
    const stop = startLayout(env);

    resizeTo(450);
    vi.advanceTimersByTime(200);
    resizeTo(500);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    expect(html.style.fontSize).toBe('41.4px');

    vi.advanceTimersByTime(1);
    expect(html.style.fontSize).toBe('50px');
    expect(items.get('clientWidth')).toBe('500');
    expect(useLayoutStore.getState().rootFontPx).toBe(50);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('reloads the page when the body falls below 375 px', () => {
    const { env, reload, resizeTo } = environment(UA.androidPhone, 414);
    const stop = startLayout(env);

    resizeTo(360);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);

    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not reload when the width stored before was 0', () => {
    const { env, reload, resizeTo } = environment(UA.androidPhone, 0);
    const stop = startLayout(env);

    resizeTo(360);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);

    expect(reload).not.toHaveBeenCalled();
    expect(items.get('clientWidth')).toBe('360');
    stop();
  });

  it('stops listening when asked', () => {
    const { env, html, resizeTo } = environment(UA.windowsChrome, 1280);
    const stop = startLayout(env);
    stop();

    resizeTo(400);
    vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);

    expect(html.style.fontSize).toBe('54px');
  });
});
