// Package payments is the BFF's client of the payment gateway: the card acquirer the BFF takes repayments
// through, with hosted payment links (the card form is on the gateway's page, never the app's), cards on
// file, recurring charges of stored cards under a continuous payment authority (CPA), and signed
// webhooks.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/payments/v1 (the sandbox). Bodies
// are JSON (camelCase); money is integer pence (amountPence) in GBP; instants are RFC 3339 (UTC).
// Every request may carry X-Request-Id, which the provider logs for correlation. Errors answer
// {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status (the Code… constants); a
// declined card is not an error but a status.
//
//	GET    /health                                   200 {"status":"ok"} when the service can take calls.
//	POST   /payment-links                            201 PaymentLink. Body CreatePaymentLinkRequest.
//	                                                 Idempotency-Key optional (recommended).
//	                                                 400 invalid_request | return_url_not_allowed.
//	                                                 merchantDisplayName (required) is whom the checkout
//	                                                 tells the payer they pay; merchantBrandColour
//	                                                 (optional #rrggbb) bands its header.
//	GET    /payment-links/{id}                       200 PaymentLink (current status); 404 payment_link_not_found.
//	POST   /recurring-payments                       201 RecurringPayment, status succeeded or declined.
//	                                                 Body RecurringPaymentRequest. Idempotency-Key REQUIRED:
//	                                                 400 idempotency_key_required without it;
//	                                                 404 card_not_found when the customer has no such card.
//	GET    /recurring-payments/{id}                  200 RecurringPayment; 404 recurring_payment_not_found.
//	GET    /customers/{customerReference}/cards      200 CardList: the primary first, then oldest first;
//	                                                 an unknown customer has none. Never full numbers.
//	POST   /customers/{ref}/cards/{token}/primary    200 Card, now the primary; 404 card_not_found.
//	DELETE /customers/{ref}/cards/{token}            204; if it was primary, the most recently stored
//	                                                 other card becomes primary. 404 card_not_found.
//	PUT    /customers/{ref}/cards/{token}/billing-address
//	                                                 200 Card. Body BillingAddress (postcode normalised,
//	                                                 country defaults to GB). 400 | 404 card_not_found.
//	GET    /webhook-deliveries                       200 WebhookDeliveryList: every delivery with its
//	                                                 attempts, oldest first (sandbox: tests and screens).
//	POST   /webhook-deliveries/{id}/redeliver        200 WebhookDelivery, pending again: a new series of
//	                                                 attempts for a failed delivery. 404
//	                                                 webhook_delivery_not_found; 409
//	                                                 webhook_delivery_not_failed while pending or delivered.
//
// Reads and DELETE are idempotent and safe to retry. A card belongs to the customerReference it was
// stored under: every card route and every recurring payment checks it (404 card_not_found otherwise).
//
// # Idempotency
//
// POST /recurring-payments moves money and requires an Idempotency-Key header (1 to 255 visible ASCII
// characters; 400 invalid_idempotency_key otherwise); POST /payment-links takes one too. The gateway
// remembers the first successful answer to a key for 24 hours: the same key with the same request
// answers it again (header Idempotent-Replayed: true) without a second charge; the same key with a
// different request answers 409 idempotency_conflict; concurrent requests with one key have exactly one
// effect. A refused request (4xx) does not use up its key. The BFF passes the browser's key through, and
// the transport retries 5xx answers only for calls that carry one.
//
// # Hosted checkout and the redirect back
//
// A payment link's URL is the gateway's hosted checkout page (on the gateway's public URL, under
// /payments/v1/checkout/<token>, the token 128 random bits). The BFF sends the browser there. The page
// takes the card (number, expiry, name, CVC); a card that needs 3-D Secure continues to a challenge page.
// The link then moves through the state machine documented on the Status… constants:
//
//	created → succeeded | declined | authentication_required | cancelled | expired
//	authentication_required → succeeded | failed | cancelled | expired
//
// When the transaction is final, the page answers 303 See Other to the link's returnUrl with the query
// parameters status, transactionId, merchantReference, amountPence and signature (Param… constants); any
// parameters of those names already in the returnUrl are replaced. The signature is lowercase hex
// HMAC-SHA256, keyed with the secret shared with the gateway, over
//
//	"v1\n" + status + "\n" + transactionId + "\n" + merchantReference + "\n" + amountPence
//
// (SignRedirect). The returnUrl must be under the app URL the gateway is configured with (same scheme,
// host and port, under its path, no fragment or credentials), so the checkout cannot be used as an open
// redirect. The BFF checks the redirect with VerifyRedirect (or ParseRedirect), compares the merchant
// reference and amount with what it asked for, and confirms with GET /payment-links/{id} or the webhook
// before it treats money as taken: a browser can replay a genuine redirect.
//
// A link takes payments until ExpiresAt (30 minutes in the sandbox); after that it is expired and its
// page says so. A link with StoreCard saves the card on file when the payment succeeds; a link with
// amountPence 0 and StoreCard is store-card-only: it charges nothing, only checks the card (3-D Secure
// included) and stores it.
//
// # Recurring payments
//
// POST /recurring-payments charges a stored card without the payer (merchant-initiated, so never a
// 3-D Secure challenge). The answer is final: succeeded, or declined with DeclineReason
// insufficient_funds, card_not_supported or expired_card (the card's expiry is before the gateway's
// today).
//
// # Webhooks
//
// The gateway POSTs a WebhookEvent as JSON to the link's or payment's notificationUrl, or else to the
// webhook URL configured with the gateway: status_update when a link's status changes (its PaymentLink
// inside), card_stored when a card is saved (its Card), recurring_payment when a recurring payment is
// made (its RecurringPayment). Each request carries
//
//	X-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 over "<unix seconds>.<raw body>">
//
// plus X-Event-Id, X-Event-Type and X-Delivery-Attempt. Verify the raw body with VerifyWebhook before
// decoding it; a v1 value per active secret may appear while secrets rotate. A delivery is acknowledged
// by any 2xx answer within 10 seconds; otherwise it is retried, re-signed with a fresh timestamp, after
// 1 s, 5 s, 30 s, 2 min and 10 min (6 attempts), then given up as failed; POST
// /webhook-deliveries/{id}/redeliver starts another such series of a failed delivery. Deliveries are
// at least once and unordered: dedupe on the event id and read the resource when order matters. The sandbox timestamps
// with its own clock, so a receiver that verifies against real time must allow for a moved sandbox clock.
package payments
