// Package application answers accountApplication/getApplicationInfo: the signed-in customer's latest
// application in the legacy fields of spec §3 "Application info", which the apps' resume rules read
// (spec §4).
package application

import (
	"context"

	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/ownapplication"
)

// Handlers implements the application part of the generated API.
type Handlers struct {
	lending ownapplication.Applications
}

// New returns the handlers.
func New(l ownapplication.Applications) *Handlers { return &Handlers{lending: l} }

// GetApplicationInfo answers the latest application in the fields of spec §3.
func (h *Handlers) GetApplicationInfo(ctx context.Context, req apigen.GetApplicationInfoRequestObject) (apigen.GetApplicationInfoResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, req.Params.Uuid)
	if err != nil {
		return nil, err
	}
	info, err := applicationview.Info(a)
	if err != nil {
		return nil, err
	}
	return apigen.GetApplicationInfo200JSONResponse{Status: 200, ResultData: info}, nil
}
