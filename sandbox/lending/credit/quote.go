package credit

import (
	"fmt"
	"strings"
)

// RateBand is one cell of the pricing table used when no rate is requested.
type RateBand struct {
	MinAmountPence, MaxAmountPence int64 // inclusive
	MinTermMonths, MaxTermMonths   int   // inclusive
	Rate                           Rate  // nominal annual rate
}

// RateTable returns the pricing table used by DefaultRate (a fresh copy).
func RateTable() []RateBand {
	type row struct {
		lo, hi      int64
		short, long Rate
	}
	rows := []row{
		{1_000_00, 2_999_99, 2490, 2690},
		{3_000_00, 4_999_99, 1490, 1590},
		{5_000_00, 7_499_99, 990, 1090},
		{7_500_00, 14_999_99, 620, 670},
		{15_000_00, 25_000_00, 670, 720},
	}
	bands := make([]RateBand, 0, 2*len(rows))
	for _, r := range rows {
		bands = append(bands,
			RateBand{r.lo, r.hi, MinTermMonths, 36, r.short},
			RateBand{r.lo, r.hi, 37, MaxTermMonths, r.long})
	}
	return bands
}

// DefaultRate is the nominal annual rate the sandbox offers for an amount
// (excluding any fee) and term when none is requested; see the package
// documentation. It fails with a *BoundError outside the product bounds.
func DefaultRate(amountPence int64, termMonths int) (Rate, error) {
	if err := checkAmountTerm(amountPence, termMonths); err != nil {
		return 0, err
	}
	for _, b := range RateTable() {
		if amountPence >= b.MinAmountPence && amountPence <= b.MaxAmountPence &&
			termMonths >= b.MinTermMonths && termMonths <= b.MaxTermMonths {
			return b.Rate, nil
		}
	}
	panic("credit: rate table does not cover the product bounds") // unreachable: tested
}

func checkAmountTerm(amountPence int64, termMonths int) error {
	if err := checkRange("amountPence", amountPence, MinAmountPence, MaxAmountPence); err != nil {
		return err
	}
	return checkRange("termMonths", int64(termMonths), MinTermMonths, MaxTermMonths)
}

// QuoteRequest asks for a new-loan quote.
type QuoteRequest struct {
	// AmountPence is the credit provided to the borrower.
	AmountPence int64
	// TermMonths is the number of monthly instalments.
	TermMonths int
	// AnnualRate is the nominal annual rate; nil prices by DefaultRate.
	AnnualRate *Rate
	// FeePence is added to the credit and bears interest; 0 for none.
	FeePence int64
}

// Quote is a priced loan with its full schedule. Amounts are pence.
type Quote struct {
	AmountPence int64 `json:"amountPence"`
	FeePence    int64 `json:"feePence"`
	// CreditPence = AmountPence + FeePence: the balance interest accrues on.
	CreditPence       int64  `json:"creditPence"`
	TermMonths        int    `json:"termMonths"`
	AnnualRate        Rate   `json:"annualRateBasisPoints"`
	AnnualRatePercent string `json:"annualRatePercent"`
	// RateFromTable is true when no rate was requested and DefaultRate priced
	// the loan.
	RateFromTable          bool  `json:"rateFromTable"`
	MonthlyInstalmentPence int64 `json:"monthlyInstalmentPence"`
	FinalInstalmentPence   int64 `json:"finalInstalmentPence"`
	TotalPayablePence      int64 `json:"totalPayablePence"`
	// TotalInterestPence = TotalPayablePence − CreditPence.
	TotalInterestPence int64 `json:"totalInterestPence"`
	// TotalChargeForCreditPence = TotalPayablePence − AmountPence (interest
	// and fee).
	TotalChargeForCreditPence int64 `json:"totalChargeForCreditPence"`
	// APR in basis points, a multiple of 10; APRPercent to one decimal place.
	APR                   Rate         `json:"aprBasisPoints"`
	APRPercent            string       `json:"aprPercent"`
	Schedule              []Instalment `json:"schedule"`
	RepresentativeExample string       `json:"representativeExample"`
}

// NewQuote prices a new loan. Bound violations are *BoundError.
func NewQuote(req QuoteRequest) (Quote, error) {
	if err := checkAmountTerm(req.AmountPence, req.TermMonths); err != nil {
		return Quote{}, err
	}
	if err := checkRange("feePence", req.FeePence, 0, MaxFeePence); err != nil {
		return Quote{}, err
	}
	var rate Rate
	fromTable := req.AnnualRate == nil
	if fromTable {
		rate, _ = DefaultRate(req.AmountPence, req.TermMonths)
	} else {
		rate = *req.AnnualRate
		if err := checkRange("annualRatePercent", int64(rate), 0, int64(MaxAnnualRate)); err != nil {
			return Quote{}, err
		}
	}
	credit := req.AmountPence + req.FeePence
	rows, err := amortise(credit, rate, annuityPayment(credit, rate, req.TermMonths), req.TermMonths, 1)
	if err != nil {
		return Quote{}, err // unreachable within the product bounds
	}
	total := sumPayments(rows)
	apr, err := APR(req.AmountPence, Payments(rows))
	if err != nil {
		return Quote{}, err
	}
	q := Quote{
		AmountPence: req.AmountPence, FeePence: req.FeePence, CreditPence: credit,
		TermMonths: req.TermMonths, AnnualRate: rate, AnnualRatePercent: rate.Percent(), RateFromTable: fromTable,
		MonthlyInstalmentPence: rows[0].Payment, FinalInstalmentPence: rows[len(rows)-1].Payment,
		TotalPayablePence: total, TotalInterestPence: total - credit, TotalChargeForCreditPence: total - req.AmountPence,
		APR: apr, APRPercent: apr.OneDecimal(), Schedule: rows,
	}
	q.RepresentativeExample = representativeExample(q)
	return q, nil
}

// representativeExample is the FCA CONC 3.5.5R-style sentence: amount,
// duration, fixed rate, fees, instalments, total payable, APR.
func representativeExample(q Quote) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Representative example: borrowing %s over %d months at a fixed interest rate of %s%% p.a.",
		FormatPounds(q.AmountPence), q.TermMonths, q.AnnualRatePercent)
	if q.FeePence > 0 {
		fmt.Fprintf(&b, " with a %s fee added to the loan,", FormatPounds(q.FeePence))
	} else {
		b.WriteString(" with no fees,")
	}
	fmt.Fprintf(&b, " you would make %d monthly repayments of %s", q.TermMonths, FormatPounds(q.MonthlyInstalmentPence))
	if q.FinalInstalmentPence != q.MonthlyInstalmentPence {
		fmt.Fprintf(&b, " (final repayment %s)", FormatPounds(q.FinalInstalmentPence))
	}
	fmt.Fprintf(&b, ". Total amount payable %s. Representative %s%% APR.", FormatPounds(q.TotalPayablePence), q.APRPercent)
	return b.String()
}
