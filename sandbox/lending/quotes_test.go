package lending

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

func TestProduct(t *testing.T) {
	h := newHarness(t)
	var p lending.Product
	h.must(h.do(http.MethodGet, "/product", nil), http.StatusOK, &p)
	if p.MinAmountPence != 1_000_00 || p.MaxAmountPence != 25_000_00 || p.MinTermMonths != 12 || p.MaxTermMonths != 60 ||
		p.MaxAnnualRatePercent != "40.0" || p.MaxFeePence != 1_000_00 || len(p.RateTable) != 10 {
		t.Fatalf("product = %+v", p)
	}
	if b := p.RateTable[0]; b.MinAmountPence != 1_000_00 || b.MaxTermMonths != 36 || b.AnnualRatePercent != "24.9" {
		t.Fatalf("first band = %+v", b)
	}
}

// TestProductRepresentativeLoan: the product's representative example is a loan inside its bounds, priced
// as POST /quotes prices that loan.
func TestProductRepresentativeLoan(t *testing.T) {
	h := newHarness(t)
	var p lending.Product
	h.must(h.do(http.MethodGet, "/product", nil), http.StatusOK, &p)
	r := p.Representative
	want := lending.RepresentativeLoan{
		AmountPence: 7_500_00, TermMonths: 60, APRPercent: "6.9",
		RepresentativeExample: "Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. " +
			"with no fees, you would make 60 monthly repayments of £147.45 (final repayment £147.46). " +
			"Total amount payable £8,847.01. Representative 6.9% APR.",
	}
	if r != want {
		t.Fatalf("representative loan\n got %+v\nwant %+v", r, want)
	}
	if r.AmountPence < p.MinAmountPence || r.AmountPence > p.MaxAmountPence || r.TermMonths < p.MinTermMonths || r.TermMonths > p.MaxTermMonths {
		t.Fatalf("representative loan %+v is outside the product's bounds %+v", r, p)
	}
	var q lending.Quote
	h.must(h.do(http.MethodPost, "/quotes", lending.QuoteRequest{AmountPence: r.AmountPence, TermMonths: r.TermMonths}), http.StatusOK, &q)
	if q.APRPercent != r.APRPercent || q.RepresentativeExample != r.RepresentativeExample {
		t.Fatalf("the quote of the representative loan says %s%% APR, %q; the product %s%%, %q",
			q.APRPercent, q.RepresentativeExample, r.APRPercent, r.RepresentativeExample)
	}
}

// TestProductRepresentativeLoanWithAFee: ?feePence= prices the representative loan with that fee added, as
// POST /quotes prices it, so the example a brand shows names its fee and counts it in the APR and the total.
func TestProductRepresentativeLoanWithAFee(t *testing.T) {
	h := newHarness(t)
	for _, tt := range []struct {
		feePence int64
		want     lending.RepresentativeLoan
	}{
		{1200, lending.RepresentativeLoan{AmountPence: 7_500_00, TermMonths: 60, APRPercent: "7.0",
			RepresentativeExample: "Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. " +
				"with a £12.00 fee added to the loan, you would make 60 monthly repayments of £147.69 (final repayment £147.36). " +
				"Total amount payable £8,861.07. Representative 7.0% APR."}},
		{1000, lending.RepresentativeLoan{AmountPence: 7_500_00, TermMonths: 60, APRPercent: "7.0",
			RepresentativeExample: "Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. " +
				"with a £10.00 fee added to the loan, you would make 60 monthly repayments of £147.65 (final repayment £147.40). " +
				"Total amount payable £8,858.75. Representative 7.0% APR."}},
	} {
		var p lending.Product
		h.must(h.do(http.MethodGet, "/product?feePence="+strconv.FormatInt(tt.feePence, 10), nil), http.StatusOK, &p)
		if p.Representative != tt.want {
			t.Fatalf("representative loan with a %d fee\n got %+v\nwant %+v", tt.feePence, p.Representative, tt.want)
		}
		var q lending.Quote
		h.must(h.do(http.MethodPost, "/quotes", lending.QuoteRequest{AmountPence: tt.want.AmountPence, TermMonths: tt.want.TermMonths,
			FeePence: tt.feePence}), http.StatusOK, &q)
		if q.APRPercent != p.Representative.APRPercent || q.RepresentativeExample != p.Representative.RepresentativeExample {
			t.Fatalf("the quote with a %d fee says %s%% APR, %q; the product %+v", tt.feePence, q.APRPercent, q.RepresentativeExample,
				p.Representative)
		}
	}
}

