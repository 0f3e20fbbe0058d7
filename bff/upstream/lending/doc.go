// Package lending is the BFF's client of the lending core: the loan-management system that owns
// decisions, pricing, applications, loans, offers, credentials and brand configuration. The BFF decides
// nothing about credit; it asks this API.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/lending/v1 (the sandbox). Bodies
// are JSON (camelCase); money is integer pence unless a field says pounds; instants are RFC 3339.
// Every request may carry X-Request-Id, which the provider logs for correlation. Errors answer
// {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status.
//
//	GET /health                   200 {"status":"ok"} when the service can take calls.
//	GET /brands/{clientName}      200 Branding; 404 {"code":"brand_not_found"} for an unknown client.
//	                              clientName is the brand's key: "default", or a white-label client's
//	                              path segment (letters, digits, '-' and '_'; case-sensitive).
//
// Both calls are reads: idempotent, safe to retry.
//
// Later issues add quotes and pricing, applications and decisions, loans and schedules, offers, payment
// holidays, top-ups, settlement figures, and credential checks (PINs, staff and broker passwords).
// Money-moving calls (repayments, drawdowns, settlements) will require an Idempotency-Key header, which
// the provider enforces durably: a repeated key answers the first outcome.
package lending
