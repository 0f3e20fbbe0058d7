/**
 * Whether a value is a path of this app: one leading slash, so a value carried in a location's state from elsewhere
 * cannot send anyone off it.
 */
export function isAppPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}
