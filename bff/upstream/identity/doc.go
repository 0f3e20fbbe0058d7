// Package identity is the BFF's client of the identity provider: the identity-verification (IDV)
// service that checks who a borrower is on a hosted page, and checks Home Office share codes (right to
// work, right to rent, immigration status).
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/identity/v1 (the sandbox). Bodies
// are JSON (camelCase); dates are YYYY-MM-DD, instants RFC 3339. Every request may carry X-Request-Id,
// which the provider logs for correlation. Errors answer {"code": "<short_code>", "message": "<text>"}
// with a 4xx or 5xx status.
//
//	GET  /health               200 {"status":"ok"} when the service can take calls.
//	POST /checks               CreateCheck → 201 Check (status "pending", hostedUrl). 400 bad_request,
//	                           invalid_reference, invalid_return_url (returnUrl not an absolute URL on
//	                           the app's origin and path, or with credentials, a fragment or dot
//	                           segments: the provider is never an open redirect).
//	GET  /checks/{id}          200 Check; 404 check_not_found.
//	POST /share-codes/verify   ShareCodeCheck → 200 ShareCodeResult, accepted or rejected with a reason;
//	                           400 bad_request, invalid_date_of_birth, invalid_purpose.
//
// # Hosted check and redirect
//
// Check.HostedURL is a page on the provider (GET {public}/identity/v1/hosted/checks/{id}) where the
// person verifies their identity; in the sandbox they choose "Pass the check" or "Fail the check" (with
// a reason). The page posts a form carrying a per-check token to the same address, and the provider
// answers 303 See Other to the check's returnUrl with two query parameters added (replacing any of the
// same name): checkId=<id> and status=passed|failed. The parameters only say that the person came back:
// the BFF reads the outcome with GET /checks/{id} before acting on it.
//
// Check states: pending → passed | failed, both final; a failed check lists Reasons (document_expired,
// document_unreadable, face_mismatch). Posting to a finished check answers 409 and changes nothing.
//
// # Share codes
//
// A share code is 9 letters and digits (spaces ignored, case-insensitive) whose first letter names the
// service: W right to work, R right to rent, S immigration status. The result is rejected with exactly
// one reason, tested in this order: malformed_code, wrong_prefix (another first letter, or not the
// letter of the purpose asked), unknown_code, date_of_birth_mismatch, code_expired (on the provider's
// clock). Only an accepted result carries the holder's name, status, conditions and dates.
//
// # Idempotency
//
// POST /checks takes an optional Idempotency-Key (1–255 visible ASCII characters): the same key with the
// same body answers the first check again (Idempotent-Replayed: true); with a different body, 409
// idempotency_conflict; concurrent duplicates create one check. Keys are remembered for 24 hours.
// Share-code checks change nothing and need no key. Reads are idempotent and retried by the transport.
package identity