func TestProductRefusesABadFee(t *testing.T) {
	h := newHarness(t)
	for _, tt := range []struct {
		name, query string
		status      int
		code        string
	}{
		{"above the maximum", "?feePence=100001", 422, lending.CodeFeeAboveMaximum},
		{"negative", "?feePence=-1", 400, lending.CodeInvalidQuery},
		{"in pounds", "?feePence=12.00", 400, lending.CodeInvalidQuery},
		{"empty", "?feePence=", 400, lending.CodeInvalidQuery},
		{"twice", "?feePence=1200&feePence=1000", 400, lending.CodeInvalidQuery},
		{"too large for a number", "?feePence=99999999999999999999", 400, lending.CodeInvalidQuery},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h.refused(h.do(http.MethodGet, "/product"+tt.query, nil), tt.status, tt.code)
		})
	}
}

func TestQuoteWorkedExamples(t *testing.T) {
	tests := []struct {
		name                          string
		body                          string
		monthly, final, total, credit int64
		rate, apr                     string
		fromTable                     bool
	}{
		{"table rate", `{"amountPence":750000,"termMonths":60}`, 14745, 14746, 884701, 750000, "6.7", "6.9", true},
		{"rate as a string", `{"amountPence":750000,"termMonths":60,"annualRatePercent":"6.7"}`, 14745, 14746, 884701, 750000, "6.7", "6.9", false},
		{"rate as a number", `{"amountPence":750000,"termMonths":60,"annualRatePercent":6.7}`, 14745, 14746, 884701, 750000, "6.7", "6.9", false},
		{"fee added to the loan", `{"amountPence":500000,"termMonths":24,"annualRatePercent":"9.9","feePence":15000}`, 23741, 0, 569784, 515000, "9.9", "13.7", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var q lending.Quote
			h.must(h.do(http.MethodPost, "/quotes", tt.body), http.StatusOK, &q)
			if q.MonthlyInstalmentPence != tt.monthly || q.TotalPayablePence != tt.total || q.CreditPence != tt.credit ||
				q.AnnualRatePercent != tt.rate || q.APRPercent != tt.apr || q.RateFromTable != tt.fromTable {
				t.Fatalf("quote = %+v", q)
			}
			if tt.final != 0 && q.FinalInstalmentPence != tt.final {
				t.Fatalf("final = %d, want %d", q.FinalInstalmentPence, tt.final)
			}
			if len(q.Schedule) != q.TermMonths || q.Schedule[len(q.Schedule)-1].BalancePence != 0 {
				t.Fatalf("schedule of %d rows ends at %d", len(q.Schedule), q.Schedule[len(q.Schedule)-1].BalancePence)
			}
			var sum int64
			for _, r := range q.Schedule {
				sum += r.PaymentPence
				if r.PaymentPence != r.InterestPence+r.PrincipalPence {
					t.Fatalf("row %d does not add up: %+v", r.Number, r)
				}
			}
			if sum != q.TotalPayablePence || !strings.HasPrefix(q.RepresentativeExample, "Representative example: borrowing") ||
				!strings.Contains(q.RepresentativeExample, "Representative "+tt.apr+"% APR.") {
				t.Fatalf("sum %d, example %q", sum, q.RepresentativeExample)
			}
		})
	}
}

