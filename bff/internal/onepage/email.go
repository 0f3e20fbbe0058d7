package onepage

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/ownapplication"
)

var errVerified = errors.New("onepage: the e-mail address is confirmed already")

// SendVerificationEmail mails a new confirmation link for the latest application (the contract
// rate-limits it like every send).
func (h *Handlers) SendVerificationEmail(ctx context.Context, _ apigen.SendVerificationEmailRequestObject) (apigen.SendVerificationEmailResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	if a.JourneyMap.AboutYou.EmailVerification {
		return nil, web.FailWith(web.CodeBadRequest, "Your e-mail address is confirmed already.", errVerified)
	}
	cu, err := h.lending.Customer(ctx, a.CustomerID)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	if err := h.mailer.SendConfirmation(ctx, cu, a.ID); err != nil {
		return nil, err
	}
	return apigen.SendVerificationEmail200JSONResponse{Status: 200}, nil
}

// OnePageEmailSoftConfirmation redeems the token from the confirmation mail, the same redemption as
// user/emailSoftConfirmation, and answers the journey.
func (h *Handlers) OnePageEmailSoftConfirmation(ctx context.Context, req apigen.OnePageEmailSoftConfirmationRequestObject) (apigen.OnePageEmailSoftConfirmationResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.mailer.ConfirmEmail(ctx, s.Subject, req.Body.Token); err != nil {
		return nil, err
	}
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	info, err := h.info(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.OnePageEmailSoftConfirmation200JSONResponse{Status: 200, ResultData: info}, nil
}
