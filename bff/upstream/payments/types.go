package payments

import "time"

// Name is the provider's name in configuration, metrics and errors.
const Name = "payments"

// CurrencyGBP is the only currency the gateway takes.
const CurrencyGBP = "GBP"

// Statuses of a payment link's transaction (PaymentLink.Status). The state machine:
//
//	created ──card accepted──────────────► succeeded
//	created ──card declined──────────────► declined
//	created ──card needs 3-D Secure──────► authentication_required ──passed──► succeeded
//	                                                               └─failed──► failed
//	created | authentication_required ──payer cancels──► cancelled
//	created | authentication_required ──ExpiresAt passes──► expired
//
// succeeded, declined, failed, cancelled and expired are final.
const (
	StatusCreated                = "created"
	StatusAuthenticationRequired = "authentication_required"
	StatusSucceeded              = "succeeded"
	StatusDeclined               = "declined"
	StatusFailed                 = "failed"
	StatusCancelled              = "cancelled"
	StatusExpired                = "expired"
)

// Decline reasons (PaymentLink.DeclineReason, RecurringPayment.DeclineReason).
const (
	DeclineInsufficientFunds    = "insufficient_funds"
	DeclineCardNotSupported     = "card_not_supported"
	DeclineAuthenticationFailed = "authentication_failed"
	DeclineExpiredCard          = "expired_card"
)

// Error codes of the {"code","message"} bodies the gateway answers.
const (
	CodeInvalidRequest           = "invalid_request"             // 400: a field is missing or malformed
	CodeReturnURLNotAllowed      = "return_url_not_allowed"      // 400: returnUrl is not under the app's URL
	CodeIdempotencyKeyRequired   = "idempotency_key_required"    // 400: a money-moving call without Idempotency-Key
	CodeInvalidIdempotencyKey    = "invalid_idempotency_key"     // 400: Idempotency-Key is not 1 to 255 visible ASCII characters
	CodeIdempotencyConflict      = "idempotency_conflict"        // 409: the key was used with another body
	CodePaymentLinkNotFound      = "payment_link_not_found"      // 404
	CodeRecurringPaymentNotFound = "recurring_payment_not_found" // 404
	CodeCardNotFound             = "card_not_found"              // 404: no such card for that customer
	CodeDeliveryNotFound         = "webhook_delivery_not_found"  // 404
	CodeDeliveryNotFailed        = "webhook_delivery_not_failed" // 409: redeliver of a pending or delivered delivery
)

// CreatePaymentLinkRequest is the body of POST /payment-links.
type CreatePaymentLinkRequest struct {
	// AmountPence is what the payer is charged, 1 to 10,000,000 (£100,000); 0 only with StoreCard, for a
	// store-card-only link that charges nothing and saves the card.
	AmountPence int64  `json:"amountPence"`
	Currency    string `json:"currency"` // CurrencyGBP
	// MerchantReference is the lender's reference for this payment (1 to 64 printable ASCII characters),
	// echoed in the redirect, the webhooks and the signature.
	MerchantReference string `json:"merchantReference"`
	// CustomerReference is the lender's key for the payer (1 to 64 of A-Z a-z 0-9 - _ .): cards are
	// stored under it.
	CustomerReference string `json:"customerReference"`
	// Description is shown on the checkout page (1 to 140 characters).
	Description string `json:"description"`
	// MerchantDisplayName is whom the checkout page tells the payer they are paying (1 to 64
	// characters, no line breaks): the lender sends the brand that owns the customer's loan, so a
	// white-label borrower is never shown the lender's other brands.
	MerchantDisplayName string `json:"merchantDisplayName"`
	// MerchantBrandColour, when set, is the #rrggbb colour of the band under the checkout page's header.
	MerchantBrandColour string `json:"merchantBrandColour,omitempty"`
	// ReturnURL is where the checkout sends the browser back to; it must be under the app URL the
	// gateway is configured with (same scheme, host and port, and under its path).
	ReturnURL string `json:"returnUrl"`
	// NotificationURL, when set, receives this link's webhooks instead of the configured webhook URL.
	NotificationURL string `json:"notificationUrl,omitempty"`
	// StoreCard saves the card on file for CustomerReference when the payment succeeds.
	StoreCard bool `json:"storeCard,omitempty"`
}

// PaymentLink is a hosted checkout: one transaction the payer completes on the gateway's page.
type PaymentLink struct {
	ID                string `json:"id"`            // "plink_…"
	TransactionID     string `json:"transactionId"` // "txn_…": the transaction the link pays
	URL               string `json:"url"`           // the hosted checkout page to send the browser to
	Status            string `json:"status"`        // Status…
	DeclineReason     string `json:"declineReason,omitempty"`
	AmountPence       int64  `json:"amountPence"`
	Currency          string `json:"currency"`
	MerchantReference string `json:"merchantReference"`
	CustomerReference string `json:"customerReference"`
	Description       string `json:"description"`
	// MerchantDisplayName and MerchantBrandColour are as the link was created with.
	MerchantDisplayName string `json:"merchantDisplayName"`
	MerchantBrandColour string `json:"merchantBrandColour,omitempty"`
	ReturnURL           string `json:"returnUrl"`
	NotificationURL     string `json:"notificationUrl,omitempty"`
	StoreCard           bool   `json:"storeCard"`
	// Card is the card the payer used, once one was submitted.
	Card *CardSummary `json:"card,omitempty"`
	// CardToken is the stored card, when StoreCard was set and the payment succeeded.
	CardToken string    `json:"cardToken,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	ExpiresAt time.Time `json:"expiresAt"` // the link stops taking payments then
}

// CardSummary names a card without its number.
type CardSummary struct {
	Brand string `json:"brand"` // "visa", "mastercard", "amex" or "unknown"
	Last4 string `json:"last4"`
}

// Card is a card on file. The gateway never answers the full number.
type Card struct {
	Token             string          `json:"token"` // "card_…": what recurring payments charge
	CustomerReference string          `json:"customerReference"`
	Brand             string          `json:"brand"`
	Last4             string          `json:"last4"`
	ExpiryMonth       int             `json:"expiryMonth"` // 1–12
	ExpiryYear        int             `json:"expiryYear"`  // four digits
	CardholderName    string          `json:"cardholderName"`
	Primary           bool            `json:"primary"` // the customer's default card; exactly one while any exist
	BillingAddress    *BillingAddress `json:"billingAddress,omitempty"`
	CreatedAt         time.Time       `json:"createdAt"`
}

// CardList is the answer of GET /customers/{customerReference}/cards.
type CardList struct {
	Cards []Card `json:"cards"`
}

// BillingAddress is a card's billing address (PUT …/billing-address).
type BillingAddress struct {
	Line1    string `json:"line1"` // required
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`     // required
	Postcode string `json:"postcode"` // required; a UK postcode when Country is GB
	Country  string `json:"country"`  // ISO 3166-1 alpha-2; "" means GB
}

