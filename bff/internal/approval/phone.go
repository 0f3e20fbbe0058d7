package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// msgPhoneTaken answers a number that is another customer's: the lending core keeps one customer per
// number, and the person has to give their own.
const msgPhoneTaken = "This mobile number belongs to another account. Please give your own mobile number, or contact us if it is yours."

// SendPhoneVerificationCode texts a code to the number the borrower gives at the setPhone stage (screen
// phoneNumber). Nothing is recorded until the code comes back.
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
		return nil, web.FailWith(web.CodeBadRequest, msgPhoneTaken, err)
	case err != nil:
		return nil, stepError(err, "Enter a UK mobile number, like 07700 900123.")
	}
	p, err := h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.PhoneVerification200JSONResponse{Status: 200, ResultData: p}, nil
}
