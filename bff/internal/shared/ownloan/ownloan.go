// Package ownloan is the ownership check of a loan id: the lending core does not know who asks, so
// every call that names a loan (the loan account, taking a payment) reads the loan through Loan first,
// which answers 100404 unless it is the signed-in customer's, in the same words as for a loan that
// does not exist.
package ownloan

import (
	"context"
	"errors"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
)

// Loans is the lending core's call Loan reads.
type Loans interface {
	Loan(ctx context.Context, id string) (lending.Loan, error)
}

var errNotTheirs = errors.New("ownloan: the loan is another customer's")

// NotFound is the answer for something named in a request that is not the customer's or does not
// exist: the two are not told apart. what names it in words ("loan", "document", "payment").
func NotFound(what string, cause error) error {
	return web.FailWith(web.CodeNotFound, "We could not find that "+what+".", cause)
}

// Loan is loan id as the lending core computes it today, when it is the signed-in customer's, with
// the session. Another customer's loan and one that does not exist are both 100404 in the same words
// ("We could not find that <what>."), so no answer says anything about an id that is not the caller's.
func Loan(ctx context.Context, core Loans, id, what string) (*session.Session, lending.Loan, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, lending.Loan{}, err
	}
	l, err := core.Loan(ctx, id)
	switch {
	case errors.Is(err, lending.ErrLoanNotFound):
		return s, lending.Loan{}, NotFound(what, err)
	case err != nil:
		return s, lending.Loan{}, web.FailUpstream(err)
	case l.CustomerID != s.Subject:
		return s, lending.Loan{}, NotFound(what, errNotTheirs)
	}
	return s, l, nil
}
