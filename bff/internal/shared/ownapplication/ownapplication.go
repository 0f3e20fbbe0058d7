// Package ownapplication finds the signed-in customer's application for every journey call. The
// lending core does not know who asks, so this is where the BFF checks that the application is the
// caller's: another customer's application and none at all are both 100404.
package ownapplication

import (
	"context"
	"errors"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
)

// Applications are the lending core's calls Latest reads.
type Applications interface {
	CustomerApplications(ctx context.Context, customerID string) ([]lending.Application, error)
	Application(ctx context.Context, id string) (lending.Application, error)
}

var (
	errOtherCustomer = errors.New("ownapplication: uuid is not the signed-in customer")
	errNoApplication = errors.New("ownapplication: the customer has no application")
)

// Latest is the signed-in customer's newest application. uuid is the spec's optional query: another
// customer's id answers 100404, the same as a customer without an application, so a caller learns
// nothing about ids that are not theirs.
func Latest(ctx context.Context, l Applications, uuid *string) (*session.Session, lending.Application, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, lending.Application{}, err
	}
	if uuid != nil && *uuid != "" && *uuid != s.Subject {
		return s, lending.Application{}, web.FailWith(web.CodeNotFound, "We could not find that application.", errOtherCustomer)
	}
	apps, err := l.CustomerApplications(ctx, s.Subject)
	if err != nil {
		return s, lending.Application{}, web.FailUpstream(err)
	}
	if len(apps) == 0 {
		return s, lending.Application{}, web.FailWith(web.CodeNotFound, "You have no application with us yet.", errNoApplication)
	}
	// The list is newest first; the core's list may hold a referral not yet decided as of now: reading
	// the application itself decides a due referral on the way.
	a, err := l.Application(ctx, apps[0].ID)
	if err != nil {
		return s, lending.Application{}, web.FailUpstream(err)
	}
	if a.CustomerID != s.Subject { // the core does not know who asks: this is the BFF's check
		return s, lending.Application{}, web.FailWith(web.CodeNotFound, "We could not find that application.", errOtherCustomer)
	}
	return s, a, nil
}
