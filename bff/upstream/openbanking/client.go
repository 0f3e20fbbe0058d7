package openbanking

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"lender/bff/upstream/transport"
)

// Errors of the open-banking API. Each wraps the transport error it came from (a *transport.StatusError).
var (
	// ErrInvalidRequest: the provider refused the request's fields (400 bad_request, invalid_reference,
	// invalid_state, invalid_period, invalid_idempotency_key).
	ErrInvalidRequest = errors.New("openbanking: invalid request")
	// ErrInvalidRedirectURL: the redirect URL is not under the app URL (400 invalid_redirect_url).
	ErrInvalidRedirectURL = errors.New("openbanking: redirect URL not allowed")
	// ErrInvalidCode: the code is wrong, already used or too old (400 invalid_code).
	ErrInvalidCode = errors.New("openbanking: invalid or used code")
	// ErrConsentNotFound: no consent has that id (404), or the id cannot be one.
	ErrConsentNotFound = errors.New("openbanking: consent not found")
	// ErrAccountNotFound: the consent does not cover that account (404), or the id cannot be one.
	ErrAccountNotFound = errors.New("openbanking: account not found")
	// ErrConsentNotAuthorised: the consent is not authorised (awaiting, rejected or revoked) for data,
	// renewal or revocation (403 or 409 consent_not_authorised).
	ErrConsentNotAuthorised = errors.New("openbanking: consent not authorised")
	// ErrConsentExpired: the consent's 90 days have passed; a new consent is needed (403 or 409
	// consent_expired).
	ErrConsentExpired = errors.New("openbanking: consent expired")
	// ErrIdempotencyConflict: the idempotency key was already used for a different consent (409).
	ErrIdempotencyConflict = errors.New("openbanking: idempotency key reused with a different request")
)

var codeErrors = map[string]error{
	CodeBadRequest:            ErrInvalidRequest,
	CodeInvalidReference:      ErrInvalidRequest,
	CodeInvalidState:          ErrInvalidRequest,
	CodeInvalidPeriod:         ErrInvalidRequest,
	CodeInvalidIdempotencyKey: ErrInvalidRequest,
	CodeInvalidRedirectURL:    ErrInvalidRedirectURL,
	CodeInvalidCode:           ErrInvalidCode,
	CodeConsentNotFound:       ErrConsentNotFound,
	CodeAccountNotFound:       ErrAccountNotFound,
	CodeConsentNotAuthorised:  ErrConsentNotAuthorised,
	CodeConsentExpired:        ErrConsentExpired,
	CodeIdempotencyConflict:   ErrIdempotencyConflict,
}

// API is every call of the open-banking provider the client makes.
type API interface {
	// Ping checks that the provider can take calls.
	Ping(ctx context.Context) error
	// CreateConsent starts a consent and returns it with the hosted page (AuthURL) to send the person
	// to. idempotencyKey may be empty; with one, a repeated call answers the first consent.
	CreateConsent(ctx context.Context, idempotencyKey string, req CreateConsent) (Consent, error)
	// Consent is the consent's current state (expiry applied); ErrConsentNotFound when there is none.
	Consent(ctx context.Context, id string) (Consent, error)
	// ExchangeCode authorises the consent with the one-time code the hosted page returned; ErrInvalidCode
	// when the code is wrong, used or too old.
	ExchangeCode(ctx context.Context, consentID, code string) (Consent, error)
	// RenewConsent extends an authorised consent by 90 days from now, after the customer reconfirmed it
	// in the app; ErrConsentExpired once it has expired (start a new consent).
	RenewConsent(ctx context.Context, consentID string) (Consent, error)
	// RevokeConsent ends the consent's access at the customer's request.
	RevokeConsent(ctx context.Context, consentID string) (Consent, error)
	// Accounts are the accounts an authorised consent covers.
	Accounts(ctx context.Context, consentID string) ([]Account, error)
	// Balances are an account's current and available balances.
	Balances(ctx context.Context, consentID, accountID string) ([]Balance, error)
	// Transactions are an account's transactions in the period, newest first.
	Transactions(ctx context.Context, consentID, accountID string, q TransactionQuery) (TransactionList, error)
}

// Client calls the open-banking provider over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds an openbanking client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }

