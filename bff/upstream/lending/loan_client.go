package lending

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"lender/bff/upstream/transport"
)

// LoanAPI is the loans part of the lending core's API (see the package documentation, "Loans").
type LoanAPI interface {
	// CreateLoan draws a loan down, from an application ready for drawdown or from a customer and terms.
	// idempotencyKey is required (ErrInvalidRequest without a call otherwise). ErrApplicationNotFound,
	// ErrApplicationStatus (not ready, or drawn down already), ErrCustomerNotFound, ErrOutOfBounds,
	// ErrIdempotencyConflict.
	CreateLoan(ctx context.Context, req CreateLoanRequest, idempotencyKey string) (Loan, error)
	// Loan is a loan's summary on the lending core's clock; ErrLoanNotFound.
	Loan(ctx context.Context, id string) (Loan, error)
	// CustomerLoans are a customer's loans, newest first (none for an unknown customer).
	CustomerLoans(ctx context.Context, customerID string) ([]Loan, error)
	// LoanSchedule is a loan's schedule, past rows with what was paid; ErrLoanNotFound.
	LoanSchedule(ctx context.Context, id string) (LoanSchedule, error)
	// LoanTransactions are a loan's postings with running balances; ErrLoanNotFound.
	LoanTransactions(ctx context.Context, id string) (LoanTransactions, error)
	// RecordRepayment records a repayment, idempotent by req.PaymentReference; ErrLoanNotFound,
	// ErrLoanConflict (settled), ErrRepaymentRefused, ErrQuoteNotFound, ErrQuoteUnusable,
	// ErrIdempotencyConflict, ErrInvalidRequest.
	RecordRepayment(ctx context.Context, loanID string, req RepaymentRequest) (Repayment, error)

	// CreateSettlementQuote quotes early settlement; ErrLoanNotFound, ErrLoanConflict.
	CreateSettlementQuote(ctx context.Context, loanID string, req SettlementQuoteRequest) (SettlementQuote, error)
	// SettlementQuote is a settlement quote given earlier; ErrLoanNotFound, ErrQuoteNotFound.
	SettlementQuote(ctx context.Context, loanID, quoteID string) (SettlementQuote, error)
	// QuotePaymentHoliday quotes a holiday of 1 to 3 months; ErrLoanConflict, ErrInvalidRequest.
	QuotePaymentHoliday(ctx context.Context, loanID string, months int) (PaymentHolidayQuote, error)
	// ApplyPaymentHoliday applies a holiday quote (again: the loan, no second change);
	// ErrQuoteNotFound, ErrQuoteUnusable, ErrLoanConflict.
	ApplyPaymentHoliday(ctx context.Context, loanID, quoteID string) (Loan, error)
	// QuoteRepaymentChange quotes a new due day, instalment or term; ErrLoanConflict, ErrInvalidRequest.
	QuoteRepaymentChange(ctx context.Context, loanID string, req RepaymentChangeRequest) (RepaymentChangeQuote, error)
	// ApplyRepaymentChange applies a repayment-change quote; as ApplyPaymentHoliday.
	ApplyRepaymentChange(ctx context.Context, loanID, quoteID string) (Loan, error)

	// CreateArrangement makes a payment arrangement; idempotencyKey may be "". ErrLoanConflict
	// (settled, or an arrangement is active), ErrInvalidRequest.
	CreateArrangement(ctx context.Context, loanID string, req ArrangementRequest, idempotencyKey string) (Arrangement, error)
	// Arrangements are a loan's payment arrangements, oldest first; ErrLoanNotFound.
	Arrangements(ctx context.Context, loanID string) ([]Arrangement, error)
	// Arrangement is one of a loan's arrangements; ErrLoanNotFound, ErrArrangementNotFound.
	Arrangement(ctx context.Context, loanID, id string) (Arrangement, error)

	// Statement is a statement of the period from–to (YYYY-MM-DD; "" for the drawdown and today)
	// with its PDF; ErrLoanNotFound, ErrInvalidRequest.
	Statement(ctx context.Context, loanID, from, to string) (Statement, error)
	// AnnualStatement is the statement of agreement year year (0: the latest complete one) with its
	// PDF; ErrStatementNotAvailable.
	AnnualStatement(ctx context.Context, loanID string, year int) (Statement, error)
	// ClosingStatement is a settled loan's statement from the drawdown to the day it was settled, with
	// its PDF; ErrStatementNotAvailable while the loan is not settled, ErrLoanNotFound.
	ClosingStatement(ctx context.Context, loanID string) (Statement, error)

	// LoanDocuments lists the documents kept with a loan: those signed with the credit agreement (none
	// for a loan that did not come from a signed application), then its later documents (the
	// settlement letter of a loan settled early); ErrLoanNotFound.
	LoanDocuments(ctx context.Context, loanID string) (LoanDocumentList, error)
	// LoanDocument is one of them (a LoanDocumentKinds kind, FormatHTML or FormatPDF), the same bytes on
	// every read; ErrLoanNotFound, ErrDocumentNotFound (also for a kind the loan does not keep),
	// ErrInvalidRequest (an unknown format, no call).
	LoanDocument(ctx context.Context, loanID, kind, format string) (Document, error)

	// TopUpEligibility says whether a customer can borrow more and on what figures; ErrCustomerNotFound.
	TopUpEligibility(ctx context.Context, customerID string) (TopUpEligibility, error)
	// QuoteTopUp prices a top-up; ErrTopUpNotEligible, ErrOutOfBounds (amount below the settlement
	// figure plus £500, or the product bounds), ErrCustomerNotFound.
	QuoteTopUp(ctx context.Context, req TopUpQuoteRequest) (TopUpQuote, error)
	// CreateTopUp applies for a top-up and answers the decision; idempotencyKey may be "".
	// As QuoteTopUp, and ErrInvalidRequest.
	CreateTopUp(ctx context.Context, req CreateTopUpRequest, idempotencyKey string) (TopUp, error)
	// TopUp is a top-up with its drawdown status; ErrTopUpNotFound.
	TopUp(ctx context.Context, id string) (TopUp, error)
	// CustomerTopUps are a customer's top-ups, newest first.
	CustomerTopUps(ctx context.Context, customerID string) ([]TopUp, error)
	// DecideTopUpCounteroffer accepts or declines a counteroffer; ErrTopUpNotFound, ErrTopUpNotOpen.
	DecideTopUpCounteroffer(ctx context.Context, id string, accept bool) (TopUp, error)
	// DrawDownTopUp opens the new loan and settles the old one; idempotencyKey is required.
	// ErrTopUpNotFound, ErrTopUpNotOpen, ErrTopUpNotEligible, ErrIdempotencyConflict.
	DrawDownTopUp(ctx context.Context, id, idempotencyKey string) (TopUp, error)
}

