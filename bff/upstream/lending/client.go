package lending

import (
	"context"

	"lender/bff/upstream/transport"
)

// API is every call of the lending core the client makes. The package documentation describes each
// call; the methods' comments say which errors they return besides the transport's.
type API interface {
	ApplicationAPI // loan applications, decisions and documents (application_client.go)
	LoanAPI        // loans, repayments, holidays, arrangements, statements and top-ups (loan_client.go)
	AuditAPI       // what staff did while acting for a borrower (audit.go)
	EventAPI       // what happened to applications and loans, as a feed (events.go)

	// Ping checks that the lending core can take calls.
	Ping(ctx context.Context) error

	// Product is the loan product's bounds and rate table, and its representative loan priced with
	// feePence added; ErrOutOfBounds for a fee above the product's maximum.
	Product(ctx context.Context, feePence int64) (Product, error)
	// Quote prices a new loan; ErrOutOfBounds (the StatusError's Code says which bound) or
	// ErrInvalidRequest (rate_invalid).
	Quote(ctx context.Context, req QuoteRequest) (Quote, error)

	// Addresses looks a postcode up in the gazetteer; ErrPostcodeInvalid for a malformed postcode.
	Addresses(ctx context.Context, postcode string) (AddressList, error)
	// CheckEligibility runs a soft check and records it; a decline is an outcome, not an error.
	// ErrInvalidRequest or ErrOutOfBounds for a request the check cannot run on.
	CheckEligibility(ctx context.Context, req EligibilityRequest) (EligibilityCheck, error)
	// EligibilityCheck is a recorded check; ErrEligibilityCheckNotFound.
	EligibilityCheck(ctx context.Context, id string) (EligibilityCheck, error)

	// CreateCustomer records a customer; ErrCustomerExists when the e-mail or phone is taken,
	// ErrInvalidRequest. idempotencyKey may be "".
	CreateCustomer(ctx context.Context, req CreateCustomerRequest, idempotencyKey string) (Customer, error)
	// Register opens a customer and their first application from an eligibility check made for them, both
	// or neither; see Client.Register for the errors.
	Register(ctx context.Context, req RegistrationRequest, idempotencyKey string) (Registration, error)
	// DiscardCustomer erases a provisional customer and their applications; ErrCustomerNotProvisional.
	// One that does not exist is not an error.
	DiscardCustomer(ctx context.Context, id string) error
	// Customer is a customer by id; ErrCustomerNotFound.
	Customer(ctx context.Context, id string) (Customer, error)
	// CustomerByEmail finds a customer by e-mail (any case); ErrCustomerNotFound.
	CustomerByEmail(ctx context.Context, email string) (Customer, error)
	// CustomerByPhone finds a customer by phone (national or E.164); ErrCustomerNotFound.
	CustomerByPhone(ctx context.Context, phone string) (Customer, error)
	// ChangeEmail replaces a customer's unconfirmed e-mail address; ErrInvalidRequest, ErrCustomerExists,
	// ErrEmailConfirmed, ErrCustomerNotFound.
	ChangeEmail(ctx context.Context, customerID, email string) (Customer, error)
	// ReplaceEmail replaces a customer's e-mail address with one they proved they hold, confirmed or
	// not; ErrInvalidRequest, ErrCustomerExists, ErrCustomerNotFound.
	ReplaceEmail(ctx context.Context, customerID, email string) (Customer, error)
	// ChangePhone replaces a customer's mobile number with one they proved they hold; ErrInvalidRequest,
	// ErrCustomerExists, ErrCustomerNotFound.
	ChangePhone(ctx context.Context, customerID, phone string) (Customer, error)
	// SetAddress sets a customer's current address; ErrInvalidRequest, ErrPostcodeInvalid,
	// ErrCustomerNotFound.
	SetAddress(ctx context.Context, customerID string, req AddressRequest) (Customer, error)
	// SetPreferences sets a customer's reminder preferences; ErrCustomerNotFound.
	SetPreferences(ctx context.Context, customerID string, p Preferences) (Customer, error)
	// SetPIN sets or replaces a customer's PIN, lifting any lock; ErrPINInvalid, ErrCustomerNotFound.
	SetPIN(ctx context.Context, customerID, pin string) (Customer, error)
	// VerifyPIN checks a PIN; a wrong one answers Verified false. ErrPINLocked, ErrPINNotSet,
	// ErrPINInvalid, ErrCustomerNotFound.
	VerifyPIN(ctx context.Context, customerID, pin string) (PINVerification, error)
	// UnlockPIN lifts a PIN lock and clears failed attempts; ErrCustomerNotFound.
	UnlockPIN(ctx context.Context, customerID string) (Customer, error)

	// StaffSignIn verifies a staff account and password; ErrInvalidCredentials.
	StaffSignIn(ctx context.Context, account, password string) (StaffSession, error)
	// PortalSignIn verifies a finance-portal user's e-mail and password; ErrInvalidCredentials.
	PortalSignIn(ctx context.Context, email, password string) (PortalSession, error)
	// PortalUser is a finance-portal user by id; ErrPortalUserNotFound.
	PortalUser(ctx context.Context, id string) (PortalUser, error)

	// CreateBrokerOffer prices and records a broker's offer and answers its client token once;
	// ErrPortalUserNotFound, ErrOutOfBounds, ErrInvalidRequest.
	CreateBrokerOffer(ctx context.Context, req CreateBrokerOfferRequest) (CreatedBrokerOffer, error)
	// BrokerOffers lists a broker firm's offers, newest first.
	BrokerOffers(ctx context.Context, brokerID string) ([]BrokerOffer, error)
	// BrokerOffer is an offer by id; ErrBrokerOfferNotFound. The caller checks it is the firm's.
	BrokerOffer(ctx context.Context, id string) (BrokerOffer, error)
	// BrokerOfferByToken is the offer a client token opens; ErrBrokerOfferNotFound,
	// ErrBrokerOfferExpired.
	BrokerOfferByToken(ctx context.Context, token string) (BrokerOffer, error)
}

// Client calls the lending core over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds a lending client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }
