package openbanking

import "time"

// Name is the provider's name in configuration, metrics and errors.
const Name = "openbanking"

// Statuses of a consent (Consent.Status). The state machine:
//
//	awaiting ──person consents on the hosted page, code exchanged──► authorised
//	awaiting ──person cancels on the hosted page───────────────────► rejected
//	authorised ──renew (before it expires)─────────────────────────► authorised, ExpiresAt = now + 90 days
//	authorised ──ExpiresAt passes──────────────────────────────────► expired
//	awaiting | authorised | expired ──revoke───────────────────────► revoked
//
// Only an authorised consent gives access to data. rejected, expired and revoked are final: a new consent
// is needed. Expiry is read on the provider's clock whenever the consent is read.
const (
	StatusAwaiting   = "awaiting"
	StatusAuthorised = "authorised"
	StatusRejected   = "rejected"
	StatusExpired    = "expired"
	StatusRevoked    = "revoked"
)

// ConsentDuration is how long an authorisation or a renewal lasts (the FCA's 90-day reconfirmation).
const ConsentDuration = 90 * 24 * time.Hour

// CodeTTL is how long the one-time code of a hosted consent can be exchanged.
const CodeTTL = 10 * time.Minute

// Query parameters the hosted consent page adds to the redirect URL when it sends the browser back.
const (
	ReturnParamFrom      = "from"      // always ReturnFromRender
	ReturnParamConsentID = "consentId" // the consent's id
	ReturnParamCode      = "code"      // the one-time code, when the person consented
	ReturnParamError     = "error"     // ReturnErrorAccessDenied, when the person cancelled
	ReturnParamState     = "state"     // CreateConsent.State, when it was given

	ReturnFromRender        = "render"
	ReturnErrorAccessDenied = "access_denied"
)

// Error codes the provider answers with a 4xx status.
const (
	CodeBadRequest            = "bad_request"             // 400: the body is not the JSON object of the call
	CodeInvalidReference      = "invalid_reference"       // 400: customerReference is not 1–128 visible ASCII characters
	CodeInvalidRedirectURL    = "invalid_redirect_url"    // 400: redirectUrl is not under the app URL
	CodeInvalidState          = "invalid_state"           // 400: state is over 256 characters or not visible ASCII
	CodeInvalidClientDisplay  = "invalid_client_display"  // 400: clientDisplayName is missing or too long, or clientBrandColour is not #rrggbb
	CodeInvalidCode           = "invalid_code"            // 400: the code is wrong, used, older than CodeTTL, or the consent is not awaiting
	CodeInvalidPeriod         = "invalid_period"          // 400: from/to are not YYYY-MM-DD, or from is after to
	CodeConsentNotFound       = "consent_not_found"       // 404
	CodeAccountNotFound       = "account_not_found"       // 404: the account is not one the consent covers
	CodeConsentNotAuthorised  = "consent_not_authorised"  // 403 on data, 409 on renew/revoke: wrong status
	CodeConsentExpired        = "consent_expired"         // 403 on data, 409 on renew: past ExpiresAt
	CodeInvalidIdempotencyKey = "invalid_idempotency_key" // 400: the Idempotency-Key header
	CodeIdempotencyConflict   = "idempotency_conflict"    // 409: the key was used with another request
)

// CreateConsent is the body of POST /consents.
type CreateConsent struct {
	// CustomerReference is the lender's reference for the customer, 1–128 visible ASCII characters. The
	// sandbox also picks the customer's data profile from it (a "+tag", see sandbox/README.md).
	CustomerReference string `json:"customerReference"`
	// RedirectURL is where the hosted consent page sends the browser back to: an absolute URL on the
	// app's origin, without a fragment. The provider refuses any other (no open redirect).
	RedirectURL string `json:"redirectUrl"`
	// State, when set, is returned unchanged on the redirect (OAuth's state: the BFF binds the return to
	// the session that started it). At most 256 visible ASCII characters.
	State string `json:"state,omitempty"`
	// ClientDisplayName is who the hosted consent page says is asking to see the person's accounts (1
	// to 64 characters, no line breaks): the lender sends the brand that owns the customer's
	// application, so a white-label applicant is never shown the lender's other brands.
	ClientDisplayName string `json:"clientDisplayName"`
	// ClientBrandColour, when set, is the #rrggbb colour of the band under the consent page's header.
	ClientBrandColour string `json:"clientBrandColour,omitempty"`
}