// CreateLoan calls POST /loans with the required Idempotency-Key: a retry with the same key answers
// the same loan, so the transport may retry it.
func (c *Client) CreateLoan(ctx context.Context, req CreateLoanRequest, idempotencyKey string) (Loan, error) {
	var l Loan
	if !validIdempotencyKey(idempotencyKey) {
		return l, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.create", Method: http.MethodPost, Path: "/loans", Body: req,
		IdempotencyKey: idempotencyKey}, &l)
	return l, classify(err)
}

// Loan calls GET /loans/{id}.
func (c *Client) Loan(ctx context.Context, id string) (Loan, error) {
	var l Loan
	if !validID(id) {
		return l, ErrLoanNotFound
	}
	err := c.t.Get(ctx, "loans.get", "/loans/"+id, &l)
	return l, classify(err)
}

// CustomerLoans calls GET /loans?customerId=….
func (c *Client) CustomerLoans(ctx context.Context, customerID string) ([]Loan, error) {
	if customerID == "" {
		return []Loan{}, nil
	}
	var l LoanList
	err := c.t.Do(ctx, transport.Request{Operation: "loans.list", Method: http.MethodGet, Path: "/loans",
		Query: url.Values{"customerId": {customerID}}}, &l)
	if err != nil {
		return nil, classify(err)
	}
	if l.Loans == nil {
		l.Loans = []Loan{}
	}
	return l.Loans, nil
}

