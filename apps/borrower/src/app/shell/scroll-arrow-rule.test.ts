import { describe, expect, it } from 'vitest';
import { wantsScrollArrow } from './scroll-arrow-rule';

function screenAt(hash: string, isMobile = true, href = `https://app.test/${hash}`) {
  return { isMobile, hash, href };
}

describe('wantsScrollArrow', () => {
  it.each<[string, ReturnType<typeof screenAt>, boolean]>([
    ['a phone on employment', screenAt('#/amount/employment'), true],
    ['a phone on address_history', screenAt('#/amount/address_history'), true],
    ['a phone on card_address_history', screenAt('#/lumpSum/card_address_history'), true],
    ['a phone on the 404 page of a path ending in employment', screenAt('#/x/employment'), true],
    ['a desktop on employment', screenAt('#/amount/employment', false), false],
    ['a phone on a screen the rule does not name', screenAt('#/amount/income'), false],
    ['a hash that only contains employment', screenAt('#/employment/next'), false],
    ['a hash with a query after employment', screenAt('#/amount/employment?x=1'), false],
    ['HtmlViewOne', screenAt('#/HtmlViewOne'), true],
    ['HtmlViewTwo-new', screenAt('#/HtmlViewTwo-new'), true],
    ['HtmlViewThree in the query', screenAt('#/x', true, 'https://app.test/?page=HtmlViewThree#/x'), true],
    ['HtmlViewThree on a desktop', screenAt('#/HtmlViewThree', false), false],
    ['HtmlViewFour', screenAt('#/HtmlViewFour'), false],
    ['home', screenAt('#/login/home'), false],
  ])('%s: %s', (_case, screen, wanted) => {
    expect(wantsScrollArrow(screen)).toBe(wanted);
  });
});
