// Package payment takes payments towards a borrower's loan (issue 17 §1–2; docs/decisions/paying.md):
// what can be paid today and with which card (payment/paymentOptions), one payment per intent with a
// card on file or through the gateway's hosted checkout (payment/createPayment), the outcome of a
// checkout the borrower came back from (payment/paymentSessionInfo, which hands the application's
// card-saving checkout to approval), and the gateway's signed webhooks (POST /webhooks/payments); and
// repaying early (settlement.go): the lending core's settlement figure (payment/settlementQuote), paying
// it (createPayment, kind settlement) and the bank details to pay it by transfer (payment/bankTransfer).
//
// A repayment is recorded at the lending core only from the gateway's verified word: its answer to a
// charge of a card on file, a link's status read from it, or its signed webhook. Whichever comes first
// records it; the lending core is idempotent by paymentReference (the gateway's transaction id), and the
// receipt mail by the same id, so each payment is one repayment and one receipt.
package payment

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/branding"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/payments"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	branding.Core
	Loan(ctx context.Context, id string) (lending.Loan, error)
	RecordRepayment(ctx context.Context, loanID string, req lending.RepaymentRequest) (lending.Repayment, error)
	Customer(ctx context.Context, id string) (lending.Customer, error)
	CreateSettlementQuote(ctx context.Context, loanID string, req lending.SettlementQuoteRequest) (lending.SettlementQuote, error)
	SettlementQuote(ctx context.Context, loanID, quoteID string) (lending.SettlementQuote, error)
	RecordAudit(ctx context.Context, e lending.AuditEvent) (lending.AuditEvent, error)
}

// Payments is the calls this feature makes of the payment gateway (payments.API documents each).
type Payments interface {
	CreatePaymentLink(ctx context.Context, req payments.CreatePaymentLinkRequest, idempotencyKey string) (payments.PaymentLink, error)
	PaymentLink(ctx context.Context, id string) (payments.PaymentLink, error)
	CreateRecurringPayment(ctx context.Context, req payments.RecurringPaymentRequest, idempotencyKey string) (payments.RecurringPayment, error)
	RecurringPayment(ctx context.Context, id string) (payments.RecurringPayment, error)
	Cards(ctx context.Context, customerReference string) ([]payments.Card, error)
}

// Notify sends the receipts.
type Notify interface {
	SendEmail(ctx context.Context, idempotencyKey string, e notify.Email) (notify.Message, error)
}

// CPA is approval's reading of the application's card-saving checkout, which paymentSessionInfo hands
// a CPA link to.
type CPA interface {
	CpaSessionInfo(ctx context.Context, req apigen.PaymentSessionInfoRequestObject) (apigen.PaymentSessionInfoResponseObject, error)
	IsCpaLink(link payments.PaymentLink) bool
}

// Config is the feature's configuration.
type Config struct {
	// PublicURL is the borrower app's origin: the checkout returns to PublicURL + "/payment-result".
	PublicURL string
	// Secret verifies the gateway's webhooks.
	Secret string
	// WebhookURL is where the gateway reaches POST /webhooks/payments (read per call: in tests and
	// make run it is the BFF's own listener, known once it listens).
	WebhookURL func() string
	// KeyPrefix and RedisTimeout are Redis's (the intents and the webhook deliveries applied).
	KeyPrefix    string
	RedisTimeout time.Duration
	Brands       branding.Catalogue
}

// Deps are what the handlers use.
type Deps struct {
	Lending  Lending
	Payments Payments
	Notify   Notify
	CPA      CPA
	Redis    redis.UniversalClient
	Log      *slog.Logger
	Config   Config
}

// Handlers implements the payment part of the generated API and the webhook receiver.
type Handlers struct {
	lending  Lending
	payments Payments
	notify   Notify
	cpa      CPA
	redis    redis.UniversalClient
	log      *slog.Logger
	cfg      Config
}

