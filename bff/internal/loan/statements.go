package loan

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/coredate"
	"lender/bff/upstream/lending"
)

// periods are the days a loan's statements can cover: from its drawdown (earliest) to the lending
// core's today, or once the loan is settled, the day it was settled (latest).
type periods struct {
	earliest, latest time.Time
	settled          bool
}

// periodsOf are loan l's statement periods.
func periodsOf(l lending.Loan) (periods, error) {
	var d coredate.Reader
	p := periods{earliest: d.Of(l.DrawdownDate).Time, latest: today(l), settled: l.Status == lending.LoanStatusSettled}
	if p.settled {
		p.latest = d.Of(l.SettledOn).Time
	}
	return p, d.Failed()
}

// ownPeriods is the borrower's loan id (own) with its statement periods.
func (h *Handlers) ownPeriods(ctx context.Context, id string) (lending.Loan, periods, error) {
	l, err := h.own(ctx, id, ofLoan)
	if err != nil {
		return lending.Loan{}, periods{}, err
	}
	p, err := periodsOf(l)
	return l, p, err
}

var errOutsideTheLoan = errors.New("loan: a statement period outside the loan")

// check refuses a statement period the loan cannot have, naming the field as a form shows it: each
// date within the loan's days, and the start not after the end.
func (p periods) check(from, to time.Time) error {
	paidOut := "the same as or after " + longDate(p.earliest) + ", the day your loan was paid out"
	latest := "today or in the past"
	if p.settled {
		latest = "the same as or before " + longDate(p.latest) + ", the day your loan was repaid"
	}
	switch {
	case from.Before(p.earliest):
		return web.FailField("from", "The date the statement starts from must be "+paidOut, errOutsideTheLoan)
	case from.After(p.latest):
		return web.FailField("from", "The date the statement starts from must be "+latest, errOutsideTheLoan)
	case to.Before(p.earliest):
		return web.FailField("to", "The date the statement runs to must be "+paidOut, errOutsideTheLoan)
	case to.After(p.latest):
		return web.FailField("to", "The date the statement runs to must be "+latest, errOutsideTheLoan)
	case to.Before(from):
		return web.FailField("to", "The date the statement runs to must be the same as or after the date it starts from", errOutsideTheLoan)
	}
	return nil
}

// longDate is a day as people read it: "27 October 2025".
func longDate(t time.Time) string { return t.Format("2 January 2006") }

// agreementYear is one year of a credit agreement: the period of its annual statement.
type agreementYear struct {
	year     int
	from, to time.Time
}

// agreementYears are the complete agreement years of a loan drawn down on drawdown, newest first, on
// the lending core's day today, as the core counts them (bff/upstream/lending, "Statements"): year n
// runs from the drawdown's (n−1)th anniversary to the day before its nth and is complete once that day
// has passed; a loan settled on settledOn has no years that start after it.
func agreementYears(drawdown, today time.Time, settledOn *time.Time) []agreementYear {
	var out []agreementYear
	for n := 1; ; n++ {
		from, to := addYears(drawdown, n-1), addYears(drawdown, n).AddDate(0, 0, -1)
		if !to.Before(today) || (settledOn != nil && from.After(*settledOn)) {
			break
		}
		out = append(out, agreementYear{year: n, from: from, to: to})
	}
	slices.Reverse(out)
	return out
}

