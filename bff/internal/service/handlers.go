package service

import (
	"context"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
)

// Handlers implements the service-status part of the generated API.
type Handlers struct {
	store *Store
}

// New returns the handlers answering from store.
func New(store *Store) *Handlers { return &Handlers{store: store} }

// GetServiceDisable answers whether the service is switched off, with the overlay's title and
// sanitised body when it is. A disabled service is a success answer whose data says so (the
// contract); a Redis failure answers CodeDependencyDown (503), which the apps treat as disabled
// (spec §8), so the check fails closed.
func (h *Handlers) GetServiceDisable(ctx context.Context, _ apigen.GetServiceDisableRequestObject) (apigen.GetServiceDisableResponseObject, error) {
	st, err := h.store.Get(ctx)
	if err != nil {
		return nil, web.Fail(web.CodeDependencyDown, err)
	}
	data := apigen.ServiceStatus{Disabled: st.Disabled}
	if st.Disabled {
		data.Title = nonEmpty(st.Title)
		data.BodyHtml = nonEmpty(st.BodyHTML)
	}
	return apigen.GetServiceDisable200JSONResponse{Status: 200, ErrorCode: 0, ErrorMessage: "", ResultData: data}, nil
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
