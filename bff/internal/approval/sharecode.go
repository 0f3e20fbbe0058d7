package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
)

// The identity check by a Home Office share code (screens share_code_submit, post_idv_sc): instead of
// the hosted document check, the borrower types the share code GOV.UK gave them. The identity provider
// checks it against the date of birth the lending core holds for the customer, so a code of someone
// else's does not pass with a date typed to fit it. There is no hosted check id: the lending core keeps
// what the code proved and when (lending.ShareCodeEvidence), never the code itself.

// shareCodeReasons are the provider's rejections in words the screen shows beside the field.
var shareCodeReasons = map[string]string{
	identity.ReasonMalformedCode: "Enter your share code as it is shown on GOV.UK: 9 letters and numbers, like W12 345 678.",
	identity.ReasonWrongPrefix: "That is not a share code for your right to work, right to rent or immigration status. " +
		"It should start with W, R or S.",
	identity.ReasonUnknownCode: "We could not find that share code. Check it against the one GOV.UK gave you.",
	identity.ReasonDateOfBirthMismatch: "That share code belongs to someone with a different date of birth from the one on " +
		"your application. Check you entered your own share code.",
	identity.ReasonCodeExpired: "That share code has expired. Get a new one from GOV.UK and enter it here.",
}

const (
	msgShareCodeRefused = "We could not check that share code. Check it against the one GOV.UK gave you."
	msgNoDateOfBirth    = "We need your date of birth to check a share code. Please verify your identity with your documents instead."
)

// VerifyShareCode checks the borrower's share code and, when accepted, records identity as verified on
// their application (opening the loan when that was the last stage) and answers the application info.
func (h *Handlers) VerifyShareCode(ctx context.Context, req apigen.VerifyShareCodeRequestObject) (apigen.VerifyShareCodeResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	s, a, err := ownapplication.Latest(ctx, h.lending, req.Body.Uuid)
	if err != nil {
		return nil, err
	}
	if a.Status != lending.ApplicationApproved {
		return nil, web.FailWith(web.CodeBadRequest, msgWrongStage, errors.New("approval: share code outside approval"))
	}
	cu, err := h.lending.Customer(ctx, s.Subject)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	if cu.DateOfBirth == "" {
		return nil, web.FailWith(web.CodeBadRequest, msgNoDateOfBirth, errors.New("approval: customer without a date of birth"))
	}
	res, err := h.identity.VerifyShareCode(ctx, identity.ShareCodeCheck{Code: req.Body.ShareCode, DateOfBirth: cu.DateOfBirth})
	switch {
	case errors.Is(err, identity.ErrInvalidRequest):
		// A code of any shape is an answer, not a 400: what the provider refused is the date held.
		return nil, web.FailWith(web.CodeBadRequest, msgNoDateOfBirth, err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	if res.Outcome != identity.OutcomeAccepted {
		return nil, shareCodeRejected(res.Reasons)
	}
	a, err = h.lending.RecordShareCodeVerified(ctx, a.ID, lending.ShareCodeEvidence{Purpose: res.Purpose, CheckedAt: res.CheckedAt})
	if err != nil {
		return nil, stepError(err, "")
	}
	if a, err = h.openLoan(ctx, a); err != nil {
		return nil, err
	}
	info, err := applicationview.Info(a)
	if err != nil {
		return nil, err
	}
	return apigen.VerifyShareCode200JSONResponse{Status: 200, ResultData: info}, nil
}

// shareCodeRejected is the 100400 of a refused code, saying why (the reason, not the code, is logged).
func shareCodeRejected(reasons []string) error {
	reason := ""
	if len(reasons) > 0 {
		reason = reasons[0]
	}
	msg, ok := shareCodeReasons[reason]
	if !ok {
		msg = msgShareCodeRefused
	}
	return web.FailWith(web.CodeBadRequest, msg, errors.New("approval: share code rejected: "+reason))
}
