package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// SendPhoneVerificationCode texts a code to the number the borrower gives at the setPhone stage (screen
// phoneNumber). Nothing is recorded until the code comes back; a number the borrower cannot use
// (another customer's) is refused before any code is sent.
func (h *Handlers) SendPhoneVerificationCode(ctx context.Context, req apigen.SendPhoneVerificationCodeRequestObject) (apigen.SendPhoneVerificationCodeResponseObject, error) {
	cid, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	if a.Status != lending.ApplicationApproved {
		// Texting a code for a stage that cannot be recorded would cost an SMS for nothing.
		return nil, web.FailWith(web.CodeBadRequest, msgWrongStage, errors.New("approval: phone code outside approval"))
	}
	_, ttl, err := h.phone.SendPhoneProof(ctx, cid, req.Body.PhoneNumber)
	if err != nil {
		return nil, err
	}
	return apigen.SendPhoneVerificationCode200JSONResponse{Status: 200, ResultData: apigen.CodeSent{ExpiresInSeconds: int(ttl.Seconds())}}, nil
}

// PhoneVerification checks the code (screen phoneNumberCode) and records the number on the customer
// through the application's phone step.
func (h *Handlers) PhoneVerification(ctx context.Context, req apigen.PhoneVerificationRequestObject) (apigen.PhoneVerificationResponseObject, error) {
	cid, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	phone, err := h.phone.CheckPhoneProof(ctx, cid, req.Body.PhoneNumber, req.Body.Code)
	if err != nil {
		return nil, err
	}
	a, err = h.lending.SetApplicationPhone(ctx, a.ID, phone)
	switch {
	case errors.Is(err, lending.ErrCustomerExists):
		// Another customer took the number since the code was sent: refused as the send refuses it.
		return nil, h.phone.RefuseNumber(err)
	case err != nil:
		return nil, stepError(err, "Enter a UK mobile number, like 07700 900123.")
	}
	p, err := h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.PhoneVerification200JSONResponse{Status: 200, ResultData: p}, nil
}
