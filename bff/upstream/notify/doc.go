// Package notify is the BFF's client of the notifications provider: the transactional e-mail and SMS
// service that sends the product's magic links, one-time codes and receipts. The BFF renders every
// message itself (HTML and text) and hands the provider finished bodies.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/notify/v1 (the sandbox). Bodies
// are JSON (camelCase); instants are RFC 3339. Every request may carry X-Request-Id, which the provider
// logs for correlation. Errors answer {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx
// status.
//
//	GET  /health          200 {"status":"ok"} when the service can take calls.
//	POST /emails          Email → 201 Message. 400 bad_request (not the JSON of an Email),
//	                      invalid_address (to or from is not a bare address such as jo@example.com),
//	                      invalid_message (no subject, a line break in it, neither html nor text, bad
//	                      template, tags or metadata).
//	POST /sms             SMS → 201 Message. 400 invalid_address (to is not E.164, e.g. +447700900123),
//	                      invalid_message (empty text or over 1600 characters).
//	GET  /messages        ?to=<address>&kind=email|sms&limit=1..200 (default 50) → 200 MessageList,
//	                      newest first; to matches e-mail addresses case-insensitively and numbers
//	                      exactly. 400 invalid_address, invalid_query.
//	GET  /messages/{id}   200 Message; 404 message_not_found.
//	POST /messages/{id}/read
//	                      200 Message with read true and readAt (the first time it was marked): the
//	                      recipient read it in the lender's inbox. Idempotent: a read message answers
//	                      as it is. 404 message_not_found.
//
// A Message shows the bodies as sent and the links found in them (Links), so a test or the app's
// sandbox mailbox screen can follow a magic link.
//
// # Idempotency
//
// Sends take an Idempotency-Key header (1–255 visible ASCII characters; 400 invalid_idempotency_key
// otherwise). The provider remembers a key for 24 hours: the same key with the same body answers the
// first Message again with Idempotent-Replayed: true and sends nothing; the same key with a different
// body, or on the other send route, answers 409 idempotency_conflict; concurrent requests with one key
// send exactly once. A request refused with 400 does not use up its key. The provider accepts sends
// without a key, but this client always sends one (ErrIdempotencyKeyRequired otherwise), which also
// makes the transport retry a send after a connection failure or a 5xx.
//
// Reads are idempotent and retried by the transport (marking a message read is idempotent too, but a
// POST: not retried).
package notify