// LoanSchedule calls GET /loans/{id}/schedule.
func (c *Client) LoanSchedule(ctx context.Context, id string) (LoanSchedule, error) {
	var s LoanSchedule
	if !validID(id) {
		return s, ErrLoanNotFound
	}
	err := c.t.Get(ctx, "loans.schedule", "/loans/"+id+"/schedule", &s)
	return s, classify(err)
}

// LoanTransactions calls GET /loans/{id}/transactions.
func (c *Client) LoanTransactions(ctx context.Context, id string) (LoanTransactions, error) {
	var t LoanTransactions
	if !validID(id) {
		return t, ErrLoanNotFound
	}
	err := c.t.Get(ctx, "loans.transactions", "/loans/"+id+"/transactions", &t)
	return t, classify(err)
}

// RecordRepayment calls POST /loans/{id}/repayments. The payment reference is the idempotency key
// (also sent as Idempotency-Key, so the transport may retry): the same reference and body answer the
// first repayment again; another body answers ErrIdempotencyConflict.
func (c *Client) RecordRepayment(ctx context.Context, loanID string, req RepaymentRequest) (Repayment, error) {
	var r Repayment
	if !validID(loanID) {
		return r, ErrLoanNotFound
	}
	if !validIdempotencyKey(req.PaymentReference) {
		return r, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.repayments.create", Method: http.MethodPost,
		Path: "/loans/" + loanID + "/repayments", Body: req, IdempotencyKey: req.PaymentReference}, &r)
	return r, classify(err)
}

// CreateSettlementQuote calls POST /loans/{id}/settlement-quotes.
func (c *Client) CreateSettlementQuote(ctx context.Context, loanID string, req SettlementQuoteRequest) (SettlementQuote, error) {
	var q SettlementQuote
	if !validID(loanID) {
		return q, ErrLoanNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.settlement_quotes.create", Method: http.MethodPost,
		Path: "/loans/" + loanID + "/settlement-quotes", Body: req}, &q)
	return q, classify(err)
}

// SettlementQuote calls GET /loans/{id}/settlement-quotes/{quoteId}.
func (c *Client) SettlementQuote(ctx context.Context, loanID, quoteID string) (SettlementQuote, error) {
	var q SettlementQuote
	if !validID(loanID) {
		return q, ErrLoanNotFound
	}
	if !validID(quoteID) {
		return q, ErrQuoteNotFound
	}
	err := c.t.Get(ctx, "loans.settlement_quotes.get", "/loans/"+loanID+"/settlement-quotes/"+quoteID, &q)
	return q, classify(err)
}

// QuotePaymentHoliday calls POST /loans/{id}/payment-holiday-quotes.
func (c *Client) QuotePaymentHoliday(ctx context.Context, loanID string, months int) (PaymentHolidayQuote, error) {
	var q PaymentHolidayQuote
	if !validID(loanID) {
		return q, ErrLoanNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.holiday_quotes.create", Method: http.MethodPost,
		Path: "/loans/" + loanID + "/payment-holiday-quotes", Body: PaymentHolidayQuoteRequest{Months: months}}, &q)
	return q, classify(err)
}

// ApplyPaymentHoliday calls POST /loans/{id}/payment-holidays. Applying is idempotent by quote id,
// which is sent as the Idempotency-Key so the transport may retry.
func (c *Client) ApplyPaymentHoliday(ctx context.Context, loanID, quoteID string) (Loan, error) {
	return c.applyQuote(ctx, "loans.holidays.apply", loanID, "/payment-holidays", quoteID)
}

// ApplyRepaymentChange calls POST /loans/{id}/repayment-changes, idempotent by quote id.
func (c *Client) ApplyRepaymentChange(ctx context.Context, loanID, quoteID string) (Loan, error) {
	return c.applyQuote(ctx, "loans.repayment_changes.apply", loanID, "/repayment-changes", quoteID)
}

func (c *Client) applyQuote(ctx context.Context, operation, loanID, path, quoteID string) (Loan, error) {
	var l Loan
	if !validID(loanID) {
		return l, ErrLoanNotFound
	}
	if !validID(quoteID) {
		return l, ErrQuoteNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: operation, Method: http.MethodPost, Path: "/loans/" + loanID + path,
		Body: ApplyQuoteRequest{QuoteID: quoteID}, IdempotencyKey: "apply-" + quoteID}, &l)
	return l, classify(err)
}

