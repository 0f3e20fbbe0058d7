// Package application answers accountApplication/getApplicationInfo: the signed-in customer's latest
// application in the legacy fields of spec §3 "Application info", which the apps' resume rules read
// (spec §4). It also finds that application for the one-page calls, and shapes the loan and the
// decision the same way for both, so the two journeys never show different figures.
package application

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
)

// Handlers implements the application part of the generated API.
type Handlers struct {
	lending lending.API
}

// New returns the handlers.
func New(l lending.API) *Handlers { return &Handlers{lending: l} }

var (
	errOtherCustomer = errors.New("application: uuid is not the signed-in customer")
	errNoApplication = errors.New("application: the customer has no application")
)

// Latest is the signed-in customer's newest application. uuid is the spec's optional query: another
// customer's id answers 100404, the same as a customer without an application, so a caller learns
// nothing about ids that are not theirs.
func Latest(ctx context.Context, l lending.API, uuid *string) (*session.Session, lending.Application, error) {
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

// GetApplicationInfo answers the latest application in the fields of spec §3.
func (h *Handlers) GetApplicationInfo(ctx context.Context, req apigen.GetApplicationInfoRequestObject) (apigen.GetApplicationInfoResponseObject, error) {
	_, a, err := Latest(ctx, h.lending, req.Params.Uuid)
	if err != nil {
		return nil, err
	}
	info, err := Info(a)
	if err != nil {
		return nil, err
	}
	return apigen.GetApplicationInfo200JSONResponse{Status: 200, ResultData: info}, nil
}