// Consent is an account-information consent (the answer of every /consents call).
type Consent struct {
	ID                string `json:"id"` // "cns_…", 128 random bits: the auth URL is a capability link
	CustomerReference string `json:"customerReference"`
	Status            string `json:"status"` // Status… values
	// AuthURL is the hosted consent page to send the person to, while the consent is awaiting.
	AuthURL     string `json:"authUrl,omitempty"`
	RedirectURL string `json:"redirectUrl"`
	// ClientDisplayName and ClientBrandColour are as the consent was created with (empty on a consent
	// the provider was seeded with, which never shows its page).
	ClientDisplayName string `json:"clientDisplayName,omitempty"`
	ClientBrandColour string `json:"clientBrandColour,omitempty"`
	// BankID and BankName are the bank the person chose, once they have.
	BankID       string     `json:"bankId,omitempty"`
	BankName     string     `json:"bankName,omitempty"`
	CreatedAt    time.Time  `json:"createdAt"`
	AuthorisedAt *time.Time `json:"authorisedAt,omitempty"`
	// ExpiresAt is when access ends: ConsentDuration after authorisation or the last renewal.
	ExpiresAt *time.Time `json:"expiresAt,omitempty"`
	RenewedAt *time.Time `json:"renewedAt,omitempty"`
	RevokedAt *time.Time `json:"revokedAt,omitempty"`
}

// ExchangeCode is the body of POST /consents/{id}/exchange.
type ExchangeCode struct {
	Code string `json:"code"`
}

// Account types.
const (
	AccountCurrent = "current"
	AccountSavings = "savings"
)

// CurrencyGBP is the currency of every account.
const CurrencyGBP = "GBP"

// Account is a bank account a consent covers.
type Account struct {
	ID            string `json:"id"`   // "acc_…", stable for a customer and bank
	Type          string `json:"type"` // AccountCurrent or AccountSavings
	Name          string `json:"name"` // the bank's product name
	Currency      string `json:"currency"`
	SortCode      string `json:"sortCode"`      // "99-12-34"
	AccountNumber string `json:"accountNumber"` // 8 digits
}

// AccountList is the answer of GET /consents/{id}/accounts.
type AccountList struct {
	Accounts []Account `json:"accounts"`
}

// Balance types.
const (
	BalanceCurrent   = "current"   // booked: every transaction so far
	BalanceAvailable = "available" // current plus the arranged overdraft
)

// Balance is one balance of an account, in integer pence (negative when overdrawn).
type Balance struct {
	Type        string    `json:"type"` // BalanceCurrent or BalanceAvailable
	AmountPence int64     `json:"amountPence"`
	Currency    string    `json:"currency"`
	AsOf        time.Time `json:"asOf"`
}

// BalanceList is the answer of GET /consents/{id}/accounts/{accountId}/balances.
type BalanceList struct {
	AccountID string    `json:"accountId"`
	Balances  []Balance `json:"balances"`
}

// Transaction categories (Transaction.Category).
const (
	CategorySalary         = "salary"
	CategoryBenefits       = "benefits"
	CategorySelfEmployment = "self_employment"
	CategoryRent           = "rent"
	CategoryMortgage       = "mortgage"
	CategoryCouncilTax     = "council_tax"
	CategoryUtilities      = "utilities"
	CategoryBills          = "bills"
	CategoryInsurance      = "insurance"
	CategoryGroceries      = "groceries"
	CategoryTransport      = "transport"
	CategoryEatingOut      = "eating_out"
	CategoryShopping       = "shopping"
	CategorySubscriptions  = "subscriptions"
	CategoryCash           = "cash"
	CategoryLoanRepayment  = "loan_repayment"
	CategoryTax            = "tax"
	CategoryTransfer       = "transfer"
	CategoryInterest       = "interest"
)

// Transaction is one booked transaction.
type Transaction struct {
	ID          string `json:"id"`          // "txn_…", stable
	BookingDate string `json:"bookingDate"` // YYYY-MM-DD
	// AmountPence is signed: positive money in, negative money out.
	AmountPence int64  `json:"amountPence"`
	Currency    string `json:"currency"`
	Description string `json:"description"` // as on a statement, e.g. "DIRECT DEBIT BRIGHTSPARK ENERGY"
	Category    string `json:"category"`    // Category… values
	// RunningBalancePence is the account's balance after this transaction.
	RunningBalancePence int64 `json:"runningBalancePence"`
}

// TransactionList is the answer of GET /consents/{id}/accounts/{accountId}/transactions: newest first.
type TransactionList struct {
	AccountID    string        `json:"accountId"`
	From         string        `json:"from"` // the period actually covered, YYYY-MM-DD
	To           string        `json:"to"`
	Transactions []Transaction `json:"transactions"`
}

// TransactionQuery is the period of a transactions call; empty fields mean the whole history
// (12 months up to today).
type TransactionQuery struct {
	From string // YYYY-MM-DD, inclusive
	To   string // YYYY-MM-DD, inclusive
}
