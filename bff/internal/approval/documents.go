package approval

import (
	"bytes"
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/safehtml"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// The app's document pages and the lending core's documents they show.
var pageDocuments = map[apigen.ReplaceContentPage]string{
	apigen.AboutYourLoan: lending.DocumentAdequateExplanation,
	apigen.LoanKeyFacts:  lending.DocumentKeyFacts,
	apigen.LoanAgreement: lending.DocumentCreditAgreement,
	// The pre-contract credit information (SECCI), shown by the app's HtmlViewOne page.
	apigen.PreContractInformation: lending.DocumentSECCI,
}

// documentError maps a failed document request.
func documentError(err error) error {
	if errors.Is(err, lending.ErrApplicationStatus) {
		return web.FailWith(web.CodeBadRequest, "The credit agreement is ready once your application is approved.", err)
	}
	return stepError(err, "")
}

// GetReplaceContent is the HTML of one of the loan's document pages (about-your-loan, loan-key-facts,
// loan-agreement) with the application's figures, sanitised to what the app may show inside its page:
// today's until the agreement is signed, then the copy kept when it was (with SignedAt).
func (h *Handlers) GetReplaceContent(ctx context.Context, req apigen.GetReplaceContentRequestObject) (apigen.GetReplaceContentResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	kind, ok := pageDocuments[req.Body.Page]
	if !ok {
		return nil, web.FailWith(web.CodeBadRequest, "The page must be about-your-loan, loan-key-facts, loan-agreement or pre-contract-information.", errors.New("approval: unknown page"))
	}
	d, err := h.lending.Document(ctx, a.ID, kind, lending.FormatHTML)
	if err != nil {
		return nil, documentError(err)
	}
	return apigen.GetReplaceContent200JSONResponse{Status: 200, ResultData: apigen.ReplaceContent{
		Page: req.Body.Page, Title: d.Title, Html: safehtml.Document(d.Content), SignedAt: d.SignedAt,
	}}, nil
}

// GenerateReviewContract is the credit agreement PDF the borrower reads before signing (their signed
// copy once signed), with its SHA-256 in X-Document-Sha256: the signature names that digest, so the
// lending core knows the borrower signed what they were shown (and refuses a stale one).
func (h *Handlers) GenerateReviewContract(ctx context.Context, _ apigen.GenerateReviewContractRequestObject) (apigen.GenerateReviewContractResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	d, err := h.lending.Document(ctx, a.ID, lending.DocumentCreditAgreement, lending.FormatPDF)
	if err != nil {
		return nil, documentError(err)
	}
	if len(d.Content) == 0 || d.SHA256 == "" {
		return nil, web.FailUpstream(errors.New("approval: the credit agreement came back empty"))
	}
	return apigen.GenerateReviewContract200ApplicationpdfResponse{
		Body:          bytes.NewReader(d.Content),
		ContentLength: int64(len(d.Content)),
		Headers:       apigen.GenerateReviewContract200ResponseHeaders{XDocumentSha256: d.SHA256},
	}, nil
}