// New returns the handlers.
func New(d Deps) *Handlers {
	return &Handlers{lending: d.Lending, payments: d.Payments, notify: d.Notify, cpa: d.CPA, redis: d.Redis, log: d.Log, cfg: d.Config}
}

// resultPath is the app's screen the hosted checkout returns to (as a path: the app rewrites it to
// its hash route, spec §2).
const resultPath = "/payment-result"

// payRef is what a payment towards a loan pays: which loan, what the borrower chose to pay (it words
// the receipt), and for an early settlement the settlement quote it pays.
type payRef struct {
	kind    apigen.PaymentKind
	loanID  string
	quoteID string // kind settlement only
}

// The gateway's merchant reference of a payment towards a loan (at most 64 characters):
// "repay-<kind>-<loan id>", and for an early settlement "repay-settlement-<loan id>~<quote id>" ('~'
// is in no loan id). It says which loan a link or a charge pays and what, so the webhook can record it
// alone.
const (
	referencePrefix = "repay-"
	quoteSeparator  = "~"
)

func reference(r payRef) string {
	ref := referencePrefix + string(r.kind) + "-" + r.loanID
	if r.kind == apigen.PaymentKindSettlement {
		ref += quoteSeparator + r.quoteID
	}
	return ref
}

// parseReference is what a payment's merchant reference pays; ok is false for any other reference (an
// application's card-saving checkout).
func parseReference(ref string) (r payRef, ok bool) {
	rest, found := strings.CutPrefix(ref, referencePrefix)
	if !found {
		return payRef{}, false
	}
	k, id, found := strings.Cut(rest, "-")
	r.kind = apigen.PaymentKind(k)
	switch r.kind {
	case apigen.PaymentKindArrears, apigen.PaymentKindInstalment, apigen.PaymentKindOther:
		r.loanID = id
		ok = found && id != "" && !strings.Contains(id, quoteSeparator)
	case apigen.PaymentKindSettlement:
		r.loanID, r.quoteID, ok = strings.Cut(id, quoteSeparator)
		ok = ok && found && r.loanID != "" && r.quoteID != ""
	}
	if !ok {
		return payRef{}, false
	}
	return r, true
}

// gatewayKey is the gateway's Idempotency-Key of a browser's key: namespaced by the customer (two
// customers' keys never meet) and hashed (any browser key fits the gateway's 255 characters).
func gatewayKey(customerID, browserKey string) string {
	sum := sha256.Sum256([]byte(browserKey))
	return "pay-" + customerID + "-" + hex.EncodeToString(sum[:])
}

// declineMessages say a gateway's decline reason in words a borrower understands, with what to do.
var declineMessages = map[string]string{
	payments.DeclineInsufficientFunds: "Your bank declined the payment because there is not enough money in the account. " +
		"Try another card, or pay a smaller amount.",
	payments.DeclineCardNotSupported: "This card cannot be used for this payment. Try another card.",
	payments.DeclineExpiredCard:      "This card has expired. Use another card, or add a new one.",
	payments.DeclineAuthenticationFailed: "Your bank could not confirm it was you, so nothing was taken. " +
		"Try again, or use another card.",
}

func declineMessage(reason string) string {
	if m, ok := declineMessages[reason]; ok {
		return m
	}
	return "Your bank declined the payment and nothing was taken. Try another card, or contact your bank."
}

var errUnknownStatus = errors.New("payment: the gateway answered a status this feature does not know")

// status is the API's status of a gateway status: an open checkout (or a 3-D Secure challenge) is
// pending.
func status(s string) (apigen.PaymentStatus, error) {
	switch s {
	case payments.StatusCreated, payments.StatusAuthenticationRequired:
		return apigen.PaymentStatusPending, nil
	case payments.StatusSucceeded, payments.StatusDeclined, payments.StatusFailed, payments.StatusCancelled, payments.StatusExpired:
		return apigen.PaymentStatus(s), nil
	}
	return "", errUnknownStatus
}

func ptr[T any](v T) *T { return &v }
