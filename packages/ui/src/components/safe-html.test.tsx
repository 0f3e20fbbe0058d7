import { render, screen, within } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html';

const ALLOWED_ELEMENTS = new Set(['P', 'BR', 'STRONG', 'EM', 'B', 'I', 'UL', 'OL', 'LI', 'H2', 'H3', 'A']);

/**
 * Everything under `root` that is outside the allowlist: an element not in it, any attribute on an element other
 * than a link, a link attribute other than href/rel/target, an href that is not http(s) or mailto, a link
 * without the forced rel and target. An empty list means nothing executable can be there.
 */
function outsideAllowlist(root: Element): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (!ALLOWED_ELEMENTS.has(element.tagName)) found.push(`element ${element.tagName}`);
    for (const { name, value } of element.attributes) {
      const allowed = element.tagName === 'A' && ['href', 'rel', 'target'].includes(name);
      if (!allowed) found.push(`${element.tagName} ${name}="${value}"`);
    }
    if (element.tagName === 'A' && element.hasAttribute('href')) {
      const href = element.getAttribute('href') ?? '';
      if (!/^(https?|mailto):/i.test(href)) found.push(`href ${href}`);
      if (element.getAttribute('rel') !== 'noopener noreferrer') found.push(`rel of ${href}`);
      if (element.getAttribute('target') !== '_blank') found.push(`target of ${href}`);
    }
  }
  return found;
}

function renderHtml(html: string): HTMLElement {
  render(<SafeHtml html={html} id="notice" />);
  const container = document.getElementById('notice');
  if (!container) throw new Error('SafeHtml rendered no element with its id');
  return container;
}

