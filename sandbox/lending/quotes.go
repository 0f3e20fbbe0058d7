package lending

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
)

// product answers GET /product?feePence=: the representative loan is priced with the fee the lender
// adds to its loans (FCA CONC 3.5.5R: a representative example includes every fee the borrower pays), so
// a lender whose brands charge different fees asks once per brand. No feePence prices it without a fee.
func (p *Provider) product(w http.ResponseWriter, r *http.Request) {
	fee, ok := productFee(r)
	if !ok {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery,
			"feePence must be one whole number of pence, such as ?feePence=1200")
		return
	}
	pr, perr := productTerms(fee, p.Clock.Now())
	if perr != nil {
		perr.write(w)
		return
	}
	httpjson.Write(w, http.StatusOK, pr)
}

// The representative loan: the loan the product's representative example prices. A lender's example must
// be representative of the loans it expects to make (FCA CONC 3.5.5R); the sandbox has no book of loans
// to find its typical one in, so it takes £7,500 over 60 months: the amount the app's forms give as their
// example ("like 7,500"), inside the product's bounds, and the credit package's worked example, whose
// figures its tests check to the penny.
const (
	representativeAmountPence int64 = 7_500_00
	representativeTermMonths  int   = 60
)

// productFee is GET /product's feePence: 0 when it is not given, false when it is not one string of
// digits. Its bounds are the credit package's, checked where the loan is priced.
func productFee(r *http.Request) (int64, bool) {
	values, given := r.URL.Query()["feePence"]
	if !given {
		return 0, true
	}
	if len(values) != 1 || values[0] == "" || strings.TrimLeft(values[0], "0123456789") != "" {
		return 0, false
	}
	fee, err := strconv.ParseInt(values[0], 10, 64)
	return fee, err == nil
}

// productTerms is the loan product as the credit package defines it, with its representative loan priced
// by the same pricing as POST /quotes (the rate table, with feePence added) on now's date. A fee outside
// the credit package's bounds is POST /quotes' 422.
func productTerms(feePence int64, now time.Time) (lending.Product, *problem) {
	pr := lending.Product{
		MinAmountPence: credit.MinAmountPence, MaxAmountPence: credit.MaxAmountPence,
		MinTermMonths: credit.MinTermMonths, MaxTermMonths: credit.MaxTermMonths,
		MaxAnnualRatePercent: credit.MaxAnnualRate.Percent(), MaxFeePence: credit.MaxFeePence,
	}
	for _, b := range credit.RateTable() {
		pr.RateTable = append(pr.RateTable, lending.RateBand{
			MinAmountPence: b.MinAmountPence, MaxAmountPence: b.MaxAmountPence,
			MinTermMonths: b.MinTermMonths, MaxTermMonths: b.MaxTermMonths, AnnualRatePercent: b.Rate.Percent(),
		})
	}
	q, perr := priceLoan(representativeAmountPence, representativeTermMonths, nil, feePence, now)
	if perr != nil && perr.code == lending.CodeFeeAboveMaximum {
		return lending.Product{}, perr // the fee asked for is out of bounds, not the product
	}
	if perr != nil {
		return lending.Product{}, &problem{status: http.StatusInternalServerError, code: "internal",
			message: "the representative loan could not be priced"}
	}
	pr.Representative = lending.RepresentativeLoan{
		AmountPence: q.AmountPence, TermMonths: q.TermMonths,
		APRPercent: q.APRPercent, RepresentativeExample: q.RepresentativeExample,
	}
	return pr, nil
}

func (p *Provider) createQuote(w http.ResponseWriter, r *http.Request) {
	var req lending.QuoteRequest
	if !decode(w, r, &req) {
		return
	}
	q, perr := priceLoan(req.AmountPence, req.TermMonths, req.AnnualRatePercent, req.FeePence, p.Clock.Now())
	if perr != nil {
		perr.write(w)
		return
	}
	httpjson.Write(w, http.StatusOK, q)
}

