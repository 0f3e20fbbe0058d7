/**
 * The shape of a loan reference in a portal URL (`loans/:loanId`, `client/:loanId`): `LN-` and 4 to 12 digits,
 * e.g. `LN-1234`. The specification does not give the format; this is the portal's assumption until the
 * lending core's loan API says otherwise, and the one place to change it. Anything else is not a loan the
 * portal could show, so those URLs get the 404 page rather than a request to the BFF.
 */
const LOAN_REFERENCE = /^LN-\d{4,12}$/;

export function isLoanReference(value: string | null | undefined): value is string {
  return typeof value === 'string' && LOAN_REFERENCE.test(value);
}
