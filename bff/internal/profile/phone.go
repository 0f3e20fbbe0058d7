package profile

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/upstream/lending"
)

// SendPhoneChangeCode texts a code to the new mobile number (/edit-phone): the phone-proof ceremony
// of the setPhone stage, open to a borrower at any time. Nothing changes until ChangePhone.
func (h *Handlers) SendPhoneChangeCode(ctx context.Context, req apigen.SendPhoneChangeCodeRequestObject) (apigen.SendPhoneChangeCodeResponseObject, error) {
	cid, err := changer(ctx)
	if err != nil {
		return nil, err
	}
	_, ttl, err := h.phone.SendPhoneProof(ctx, cid, req.Body.PhoneNumber)
	if err != nil {
		return nil, err
	}
	return apigen.SendPhoneChangeCode200JSONResponse{Status: 200, ResultData: apigen.CodeSent{ExpiresInSeconds: int(ttl.Seconds())}}, nil
}

// ChangePhone checks the code (/verify-phone) and makes the number the customer's mobile at the
// lending core.
func (h *Handlers) ChangePhone(ctx context.Context, req apigen.ChangePhoneRequestObject) (apigen.ChangePhoneResponseObject, error) {
	cid, err := changer(ctx)
	if err != nil {
		return nil, err
	}
	phone, err := h.phone.CheckPhoneProof(ctx, cid, req.Body.PhoneNumber, req.Body.Code)
	if err != nil {
		return nil, err
	}
	cu, err := h.lending.ChangePhone(ctx, cid, phone)
	switch {
	case errors.Is(err, lending.ErrCustomerExists), errors.Is(err, lending.ErrInvalidRequest):
		// Another customer took the number since the code was sent: refused as the send refuses it.
		return nil, h.phone.RefuseNumber(err)
	case err != nil:
		return nil, changed(err)
	}
	return apigen.ChangePhone200JSONResponse{Status: 200, ResultData: details(cu)}, nil
}
