// Package payments is the BFF's client of the payment gateway: the card acquirer the BFF takes repayments through.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/payments/v1 (the sandbox). Bodies
// are JSON (camelCase). Every request may carry X-Request-Id, which the provider logs for correlation.
// Errors answer {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status.
//
//	GET /health                   200 {"status":"ok"} when the service can take calls (idempotent).
//
// Later issues add hosted payment links (a checkout page on the provider that redirects back to the
// app), cards on file, continuous payment authorities (recurring payments), refunds, and signed webhooks
// the provider sends the BFF when a payment settles or fails. Every call that moves money will require
// an Idempotency-Key header, which the provider enforces durably: a repeated key answers the first
// outcome and never charges twice.
package payments