// addYears is day t n years on; a 29 February falls on the 28th in a year without one.
func addYears(t time.Time, n int) time.Time {
	y := t.Year() + n
	last := time.Date(y, t.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return time.Date(y, t.Month(), min(t.Day(), last), 0, 0, 0, 0, time.UTC)
}

// StatementPeriods says which statements one of the borrower's loans has (/loan-statements): the days
// a period statement may span, the annual statements of its complete agreement years, and a settled
// loan's closing statement.
func (h *Handlers) StatementPeriods(ctx context.Context, req apigen.StatementPeriodsRequestObject) (apigen.StatementPeriodsResponseObject, error) {
	l, p, err := h.ownPeriods(ctx, req.Params.LoanId)
	if err != nil {
		return nil, err
	}
	var settledOn *time.Time
	if p.settled {
		settledOn = &p.latest
	}
	out := apigen.StatementPeriods{LoanId: l.ID, Earliest: openapi_types.Date{Time: p.earliest}, Latest: openapi_types.Date{Time: p.latest}}
	years := agreementYears(p.earliest, today(l), settledOn)
	out.Annual = make([]struct {
		From openapi_types.Date `json:"from"`
		To   openapi_types.Date `json:"to"`
		Year int                `json:"year"`
	}, len(years))
	for i, y := range years {
		out.Annual[i].Year, out.Annual[i].From, out.Annual[i].To = y.year, openapi_types.Date{Time: y.from}, openapi_types.Date{Time: y.to}
	}
	if p.settled {
		s, err := h.lending.ClosingStatement(ctx, l.ID)
		if err != nil {
			return nil, loanCallError(err, ofLoan)
		}
		closing, err := statement(s, docRef{loanID: l.ID, kind: refClosing})
		if err != nil {
			return nil, err
		}
		out.ClosingStatement = &closing
	}
	return apigen.StatementPeriods200JSONResponse{Status: 200, ResultData: out}, nil
}

// LoanStatement is a statement of one of the borrower's loans for the period they chose, with the id
// of its PDF. The period must lie within the loan's (100400 naming the date that does not).
func (h *Handlers) LoanStatement(ctx context.Context, req apigen.LoanStatementRequestObject) (apigen.LoanStatementResponseObject, error) {
	l, p, err := h.ownPeriods(ctx, req.Params.LoanId)
	if err != nil {
		return nil, err
	}
	from, to := req.Params.From.Time, req.Params.To.Time
	if err := p.check(from, to); err != nil {
		return nil, err
	}
	s, err := h.lending.Statement(ctx, l.ID, from.Format(time.DateOnly), to.Format(time.DateOnly))
	if err != nil {
		return nil, loanCallError(err, ofLoan)
	}
	out, err := statement(s, docRef{loanID: l.ID, kind: refStatement, from: s.From, to: s.To})
	if err != nil {
		return nil, err
	}
	return apigen.LoanStatement200JSONResponse{Status: 200, ResultData: &out}, nil
}

// AnnualStatement is the annual statement of one of the agreement years of one of the borrower's
// loans (Consumer Credit Act 1974 s77A), with the id of its PDF; 100400 on year for a year not yet
// complete.
func (h *Handlers) AnnualStatement(ctx context.Context, req apigen.AnnualStatementRequestObject) (apigen.AnnualStatementResponseObject, error) {
	year, err := strconv.Atoi(req.Params.Year)
	if err != nil || year < 1 {
		return nil, web.Fail(web.CodeBadRequest, fmt.Errorf("loan: year %q", req.Params.Year))
	}
	l, err := h.own(ctx, req.Params.LoanId, ofLoan)
	if err != nil {
		return nil, err
	}
	s, err := h.lending.AnnualStatement(ctx, l.ID, year)
	if errors.Is(err, lending.ErrStatementNotAvailable) {
		return nil, web.FailField("year", fmt.Sprintf("There is no annual statement for year %d of your agreement. "+
			"A year's statement is ready once that year of your agreement is complete.", year), err)
	}
	if err != nil {
		return nil, loanCallError(err, ofLoan)
	}
	out, err := statement(s, docRef{loanID: l.ID, kind: refAnnual, year: s.Year})
	if err != nil {
		return nil, err
	}
	return apigen.AnnualStatement200JSONResponse{Status: 200, ResultData: &out}, nil
}

// statement shapes one of the lending core's statements, ref being the id of its PDF.
func statement(s lending.Statement, ref docRef) (apigen.LoanStatement, error) {
	var d coredate.Reader
	out := apigen.LoanStatement{
		LoanId:              s.LoanID,
		Kind:                apigen.LoanStatementKind(s.Kind),
		From:                d.Of(s.From),
		To:                  d.Of(s.To),
		OpeningBalancePence: s.OpeningBalancePence,
		ClosingBalancePence: s.ClosingBalancePence,
		PaymentsPence:       s.PaymentsPence,
		InterestPence:       s.InterestPence,
		Transactions:        transactions(s.Transactions, &d),
		DocumentId:          ref.String(),
	}
	if s.Year > 0 {
		out.Year = &s.Year
	}
	return out, d.Failed()
}