// QuoteRepaymentChange calls POST /loans/{id}/repayment-change-quotes.
func (c *Client) QuoteRepaymentChange(ctx context.Context, loanID string, req RepaymentChangeRequest) (RepaymentChangeQuote, error) {
	var q RepaymentChangeQuote
	if !validID(loanID) {
		return q, ErrLoanNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.repayment_change_quotes.create", Method: http.MethodPost,
		Path: "/loans/" + loanID + "/repayment-change-quotes", Body: req}, &q)
	return q, classify(err)
}

// CreateArrangement calls POST /loans/{id}/arrangements; idempotencyKey may be "".
func (c *Client) CreateArrangement(ctx context.Context, loanID string, req ArrangementRequest, idempotencyKey string) (Arrangement, error) {
	var a Arrangement
	if !validID(loanID) {
		return a, ErrLoanNotFound
	}
	if idempotencyKey != "" && !validIdempotencyKey(idempotencyKey) {
		return a, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.arrangements.create", Method: http.MethodPost,
		Path: "/loans/" + loanID + "/arrangements", Body: req, IdempotencyKey: idempotencyKey}, &a)
	return a, classify(err)
}

// Arrangements calls GET /loans/{id}/arrangements.
func (c *Client) Arrangements(ctx context.Context, loanID string) ([]Arrangement, error) {
	if !validID(loanID) {
		return nil, ErrLoanNotFound
	}
	var l ArrangementList
	if err := c.t.Get(ctx, "loans.arrangements.list", "/loans/"+loanID+"/arrangements", &l); err != nil {
		return nil, classify(err)
	}
	if l.Arrangements == nil {
		l.Arrangements = []Arrangement{}
	}
	return l.Arrangements, nil
}

// Arrangement calls GET /loans/{id}/arrangements/{arrangementId}.
func (c *Client) Arrangement(ctx context.Context, loanID, id string) (Arrangement, error) {
	var a Arrangement
	if !validID(loanID) {
		return a, ErrLoanNotFound
	}
	if !validID(id) {
		return a, ErrArrangementNotFound
	}
	err := c.t.Get(ctx, "loans.arrangements.get", "/loans/"+loanID+"/arrangements/"+id, &a)
	return a, classify(err)
}

// LoanDocuments calls GET /loans/{id}/documents.
func (c *Client) LoanDocuments(ctx context.Context, loanID string) (LoanDocumentList, error) {
	var l LoanDocumentList
	if !validID(loanID) {
		return l, ErrLoanNotFound
	}
	err := c.t.Get(ctx, "loans.documents.list", "/loans/"+loanID+"/documents", &l)
	if err == nil && l.Documents == nil {
		l.Documents = []LoanDocumentSummary{}
	}
	return l, classify(err)
}

// LoanDocument calls GET /loans/{id}/documents/{kind}?format=… asking for the JSON rendition.
func (c *Client) LoanDocument(ctx context.Context, loanID, kind, format string) (Document, error) {
	if !validID(loanID) {
		return Document{}, ErrLoanNotFound
	}
	return c.document(ctx, "loans.documents.get", "/loans/"+loanID, kind, format)
}

// Statement calls GET /loans/{id}/statements?from=&to= asking for the JSON rendition (the transport
// accepts application/json), whose Content is the PDF.
func (c *Client) Statement(ctx context.Context, loanID, from, to string) (Statement, error) {
	var s Statement
	if !validID(loanID) {
		return s, ErrLoanNotFound
	}
	q := url.Values{}
	if from != "" {
		q.Set("from", from)
	}
	if to != "" {
		q.Set("to", to)
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.statements.get", Method: http.MethodGet,
		Path: "/loans/" + loanID + "/statements", Query: q}, &s)
	return s, classify(err)
}

// AnnualStatement calls GET /loans/{id}/statements/annual?year=… (no year: the latest complete one).
func (c *Client) AnnualStatement(ctx context.Context, loanID string, year int) (Statement, error) {
	var s Statement
	if !validID(loanID) {
		return s, ErrLoanNotFound
	}
	if year < 0 {
		return s, ErrInvalidRequest
	}
	var q url.Values
	if year > 0 {
		q = url.Values{"year": {strconv.Itoa(year)}}
	}
	err := c.t.Do(ctx, transport.Request{Operation: "loans.statements.annual", Method: http.MethodGet,
		Path: "/loans/" + loanID + "/statements/annual", Query: q}, &s)
	return s, classify(err)
}

