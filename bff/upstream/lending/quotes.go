package lending

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"lender/bff/upstream/transport"
)

// Percent is a decimal percentage such as "6.7" or "6.75" (at most two decimal places, no sign).
// It is sent as a JSON string. As input the lending core also accepts a JSON number (6.7), whose
// literal digits are kept as they are: never passed through a float.
type Percent string

// Rate is a convenience for optional rate fields: Rate("6.7") is a *Percent.
func Rate(s string) *Percent {
	p := Percent(s)
	return &p
}

// UnmarshalJSON accepts a JSON string or a JSON number.
func (p *Percent) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*p = Percent(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return errors.New("a percentage must be a decimal string such as \"6.7\" or a number")
	}
	*p = Percent(n.String())
	return nil
}

// Product is the lender's loan product: the bounds every new loan must meet, the rate table used
// when no rate is asked for, and the representative loan its promotions quote (GET /product?feePence=).
type Product struct {
	MinAmountPence       int64      `json:"minAmountPence"`
	MaxAmountPence       int64      `json:"maxAmountPence"`
	MinTermMonths        int        `json:"minTermMonths"`
	MaxTermMonths        int        `json:"maxTermMonths"`
	MaxAnnualRatePercent string     `json:"maxAnnualRatePercent"`
	MaxFeePence          int64      `json:"maxFeePence"`
	RateTable            []RateBand `json:"rateTable"`
	// Representative is the loan of the product's representative example (FCA CONC 3.5.5R style),
	// priced from the rate table, with the fee asked for added, as POST /quotes prices it.
	Representative RepresentativeLoan `json:"representative"`
}

// RepresentativeLoan is the product's representative example: a loan inside the bounds, its APR and
// the sentence a financial promotion shows, the same sentence as its Quote's RepresentativeExample.
type RepresentativeLoan struct {
	AmountPence int64 `json:"amountPence"`
	TermMonths  int   `json:"termMonths"`
	// APRPercent is the representative APR to one decimal place, e.g. "6.9".
	APRPercent            string `json:"aprPercent"`
	RepresentativeExample string `json:"representativeExample"`
}

// RateBand is one cell of the rate table: loans from MinAmountPence to MaxAmountPence (inclusive) over
// MinTermMonths to MaxTermMonths (inclusive) are priced at AnnualRatePercent.
type RateBand struct {
	MinAmountPence    int64  `json:"minAmountPence"`
	MaxAmountPence    int64  `json:"maxAmountPence"`
	MinTermMonths     int    `json:"minTermMonths"`
	MaxTermMonths     int    `json:"maxTermMonths"`
	AnnualRatePercent string `json:"annualRatePercent"`
}

// QuoteRequest is the body of POST /quotes.
type QuoteRequest struct {
	// AmountPence is the credit provided to the borrower.
	AmountPence int64 `json:"amountPence"`
	// TermMonths is the number of monthly instalments.
	TermMonths int `json:"termMonths"`
	// AnnualRatePercent is the nominal annual rate; nil prices from the rate table.
	AnnualRatePercent *Percent `json:"annualRatePercent,omitempty"`
	// FeePence is added to the loan and bears interest; 0 for none.
	FeePence int64 `json:"feePence,omitempty"`
}

// Quote is a priced loan with its full schedule. Amounts are pence; rates are decimal strings with
// their basis points beside them.
type Quote struct {
	AmountPence int64 `json:"amountPence"`
	FeePence    int64 `json:"feePence"`
	// CreditPence = AmountPence + FeePence: the balance interest accrues on.
	CreditPence           int64  `json:"creditPence"`
	TermMonths            int    `json:"termMonths"`
	AnnualRatePercent     string `json:"annualRatePercent"` // nominal, e.g. "6.7"
	AnnualRateBasisPoints int64  `json:"annualRateBasisPoints"`
	// RateFromTable is true when no rate was asked for and the rate table priced the loan.
	RateFromTable          bool  `json:"rateFromTable"`
	MonthlyInstalmentPence int64 `json:"monthlyInstalmentPence"`
	// FinalInstalmentPence may differ from the others by a few pence: it clears the balance.
	FinalInstalmentPence int64 `json:"finalInstalmentPence"`
	TotalPayablePence    int64 `json:"totalPayablePence"`
	// TotalInterestPence = TotalPayablePence − CreditPence.
	TotalInterestPence int64 `json:"totalInterestPence"`
	// TotalChargeForCreditPence = TotalPayablePence − AmountPence (interest and fee).
	TotalChargeForCreditPence int64 `json:"totalChargeForCreditPence"`
	// APRPercent is the APR (FCA CONC App 1.2) to one decimal place, e.g. "6.9".
	APRPercent     string `json:"aprPercent"`
	APRBasisPoints int64  `json:"aprBasisPoints"`
	// QuotedOn is the lending core's date when it priced the loan (YYYY-MM-DD); the schedule assumes
	// drawdown that day and the first instalment one calendar month later, on FirstDueDate.
	QuotedOn     string       `json:"quotedOn"`
	FirstDueDate string       `json:"firstDueDate"`
	Schedule     []Instalment `json:"schedule"`
	// RepresentativeExample is the sentence financial promotions show (CONC 3.5.5R style).
	RepresentativeExample string `json:"representativeExample"`
}

// Instalment is one row of a schedule. Amounts are pence.
type Instalment struct {
	Number      int    `json:"number"`      // from 1
	MonthOffset int    `json:"monthOffset"` // months after drawdown
	DueDate     string `json:"dueDate"`     // YYYY-MM-DD
	// PaymentPence = InterestPence + PrincipalPence.
	PaymentPence   int64 `json:"paymentPence"`
	InterestPence  int64 `json:"interestPence"`
	PrincipalPence int64 `json:"principalPence"`
	// BalancePence is what is owed after this payment; 0 after the last.
	BalancePence int64 `json:"balancePence"`
}

// Product calls GET /product?feePence=…: the representative loan is priced with feePence added (0 for
// none), the fee of the brand that will show its example; the bounds and the rate table are the same
// whatever the fee. A fee above the product's maximum is ErrOutOfBounds.
func (c *Client) Product(ctx context.Context, feePence int64) (Product, error) {
	var p Product
	err := c.t.Do(ctx, transport.Request{Operation: "product.get", Method: http.MethodGet, Path: "/product",
		Query: url.Values{"feePence": {strconv.FormatInt(feePence, 10)}}}, &p)
	return p, classify(err)
}

// Quote calls POST /quotes. Pricing is a pure calculation, so the call is safe to repeat, but it is a
// POST and the transport does not retry it.
func (c *Client) Quote(ctx context.Context, req QuoteRequest) (Quote, error) {
	var q Quote
	err := c.t.Do(ctx, transport.Request{Operation: "quotes.create", Method: http.MethodPost, Path: "/quotes", Body: req}, &q)
	return q, classify(err)
}
