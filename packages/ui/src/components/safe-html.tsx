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
  }
  return purifier;
}

/**
 * Server HTML reduced to the allowlist: p, br, strong, em, b, i, ul, ol, li, h2, h3, and a with an http,
 * https or mailto href (given rel="noopener noreferrer" and target="_blank"). No other element or attribute
 * survives. Where DOMPurify cannot work (no DOM), the answer is the empty string, never the input.
 */
export function sanitizeHtml(html: string): string {
  const instance = getPurifier();
  if (!instance?.isSupported) return '';
  return instance.sanitize(html, CONFIG);
}

export interface SafeHtmlProps {
  /** HTML from the server (for example the maintenance notice). It is sanitised here, whatever its origin. */
  html: string;
  /** The element around the HTML: a `div` unless said otherwise. */
  component?: 'div' | 'section' | 'article';
  /** Its id, for example to be the `aria-describedby` of a dialog. */
  id?: string;
  sx?: SxProps<Theme>;
}

/** Renders server HTML after sanitising it. Nothing else in the product may render server HTML. */
export function SafeHtml({ html, component = 'div', id, sx }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box component={component} id={id} sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
}