// priceLoan quotes a new loan with the credit package: rate nil prices from the rate table. Bound
// violations are 422 with the bound's code and a plain-English message.
func priceLoan(amountPence int64, termMonths int, rate *lending.Percent, feePence int64, now time.Time) (lending.Quote, *problem) {
	req := credit.QuoteRequest{AmountPence: amountPence, TermMonths: termMonths, FeePence: feePence}
	if rate != nil {
		rt, err := credit.ParseRate(string(*rate))
		if err != nil {
			return lending.Quote{}, invalid(lending.CodeRateInvalid,
				"annualRatePercent must be a percentage with at most two decimal places, such as \"6.7\"")
		}
		req.AnnualRate = &rt
	}
	q, err := credit.NewQuote(req)
	if err != nil {
		return lending.Quote{}, quoteProblem(err)
	}
	return wireQuote(q, now), nil
}

// quoteProblem turns a credit error into a 422.
func quoteProblem(err error) *problem {
	var be *credit.BoundError
	if !errors.As(err, &be) {
		return invalid(lending.CodeInvalidRequest, "the loan cannot be priced")
	}
	code := lending.BoundCode(be.Field, be.Bound)
	return invalid(code, boundMessage(be))
}

// boundMessage says a product bound in words: "The amount must be at least £1,000.00."
func boundMessage(be *credit.BoundError) string {
	var what, limit string
	switch be.Field {
	case "amountPence":
		what, limit = "amount", credit.FormatPounds(be.Limit)
	case "feePence":
		what, limit = "fee", credit.FormatPounds(be.Limit)
	case "termMonths":
		what, limit = "term", fmt.Sprintf("%d months", be.Limit)
	case "annualRatePercent":
		what, limit = "annual interest rate", credit.Rate(be.Limit).String()
	default:
		return be.Error()
	}
	rel := "at least"
	if be.Bound == credit.BoundMaximum {
		rel = "at most"
	}
	return fmt.Sprintf("The %s must be %s %s.", what, rel, limit)
}

// wireQuote is a credit quote on the wire, dated from now's calendar date: drawdown today, each
// instalment on the same day of the month as the drawdown, clamped to the end of a shorter month. (The
// dates count from the drawdown, not from the first due date as credit.Dated does, so a loan drawn on
// 31 January falls due on 28 February, then 31 March, not on the 28th for ever.)
func wireQuote(q credit.Quote, now time.Time) lending.Quote {
	today := credit.AddMonths(now, 0)
	first := credit.AddMonths(today, 1)
	rows := q.Schedule
	out := lending.Quote{
		AmountPence: q.AmountPence, FeePence: q.FeePence, CreditPence: q.CreditPence, TermMonths: q.TermMonths,
		AnnualRatePercent: q.AnnualRatePercent, AnnualRateBasisPoints: int64(q.AnnualRate), RateFromTable: q.RateFromTable,
		MonthlyInstalmentPence: q.MonthlyInstalmentPence, FinalInstalmentPence: q.FinalInstalmentPence,
		TotalPayablePence: q.TotalPayablePence, TotalInterestPence: q.TotalInterestPence,
		TotalChargeForCreditPence: q.TotalChargeForCreditPence,
		APRPercent:                q.APRPercent, APRBasisPoints: int64(q.APR),
		QuotedOn: today.Format(time.DateOnly), FirstDueDate: first.Format(time.DateOnly),
		Schedule:              make([]lending.Instalment, len(rows)),
		RepresentativeExample: q.RepresentativeExample,
	}
	for i, r := range rows {
		out.Schedule[i] = lending.Instalment{
			Number: r.Number, MonthOffset: r.MonthOffset, DueDate: credit.AddMonths(today, r.MonthOffset).Format(time.DateOnly),
			PaymentPence: r.Payment, InterestPence: r.Interest, PrincipalPence: r.Principal, BalancePence: r.Balance,
		}
	}
	return out
}