// TestQuoteDates: drawdown on the sandbox date, instalments on the same day each month, clamped.
func TestQuoteDates(t *testing.T) {
	h := newHarness(t)
	h.clock.Set(time.Date(2026, time.January, 31, 23, 0, 0, 0, time.UTC))
	var q lending.Quote
	h.must(h.do(http.MethodPost, "/quotes", lending.QuoteRequest{AmountPence: 300000, TermMonths: 12}), http.StatusOK, &q)
	if q.QuotedOn != "2026-01-31" || q.FirstDueDate != "2026-02-28" || q.Schedule[0].DueDate != "2026-02-28" ||
		q.Schedule[1].DueDate != "2026-03-31" || q.Schedule[11].DueDate != "2027-01-31" {
		t.Fatalf("dates: quoted %s, first %s, rows %s %s … %s", q.QuotedOn, q.FirstDueDate, q.Schedule[0].DueDate,
			q.Schedule[1].DueDate, q.Schedule[11].DueDate)
	}
}

func TestQuoteRefusals(t *testing.T) {
	tests := []struct {
		name, body string
		status     int
		code, msg  string
	}{
		{"amount below", `{"amountPence":99999,"termMonths":24}`, 422, lending.CodeAmountBelowMinimum, "The amount must be at least £1,000.00."},
		{"no amount", `{"termMonths":24}`, 422, lending.CodeAmountBelowMinimum, "The amount must be at least £1,000.00."},
		{"amount above", `{"amountPence":2500001,"termMonths":24}`, 422, lending.CodeAmountAboveMaximum, "The amount must be at most £25,000.00."},
		{"term below", `{"amountPence":500000,"termMonths":11}`, 422, lending.CodeTermBelowMinimum, "The term must be at least 12 months."},
		{"term above", `{"amountPence":500000,"termMonths":61}`, 422, lending.CodeTermAboveMaximum, "The term must be at most 60 months."},
		{"rate above", `{"amountPence":500000,"termMonths":24,"annualRatePercent":"40.01"}`, 422, lending.CodeRateAboveMaximum, "The annual interest rate must be at most 40.0%."},
		{"fee below", `{"amountPence":500000,"termMonths":24,"feePence":-1}`, 422, lending.CodeFeeBelowMinimum, "The fee must be at least £0.00."},
		{"fee above", `{"amountPence":500000,"termMonths":24,"feePence":100001}`, 422, lending.CodeFeeAboveMaximum, "The fee must be at most £1,000.00."},
		{"rate with three decimals", `{"amountPence":500000,"termMonths":24,"annualRatePercent":"6.755"}`, 422, lending.CodeRateInvalid, ""},
		{"negative rate", `{"amountPence":500000,"termMonths":24,"annualRatePercent":-1}`, 422, lending.CodeRateInvalid, ""},
		{"rate in exponent form", `{"amountPence":500000,"termMonths":24,"annualRatePercent":6e1}`, 422, lending.CodeRateInvalid, ""},
		{"empty rate", `{"amountPence":500000,"termMonths":24,"annualRatePercent":""}`, 422, lending.CodeRateInvalid, ""},
		{"rate of the wrong type", `{"amountPence":500000,"termMonths":24,"annualRatePercent":true}`, 400, lending.CodeBadRequest, ""},
		{"amount as a string", `{"amountPence":"5000","termMonths":24}`, 400, lending.CodeBadRequest, ""},
		{"fractional term", `{"amountPence":500000,"termMonths":24.5}`, 400, lending.CodeBadRequest, ""},
		{"unknown field", `{"amountPence":500000,"termMonths":24,"apr":"5"}`, 400, lending.CodeBadRequest, ""},
		{"not JSON", `amount=5000`, 400, lending.CodeBadRequest, ""},
	}
	h := newHarness(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := h.do(http.MethodPost, "/quotes", tt.body)
			h.refused(a, tt.status, tt.code)
			if tt.msg != "" && a.message() != tt.msg {
				t.Fatalf("message = %q, want %q", a.message(), tt.msg)
			}
		})
	}
}

// TestBoundCodesCoverEveryBound: every bound the credit package can report has a code on the wire.
func TestBoundCodesCoverEveryBound(t *testing.T) {
	for _, f := range []string{"amountPence", "termMonths", "annualRatePercent", "feePence"} {
		for _, b := range []string{credit.BoundMinimum, credit.BoundMaximum} {
			if lending.BoundCode(f, b) == "" {
				t.Errorf("no code for %s %s", f, b)
			}
		}
	}
}