// RecurringPaymentRequest is the body of POST /recurring-payments: a merchant-initiated charge of a
// stored card under a continuous payment authority.
type RecurringPaymentRequest struct {
	CardToken         string `json:"cardToken"`
	CustomerReference string `json:"customerReference"` // must own the card
	AmountPence       int64  `json:"amountPence"`       // 1 to 10,000,000
	Currency          string `json:"currency"`          // CurrencyGBP
	MerchantReference string `json:"merchantReference"`
	Description       string `json:"description,omitempty"`
	// NotificationURL, when set, receives this payment's webhook instead of the configured webhook URL.
	NotificationURL string `json:"notificationUrl,omitempty"`
}

// RecurringPayment is a charge of a stored card. It is final when answered: succeeded or declined.
type RecurringPayment struct {
	ID                string      `json:"id"` // "txn_…"
	Status            string      `json:"status"`
	DeclineReason     string      `json:"declineReason,omitempty"`
	AmountPence       int64       `json:"amountPence"`
	Currency          string      `json:"currency"`
	MerchantReference string      `json:"merchantReference"`
	CustomerReference string      `json:"customerReference"`
	Description       string      `json:"description,omitempty"`
	CardToken         string      `json:"cardToken"`
	Card              CardSummary `json:"card"`
	NotificationURL   string      `json:"notificationUrl,omitempty"`
	CreatedAt         time.Time   `json:"createdAt"`
}

// Webhook event types (WebhookEvent.Type).
const (
	EventStatusUpdate     = "status_update"     // a payment link's status changed; PaymentLink is set
	EventCardStored       = "card_stored"       // a card was saved on file; Card is set
	EventRecurringPayment = "recurring_payment" // a recurring payment was charged or declined; RecurringPayment is set
)

// WebhookEvent is the JSON body the gateway POSTs to the webhook URL. Exactly one of PaymentLink, Card
// and RecurringPayment is set, as Type says. Deliveries are at least once and not in order: dedupe on
// ID, and read the resource's current state when order matters.
type WebhookEvent struct {
	ID               string            `json:"id"` // "evt_…"
	Type             string            `json:"type"`
	CreatedAt        time.Time         `json:"createdAt"`
	PaymentLink      *PaymentLink      `json:"paymentLink,omitempty"`
	Card             *Card             `json:"card,omitempty"`
	RecurringPayment *RecurringPayment `json:"recurringPayment,omitempty"`
}

// Webhook delivery statuses (WebhookDelivery.Status).
const (
	DeliveryPending   = "pending"   // not acknowledged yet; another attempt is due
	DeliveryDelivered = "delivered" // a 2xx answer acknowledged it
	DeliveryFailed    = "failed"    // every attempt failed; the gateway gave up
)

// WebhookDelivery is the record of sending one event to one URL.
type WebhookDelivery struct {
	ID            string            `json:"id"` // "whd_…"
	Event         WebhookEvent      `json:"event"`
	URL           string            `json:"url"`
	Status        string            `json:"status"`
	Attempts      []DeliveryAttempt `json:"attempts"`
	MaxAttempts   int               `json:"maxAttempts"`             // counts the attempts of every series (see redeliver)
	NextAttemptAt *time.Time        `json:"nextAttemptAt,omitempty"` // while pending
	CreatedAt     time.Time         `json:"createdAt"`
}

// DeliveryAttempt is one POST of a webhook.
type DeliveryAttempt struct {
	Number     int       `json:"number"` // from 1
	At         time.Time `json:"at"`
	StatusCode int       `json:"statusCode,omitempty"` // 0 when no answer came
	Error      string    `json:"error,omitempty"`      // why no answer came
}

// WebhookDeliveryList is the answer of GET /webhook-deliveries.
type WebhookDeliveryList struct {
	Deliveries []WebhookDelivery `json:"deliveries"`
}

// Parameters the checkout adds to the returnUrl when it sends the browser back (303).
const (
	ParamStatus            = "status"            // succeeded, declined, failed, cancelled or expired
	ParamTransactionID     = "transactionId"     // PaymentLink.TransactionID
	ParamMerchantReference = "merchantReference" // as given when the link was made
	ParamAmountPence       = "amountPence"       // decimal pence
	ParamSignature         = "signature"         // lowercase hex HMAC-SHA256: see SignRedirect
)

// SignatureHeader carries a webhook's signature: "t=<unix seconds>,v1=<lowercase hex>".
const SignatureHeader = "X-Signature"
