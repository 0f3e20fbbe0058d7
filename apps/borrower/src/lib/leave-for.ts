/**
 * Sends the browser to a provider's hosted page (the card checkout, the identity check). A function of its own
 * so the one place the app leaves for another site is easy to find; the provider brings the browser back to
 * a path of the app, which index rewrites to its hash route.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
