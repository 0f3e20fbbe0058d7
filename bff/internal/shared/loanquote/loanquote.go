// Package loanquote is the one shaping of a priced loan: the calculator, the eligibility check, the
// legacy and one-page loan steps, the application info and a counteroffer all answer a price through
// Shape, so no two screens show different figures, and a refused amount or term is explained by
// OutOfBounds in the same words everywhere.
package loanquote

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// Shape turns the lending core's quote into the API's (without the schedule, which no screen shows).
func Shape(q lending.Quote) (apigen.LoanQuote, error) {
	due, err := time.Parse(time.DateOnly, q.FirstDueDate)
	if err != nil {
		return apigen.LoanQuote{}, web.Fail(web.CodeUpstreamFailed, fmt.Errorf("loanquote: first due date %q: %w", q.FirstDueDate, err))
	}
	return apigen.LoanQuote{
		AmountPence:            q.AmountPence,
		TermMonths:             q.TermMonths,
		AnnualRatePercent:      q.AnnualRatePercent,
		AprPercent:             q.APRPercent,
		MonthlyInstalmentPence: q.MonthlyInstalmentPence,
		FinalInstalmentPence:   q.FinalInstalmentPence,
		TotalPayablePence:      q.TotalPayablePence,
		TotalInterestPence:     q.TotalInterestPence,
		FirstDueDate:           openapi_types.Date{Time: due},
		RepresentativeExample:  q.RepresentativeExample,
	}, nil
}

// Product is the lending core's call OutOfBounds reads the bounds from.
type Product interface {
	Product(ctx context.Context, feePence int64) (lending.Product, error)
}

// OutOfBounds names the bound of the lending core's product that a refused amount or term crossed, in
// the words of a form's error message.
func OutOfBounds(ctx context.Context, l Product, amount int64, term int, cause error) *web.Error {
	p, err := l.Product(ctx, 0) // the bounds are the same whatever the fee
	if err != nil {
		return web.FailUpstream(err)
	}
	if amount < p.MinAmountPence || amount > p.MaxAmountPence {
		return web.FailWith(web.CodeBadRequest,
			fmt.Sprintf("Enter an amount between %s and %s", Pounds(p.MinAmountPence), Pounds(p.MaxAmountPence)), cause)
	}
	return web.FailWith(web.CodeBadRequest,
		fmt.Sprintf("Choose a term between %d and %d months", p.MinTermMonths, p.MaxTermMonths), cause)
}

// Pounds writes pence as pounds with thousands commas, without pence when there are none:
// 100000 → "£1,000", 123456 → "£1,234.56".
func Pounds(pence int64) string {
	sign := ""
	if pence < 0 {
		sign, pence = "-", -pence
	}
	whole := strconv.FormatInt(pence/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	s := sign + "£" + b.String()
	if p := pence % 100; p != 0 {
		s += fmt.Sprintf(".%02d", p)
	}
	return s
}
