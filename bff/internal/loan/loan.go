// Package loan serves the borrower's loan account (spec §2 loan-account screens, §7 "Loan actions"):
// their loans and each one's figures (loanDashboard/main), the menus of what they can do with a loan
// and why the rest is closed, whether they may borrow more, the schedule, the transactions, the
// documents kept with a loan, its statements, and the PDF of any of those (downloadPDF/{id}).
//
// The lending core computes every figure and decides what a loan allows; this package shapes its
// answers and says in words why an action is closed. The core does not know who asks: every call that
// names a loan, or a document of one, reads the loan first through own, which answers 100404 unless it
// is the signed-in customer's (the same answer, word for word, as for a loan that does not exist),
// before any other call about it.
package loan

import (
	"context"
	"errors"
	"time"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/ownloan"
	"lender/bff/upstream/lending"
)

// Deps are what the handlers use.
type Deps struct {
	Lending Lending
	// Brands say which brand a borrower is with: the menus give its phone number.
	Brands branding.Catalogue
}

// Handlers implements the loan part of the generated API.
type Handlers struct {
	lending Lending
	brands  branding.Catalogue
}

// New returns the handlers.
func New(d Deps) *Handlers { return &Handlers{lending: d.Lending, brands: d.Brands} }

// What an id in a request names, in the words of its 100404.
const (
	ofLoan     = "loan"
	ofDocument = "document"
)

// notFound is the answer for something named in a request that is not the customer's or does not
// exist: the two are not told apart.
func notFound(what string, cause error) error { return ownloan.NotFound(what, cause) }

// own is loan id as the lending core computes it today, when it is the signed-in customer's
// (ownloan.Loan: another customer's loan and one that does not exist are both 100404 in the same
// words). Every call that names a loan, or a document of one, asks this first, before any other
// upstream call about it.
func (h *Handlers) own(ctx context.Context, id, what string) (lending.Loan, error) {
	_, l, err := ownloan.Loan(ctx, h.lending, id, what)
	return l, err
}

// loanCallError maps a failed call about a loan own has just answered: the loan gone meanwhile is
// 100404 like any loan not found.
func loanCallError(err error, what string) error {
	if errors.Is(err, lending.ErrLoanNotFound) {
		return notFound(what, err)
	}
	return web.FailUpstream(err)
}

// today is the lending core's day when it computed l: the day its figures are of.
func today(l lending.Loan) time.Time {
	d := l.AsOf.UTC()
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
}