const hostile: [string, string][] = [
  ['a script element', '<p>Hello</p><script>window.pwned = 1</script>'],
  ['an image with onerror', '<img src="x" onerror="window.pwned = 1">'],
  ['a javascript: link', '<a href="javascript:window.pwned=1">Click</a>'],
  ['a mixed-case javascript: link with spaces', '<a href="  JaVaScRiPt:window.pwned=1">Click</a>'],
  ['a javascript: link split by a tab entity', '<a href="java&#x09;script:window.pwned=1">Click</a>'],
  ['a javascript: link written in entities', '<a href="&#106;&#97;vascript:window.pwned=1">Click</a>'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">Click</a>'],
  ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Click</a>'],
  ['an svg with onload', '<svg onload="window.pwned = 1"><circle r="5"></circle></svg>'],
  ['a script inside an svg', '<svg><script>window.pwned = 1</script></svg>'],
  ['an svg animation setting an href', '<svg><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>'],
  ['an iframe with srcdoc', '<iframe src="https://evil.test" srcdoc="<script>parent.pwned = 1</script>"></iframe>'],
  ['an event handler and style on an allowed element', '<p onclick="window.pwned = 1" style="background:url(javascript:alert(1))">Text</p>'],
  ['an event handler on an allowed link', '<a href="https://ok.test" onmouseover="window.pwned = 1">Ok</a>'],
  ['an object', '<object data="javascript:window.pwned=1"></object>'],
  ['an embed', '<embed src="javascript:window.pwned=1">'],
  ['a form with a javascript: action', '<form action="javascript:window.pwned=1"><button>Send</button></form>'],
  ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:window.pwned=1">'],
  ['a base element', '<base href="javascript:/"><a href="x">Relative</a>'],
  ['a style element', '<style>body { background: url("javascript:alert(1)") }</style>'],
  ['a link element', '<link rel="stylesheet" href="https://evil.test/x.css">'],
  ['the noscript mutation trick', '<noscript><p title="</noscript><img src=x onerror=window.pwned=1>"></noscript>'],
  ['the math/style mutation trick', '<math><mtext><table><mglyph><style><img src=x onerror=window.pwned=1>'],
  ['a template', '<template><img src=x onerror="window.pwned=1"></template>'],
  ['a custom element', '<x-widget onclick="window.pwned=1">Hi</x-widget>'],
  ['id and name clobbering', '<p id="getElementById" name="cookie">Clobber</p>'],
  ['data and aria attributes', '<p data-action="pwn" aria-hidden="true">Text</p>'],
];

describe('SafeHtml', () => {
  it('renders the allowed markup as a person meets it: headings, lists, emphasis and links', () => {
    const container = renderHtml(
      '<h2>Planned maintenance</h2><p>We are <strong>updating</strong> our <em>systems</em>.</p>' +
        '<ul><li>Payments</li><li>Applications</li></ul>' +
        '<p>Read <a href="https://status.example.test/">our status page</a> or ' +
        '<a href="mailto:help@example.test">e-mail us</a>.<br>Thank you.</p>',
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Planned maintenance' })).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('updating').tagName).toBe('STRONG');
    const status = screen.getByRole('link', { name: 'our status page' });
    expect(status).toHaveAttribute('href', 'https://status.example.test/');
    expect(status).toHaveAttribute('target', '_blank');
    expect(status).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'e-mail us' })).toHaveAttribute('href', 'mailto:help@example.test');
    expect(outsideAllowlist(container)).toEqual([]);
  });

  it('replaces whatever rel and target a link came with', () => {
    renderHtml('<a href="http://example.test/" target="_self" rel="opener">Plain http</a>');

    const link = screen.getByRole('link', { name: 'Plain http' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['relative', '/account'],
    ['protocol-relative', '//evil.test/'],
    ['empty', ''],
    ['tel:', 'tel:07700900123'],
  ])('keeps the text but not the link of a %s href', (_, href) => {
    renderHtml(`<p><a href="${href}">Somewhere</a></p>`);

    expect(screen.getByText('Somewhere')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it.each(hostile)('lets nothing executable of %s survive', (_, html) => {
    const container = renderHtml(html);

    expect(outsideAllowlist(container)).toEqual([]);
    expect(container.innerHTML).not.toMatch(/javascript:|vbscript:|data:|onerror|onload|onclick|onmouseover|srcdoc|<script/i);
    expect(window).not.toHaveProperty('pwned');
  });

  it('drops the text of scripts and styles with them and keeps the text of other refused elements', () => {
    const container = renderHtml(
      '<p>Before</p><script>alert("script text")</script><style>p{}</style><div><span>Kept text</span></div>',
    );

    expect(container).toHaveTextContent('BeforeKept text');
    expect(container).not.toHaveTextContent('script text');
  });

  it('renders nothing for empty HTML', () => {
    const container = renderHtml('');

    expect(container).toBeEmptyDOMElement();
  });
});

describe('sanitizeHtml', () => {
  it('changes nothing the second time, so the BFF and the app may both sanitise', () => {
    const once = sanitizeHtml(hostile.map(([, html]) => html).join('') + '<p><a href="https://a.test">A</a></p>');

    expect(sanitizeHtml(once)).toBe(once);
  });

  it('leaves the shared DOMPurify instance as it was', () => {
    sanitizeHtml('<a href="https://a.test">A</a>');

    expect(DOMPurify.sanitize('<a href="https://a.test">A</a>')).toBe('<a href="https://a.test">A</a>');
  });
});

describe('SafeHtml with the document profile', () => {
  const documentHtml =
    '<h1>Your loan: key facts</h1><p>Prepared for Jo Bloggs.</p><h2>The loan</h2>' +
    '<table><tbody><tr><th scope="row" onclick="window.pwned=1">Amount</th><td class="num" style="color:red">£5,000.00</td></tr>' +
    '<tr><td colspan="2" scope="row" rowspan="x">Fixed</td></tr></tbody></table>' +
    '<dl><dt>Term</dt><dd>24 months</dd></dl><script>window.pwned = 1</script><a href="javascript:alert(1)">Bad</a>';

  it('keeps the document structure and tables, and drops the h1 with its text (the page has its own)', () => {
    render(<SafeHtml html={documentHtml} id="doc" profile="document" />);
    const container = document.getElementById('doc');
    if (!container) throw new Error('no container');

    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(container).not.toHaveTextContent('Your loan: key facts');
    expect(screen.getByRole('heading', { level: 2, name: 'The loan' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Amount' })).toHaveAttribute('scope', 'row');
    expect(screen.getByRole('cell', { name: '£5,000.00' }).attributes).toHaveLength(0);
    const fixed = screen.getByRole('cell', { name: 'Fixed' });
    expect(fixed).toHaveAttribute('colspan', '2');
    expect(fixed).not.toHaveAttribute('scope');
    expect(fixed).not.toHaveAttribute('rowspan');
    expect(screen.getByText('24 months').tagName).toBe('DD');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.innerHTML).not.toMatch(/onclick|style|class|<script|javascript:/i);
    expect(window).not.toHaveProperty('pwned');
  });

  it('leaves the notice profile as strict as before: no table survives there', () => {
    expect(sanitizeHtml('<table><tr><td colspan="2">Cell</td></tr></table>')).toBe('Cell');
  });

  it('changes nothing the second time', () => {
    const once = sanitizeHtml(documentHtml, 'document');

    expect(sanitizeHtml(once, 'document')).toBe(once);
  });
});
