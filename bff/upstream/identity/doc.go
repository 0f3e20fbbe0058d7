// Package identity is the BFF's client of the identity provider: the identity-verification service that checks who a borrower is.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/identity/v1 (the sandbox). Bodies
// are JSON (camelCase). Every request may carry X-Request-Id, which the provider logs for correlation.
// Errors answer {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status.
//
//	GET /health                   200 {"status":"ok"} when the service can take calls (idempotent).
//
// Later issues add identity-verification links (a hosted identity-check page that redirects back to the
// app), check results, and share codes. Creating a check will accept an Idempotency-Key.
package identity