// ClosingStatement calls GET /loans/{id}/statements/closing.
func (c *Client) ClosingStatement(ctx context.Context, loanID string) (Statement, error) {
	var s Statement
	if !validID(loanID) {
		return s, ErrLoanNotFound
	}
	err := c.t.Get(ctx, "loans.statements.closing", "/loans/"+loanID+"/statements/closing", &s)
	return s, classify(err)
}

// TopUpEligibility calls GET /customers/{id}/top-up-eligibility.
func (c *Client) TopUpEligibility(ctx context.Context, customerID string) (TopUpEligibility, error) {
	var e TopUpEligibility
	if !validID(customerID) {
		return e, ErrCustomerNotFound
	}
	err := c.t.Get(ctx, "top_ups.eligibility", "/customers/"+customerID+"/top-up-eligibility", &e)
	return e, classify(err)
}

// QuoteTopUp calls POST /top-up-quotes (a calculation: safe to repeat, but a POST, so not retried).
func (c *Client) QuoteTopUp(ctx context.Context, req TopUpQuoteRequest) (TopUpQuote, error) {
	var q TopUpQuote
	err := c.t.Do(ctx, transport.Request{Operation: "top_ups.quote", Method: http.MethodPost, Path: "/top-up-quotes", Body: req}, &q)
	return q, classify(err)
}

// CreateTopUp calls POST /top-ups; idempotencyKey may be "".
func (c *Client) CreateTopUp(ctx context.Context, req CreateTopUpRequest, idempotencyKey string) (TopUp, error) {
	var t TopUp
	if idempotencyKey != "" && !validIdempotencyKey(idempotencyKey) {
		return t, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "top_ups.create", Method: http.MethodPost, Path: "/top-ups", Body: req,
		IdempotencyKey: idempotencyKey}, &t)
	return t, classify(err)
}

// TopUp calls GET /top-ups/{id}.
func (c *Client) TopUp(ctx context.Context, id string) (TopUp, error) {
	var t TopUp
	if !validID(id) {
		return t, ErrTopUpNotFound
	}
	err := c.t.Get(ctx, "top_ups.get", "/top-ups/"+id, &t)
	return t, classify(err)
}

// CustomerTopUps calls GET /top-ups?customerId=….
func (c *Client) CustomerTopUps(ctx context.Context, customerID string) ([]TopUp, error) {
	if customerID == "" {
		return []TopUp{}, nil
	}
	var l TopUpList
	err := c.t.Do(ctx, transport.Request{Operation: "top_ups.list", Method: http.MethodGet, Path: "/top-ups",
		Query: url.Values{"customerId": {customerID}}}, &l)
	if err != nil {
		return nil, classify(err)
	}
	if l.TopUps == nil {
		l.TopUps = []TopUp{}
	}
	return l.TopUps, nil
}

// DecideTopUpCounteroffer calls POST /top-ups/{id}/counteroffer-decision. The same decision again
// answers the top-up again.
func (c *Client) DecideTopUpCounteroffer(ctx context.Context, id string, accept bool) (TopUp, error) {
	var t TopUp
	if !validID(id) {
		return t, ErrTopUpNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "top_ups.counteroffer_decision", Method: http.MethodPost,
		Path: "/top-ups/" + id + "/counteroffer-decision", Body: TopUpDecisionRequest{Accept: accept}}, &t)
	return t, classify(err)
}

// DrawDownTopUp calls POST /top-ups/{id}/drawdown with the required Idempotency-Key.
func (c *Client) DrawDownTopUp(ctx context.Context, id, idempotencyKey string) (TopUp, error) {
	var t TopUp
	if !validID(id) {
		return t, ErrTopUpNotFound
	}
	if !validIdempotencyKey(idempotencyKey) {
		return t, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "top_ups.drawdown", Method: http.MethodPost, Path: "/top-ups/" + id + "/drawdown",
		IdempotencyKey: idempotencyKey}, &t)
	return t, classify(err)
}
