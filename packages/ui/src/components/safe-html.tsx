import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';
import { useMemo } from 'react';

/**
 * The one place server HTML becomes markup (DESIGN §10). The allowlist is the BFF's (bluemonday, in
 * `bff/internal/service/sanitize.go`): sanitising twice with the same rules changes nothing, and the app does
 * not trust that the BFF did.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'h2', 'h3', 'a'];
const ALLOWED_URL = /^(?:https?|mailto):/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: ALLOWED_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * A whole document shown inside a page (a loan document): the BFF's document allowlist
 * (`bff/internal/approval/sanitize.go`) less its h1, whose text goes with it, because the page around the
 * document has the one h1. Tables keep only their cell spans and header scope.
 */
const DOCUMENT_TAGS = [
  ...ALLOWED_TAGS,
  ...['h4', 'hr', 'small', 'dl', 'dt', 'dd', 'section', 'div', 'span'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];
const TABLE_ATTRS: Record<string, RegExp> = { colspan: /^\d{1,2}$/, rowspan: /^\d{1,3}$/, scope: /^(?:row|col)(?:group)?$/ };

const DOCUMENT_CONFIG: Config = {
  ...CONFIG,
  ALLOWED_TAGS: DOCUMENT_TAGS,
  ALLOWED_ATTR: ['href', ...Object.keys(TABLE_ATTRS)],
  // Not URLs: without this the link rule (ALLOWED_URI_REGEXP) would refuse their values; tableAttribute checks them.
  ADD_URI_SAFE_ATTR: Object.keys(TABLE_ATTRS),
  ADD_FORBID_CONTENTS: ['h1'],
};

/** What each profile lets through: `notice` for short server messages, `document` for a whole document. */
const PROFILES = { notice: CONFIG, document: DOCUMENT_CONFIG } as const;
export type SafeHtmlProfile = keyof typeof PROFILES;

/** A table attribute survives only on a cell (scope only on a header cell) and only with a plain value. */
function tableAttribute(node: Element, data: { attrName: string; attrValue: string; keepAttr: boolean }): void {
  const rule = TABLE_ATTRS[data.attrName];
  if (rule === undefined) return;
  const onCell = node.tagName === 'TH' || (node.tagName === 'TD' && data.attrName !== 'scope');
  if (!onCell || !rule.test(data.attrValue)) data.keepAttr = false;
}

/** Every link that survives opens in a new tab that cannot reach back to this page; others lose their href. */
function secureLink(node: Element): void {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href === null || !ALLOWED_URL.test(href.trim())) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('rel', 'noopener noreferrer');
  node.setAttribute('target', '_blank');
}

let purifier: Purifier | undefined;

/** A DOMPurify instance of our own, so the link hook never touches anyone else's use of DOMPurify. */
function getPurifier(): Purifier | undefined {
  if (purifier === undefined && typeof window !== 'undefined') {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', secureLink);
    purifier.addHook('uponSanitizeAttribute', tableAttribute);
  }
  return purifier;
}

/**
 * Server HTML reduced to the allowlist (the `notice` profile): p, br, strong, em, b, i, ul, ol, li, h2, h3, and a with an http,
 * https or mailto href (given rel="noopener noreferrer" and target="_blank"). No other element or attribute
 * survives. The `document` profile adds the structure of a whole document (DOCUMENT_TAGS, without its h1).
 * Where DOMPurify cannot work (no DOM), the answer is the empty string, never the input.
 */
export function sanitizeHtml(html: string, profile: SafeHtmlProfile = 'notice'): string {
  const instance = getPurifier();
  if (!instance?.isSupported) return '';
  return instance.sanitize(html, PROFILES[profile]);
}

export interface SafeHtmlProps {
  /** HTML from the server (for example the maintenance notice). It is sanitised here, whatever its origin. */
  html: string;
  /** The element around the HTML: a `div` unless said otherwise. */
  component?: 'div' | 'section' | 'article';
  /** Its id, for example to be the `aria-describedby` of a dialog. */
  id?: string;
  /** What may survive: `notice` (the default) or `document` (a whole document, tables included). */
  profile?: SafeHtmlProfile;
  sx?: SxProps<Theme>;
}

/** Renders server HTML after sanitising it. Nothing else in the product may render server HTML. */
export function SafeHtml({ html, component = 'div', id, profile = 'notice', sx }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html, profile), [html, profile]);
  return <Box component={component} id={id} sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}
