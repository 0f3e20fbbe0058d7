// Package notify is the BFF's client of the notifications provider: the service that sends the product's e-mails and SMS messages.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/notify/v1 (the sandbox). Bodies
// are JSON (camelCase). Every request may carry X-Request-Id, which the provider logs for correlation.
// Errors answer {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status.
//
//	GET /health                   200 {"status":"ok"} when the service can take calls (idempotent).
//
// Later issues add sending e-mail and SMS (magic links, one-time codes, receipts). Send calls will take
// an Idempotency-Key so that a retried send is delivered once; the sandbox captures every message in a
// mailbox instead of delivering it.
package notify
