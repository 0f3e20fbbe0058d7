// Package openbanking is the BFF's client of the open-banking provider: the account-information provider that reads a borrower's bank data with their consent.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/openbanking/v1 (the sandbox). Bodies
// are JSON (camelCase). Every request may carry X-Request-Id, which the provider logs for correlation.
// Errors answer {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status.
//
//	GET /health                   200 {"status":"ok"} when the service can take calls (idempotent).
//
// Later issues add consent links (a hosted bank-consent page that redirects back to the app), consent
// status, accounts, balances and transactions for income verification. All reads are idempotent;
// creating a consent will accept an Idempotency-Key.
package openbanking
