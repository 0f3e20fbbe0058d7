package approval

import (
	"context"
	"errors"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// Messages of the signature.
const (
	msgSignerName      = "Type your full name as it appears on your application, for example Jo Bloggs."
	msgDocumentChanged = "The agreement has changed since you opened it. Please read the new agreement, then sign it."
	msgCommissionFirst = "Please accept the broker's commission before you sign."
)

// SignaturePdf e-signs the credit agreement (screen sign) with the name the borrower typed and the
// SHA-256 of the agreement PDF they were shown (generateReviewContract's X-Document-Sha256).
func (h *Handlers) SignaturePdf(ctx context.Context, req apigen.SignaturePdfRequestObject) (apigen.SignaturePdfResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil || strings.TrimSpace(req.Body.SignerName) == "" {
		return nil, web.FailWith(web.CodeBadRequest, msgSignerName, errors.New("approval: no signer name"))
	}
	if a.Status == lending.ApplicationApproved && a.RegStage.CommissionConsent == lending.StagePending {
		return nil, web.FailWith(web.CodeBadRequest, msgCommissionFirst, errors.New("approval: commission not accepted"))
	}
	a, err = h.lending.SignAgreement(ctx, a.ID, lending.SignatureRequest{
		SignerName: strings.TrimSpace(req.Body.SignerName), DocumentSHA256: strings.ToLower(req.Body.DocumentSha256),
	})
	switch {
	case errors.Is(err, lending.ErrDocumentChanged):
		return nil, web.FailWith(web.CodeBadRequest, msgDocumentChanged, err)
	case err != nil:
		return nil, stepError(err, msgSignerName)
	}
	p, err := h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.SignaturePdf200JSONResponse{Status: 200, ResultData: p}, nil
}