// CreateConsent calls POST /consents, with Idempotency-Key when idempotencyKey is not empty.
func (c *Client) CreateConsent(ctx context.Context, idempotencyKey string, req CreateConsent) (Consent, error) {
	var out Consent
	err := c.t.Do(ctx, transport.Request{Operation: "consents.create", Method: http.MethodPost, Path: "/consents",
		Body: req, IdempotencyKey: idempotencyKey}, &out)
	if err != nil {
		return Consent{}, classify(err)
	}
	return out, nil
}

// Consent calls GET /consents/{id}. An id that cannot be a consent's (empty, over 64 characters, or
// other than letters, digits, '-' and '_') is ErrConsentNotFound without a call; the same holds for the
// consent and account ids of every call below.
func (c *Client) Consent(ctx context.Context, id string) (Consent, error) {
	return c.consentCall(ctx, "consents.get", http.MethodGet, id, "", nil)
}

// ExchangeCode calls POST /consents/{id}/exchange. It is not retried: a code is single use.
func (c *Client) ExchangeCode(ctx context.Context, consentID, code string) (Consent, error) {
	return c.consentCall(ctx, "consents.exchange", http.MethodPost, consentID, "/exchange", ExchangeCode{Code: code})
}

// RenewConsent calls POST /consents/{id}/renew.
func (c *Client) RenewConsent(ctx context.Context, consentID string) (Consent, error) {
	return c.consentCall(ctx, "consents.renew", http.MethodPost, consentID, "/renew", nil)
}

// RevokeConsent calls POST /consents/{id}/revoke.
func (c *Client) RevokeConsent(ctx context.Context, consentID string) (Consent, error) {
	return c.consentCall(ctx, "consents.revoke", http.MethodPost, consentID, "/revoke", nil)
}

func (c *Client) consentCall(ctx context.Context, op, method, id, action string, body any) (Consent, error) {
	if !validID(id) {
		return Consent{}, ErrConsentNotFound
	}
	var out Consent
	if err := c.t.Do(ctx, transport.Request{Operation: op, Method: method, Path: "/consents/" + id + action, Body: body}, &out); err != nil {
		return Consent{}, classify(err)
	}
	return out, nil
}

// Accounts calls GET /consents/{id}/accounts.
func (c *Client) Accounts(ctx context.Context, consentID string) ([]Account, error) {
	if !validID(consentID) {
		return nil, ErrConsentNotFound
	}
	var l AccountList
	if err := c.t.Get(ctx, "accounts.list", "/consents/"+consentID+"/accounts", &l); err != nil {
		return nil, classify(err)
	}
	return l.Accounts, nil
}

// Balances calls GET /consents/{id}/accounts/{accountId}/balances.
func (c *Client) Balances(ctx context.Context, consentID, accountID string) ([]Balance, error) {
	path, err := accountPath(consentID, accountID)
	if err != nil {
		return nil, err
	}
	var l BalanceList
	if err := c.t.Get(ctx, "balances.get", path+"/balances", &l); err != nil {
		return nil, classify(err)
	}
	return l.Balances, nil
}

// Transactions calls GET /consents/{id}/accounts/{accountId}/transactions?from=&to=.
func (c *Client) Transactions(ctx context.Context, consentID, accountID string, q TransactionQuery) (TransactionList, error) {
	path, err := accountPath(consentID, accountID)
	if err != nil {
		return TransactionList{}, err
	}
	v := url.Values{}
	if q.From != "" {
		v.Set("from", q.From)
	}
	if q.To != "" {
		v.Set("to", q.To)
	}
	var l TransactionList
	if err := c.t.Do(ctx, transport.Request{Operation: "transactions.list", Method: http.MethodGet, Path: path + "/transactions", Query: v}, &l); err != nil {
		return TransactionList{}, classify(err)
	}
	return l, nil
}

func accountPath(consentID, accountID string) (string, error) {
	if !validID(consentID) {
		return "", ErrConsentNotFound
	}
	if !validID(accountID) {
		return "", ErrAccountNotFound
	}
	return "/consents/" + consentID + "/accounts/" + accountID, nil
}

// classify wraps a 4xx answer's transport error in this package's error for its code.
func classify(err error) error { return transport.Classify(err, codeErrors) }

// validID: an id that can travel as one path segment unescaped.
func validID(s string) bool { return transport.ValidPathSegment(s) }
