package legacy

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/openbanking"
)

// Open banking in the legacy journey (screen connect_accounts, spec §7 "Open banking"): bank/getOBLink
// makes a consent at the open-banking provider and answers its page; the provider sends the browser
// back to the app's bank_c screen with the consent id and a one-time code; bank/completedOB exchanges
// the code and records the bank on the application. A consent is made under the customer's id (the
// provider's customerReference), which is how every call knows a consent id is this customer's: any
// other is 100404, and a code is only exchanged for a consent of theirs.

// bankReturnPath is where the consent page sends the browser back to (a path: the app rewrites it to
// its hash route, spec §2).
const bankReturnPath = "/bank_c"

// Messages of open banking.
const (
	msgBankClosed    = "Your application does not need a bank connection now."
	msgBankCancelled = "You cancelled connecting your bank. Connect it to continue, or choose to continue without connecting a bank."
	msgBankFailed    = "Your bank could not be connected. Please try connecting it again."
	msgBankExpired   = "This bank connection has expired or has been used already. Please connect your bank again."
	msgBankPending   = "Your bank has not given access yet. Please finish connecting your bank."
)

// takesBank: a bank can be recorded while the application is in progress, or after approval when the
// lender asked for a bank again.
func takesBank(a lending.Application) bool {
	return a.Status == lending.ApplicationInProgress || slices.Contains(a.AdditionalOps, lending.OpOpenBanking)
}

// BankGetOBLink makes a consent for the applicant and answers the provider's page.
func (h *Handlers) BankGetOBLink(ctx context.Context, _ apigen.BankGetOBLinkRequestObject) (apigen.BankGetOBLinkResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	if !takesBank(a) {
		return nil, web.FailWith(web.CodeBadRequest, msgBankClosed, errors.New("legacy: the application takes no bank now"))
	}
	// The consent page names the brand the person applied to, never another of the lender's brands.
	brand, err := h.brands.Owner(ctx, a.ApplicationOwner)
	if err != nil {
		return nil, err
	}
	c, err := h.ob.CreateConsent(ctx, "", openbanking.CreateConsent{CustomerReference: a.CustomerID, RedirectURL: h.publicURL + bankReturnPath,
		ClientDisplayName: brand.DisplayName, ClientBrandColour: brand.Primary})
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	res := apigen.BankGetOBLink200JSONResponse{Status: 200}
	res.ResultData.AuthUrl = c.AuthURL
	res.ResultData.ConsentId = c.ID
	return res, nil
}

// consentOf reads a consent and checks it is the customer's.
func (h *Handlers) consentOf(ctx context.Context, customerID, consentID string) (openbanking.Consent, error) {
	c, err := h.ob.Consent(ctx, consentID)
	switch {
	case errors.Is(err, openbanking.ErrConsentNotFound):
		return c, web.FailWith(web.CodeNotFound, "We could not find that bank connection.", err)
	case err != nil:
		return c, web.FailUpstream(err)
	}
	if c.CustomerReference != customerID {
		return c, web.FailWith(web.CodeNotFound, "We could not find that bank connection.", errors.New("legacy: consent of another customer"))
	}
	return c, nil
}

// BankGetOBStatus is a consent's status at the provider and the application's open-banking step, for the
// screen that waits on the bank (spec §8: never a toast or the error screen for this call).
func (h *Handlers) BankGetOBStatus(ctx context.Context, req apigen.BankGetOBStatusRequestObject) (apigen.BankGetOBStatusResponseObject, error) {
	s, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	c, err := h.consentOf(ctx, s.Subject, req.Params.ConsentId)
	if err != nil {
		return nil, err
	}
	step := a.OpenBanking.Status
	if step == "" {
		step = lending.OpenBankingNone
	}
	return apigen.BankGetOBStatus200JSONResponse{Status: 200, ResultData: apigen.OpenBankingStatus{
		ConsentId: c.ID, ConsentStatus: c.Status, BankName: c.BankName, Step: step,
		Recorded: a.OpenBanking.Status == lending.OpenBankingLinked && a.OpenBanking.ConsentID == c.ID,
	}}, nil
}

// BankCompletedOB finishes connecting a bank with what the consent page returned: the code is exchanged
// and the bank recorded on the application.
func (h *Handlers) BankCompletedOB(ctx context.Context, req apigen.BankCompletedOBRequestObject) (apigen.BankCompletedOBResponseObject, error) {
	p := req.Params
	s, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	if _, err := h.consentOf(ctx, s.Subject, p.ConsentId); err != nil {
		return nil, err
	}
	if p.Error != nil {
		if *p.Error == openbanking.ReturnErrorAccessDenied {
			return nil, web.FailWith(web.CodeBadRequest, msgBankCancelled, errors.New("legacy: the applicant cancelled at the bank"))
		}
		return nil, web.FailWith(web.CodeBadRequest, msgBankFailed, errors.New("legacy: the bank-consent page returned an error"))
	}
	if p.Code == nil || *p.Code == "" {
		return nil, web.FailWith(web.CodeBadRequest, msgBankFailed, errors.New("legacy: no code returned"))
	}
	c, err := h.ob.ExchangeCode(ctx, p.ConsentId, *p.Code)
	switch {
	case errors.Is(err, openbanking.ErrInvalidCode), errors.Is(err, openbanking.ErrConsentNotFound):
		return nil, web.FailWith(web.CodeBadRequest, msgBankExpired, err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	info, err := h.recordBank(ctx, s.Subject, a, c)
	if err != nil {
		return nil, err
	}
	return apigen.BankCompletedOB200JSONResponse{Status: 200, ResultData: info}, nil
}

// BankCreateApplication records an authorised consent of the customer's on the application without a code:
// for a consent already exchanged whose recording did not happen (the person closed the page, or the
// lending core could not be reached then).
func (h *Handlers) BankCreateApplication(ctx context.Context, req apigen.BankCreateApplicationRequestObject) (apigen.BankCreateApplicationResponseObject, error) {
	s, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	c, err := h.consentOf(ctx, s.Subject, req.Params.ConsentId)
	if err != nil {
		return nil, err
	}
	info, err := h.recordBank(ctx, s.Subject, a, c)
	if err != nil {
		return nil, err
	}
	return apigen.BankCreateApplication200JSONResponse{Status: 200, ResultData: info}, nil
}

// recordBank records an authorised consent of the customer's as the application's linked bank.
func (h *Handlers) recordBank(ctx context.Context, customerID string, a lending.Application, c openbanking.Consent) (apigen.ApplicationInfo, error) {
	if c.CustomerReference != customerID {
		return apigen.ApplicationInfo{}, web.FailWith(web.CodeNotFound, "We could not find that bank connection.", errors.New("legacy: consent of another customer"))
	}
	if c.Status != openbanking.StatusAuthorised {
		return apigen.ApplicationInfo{}, web.FailWith(web.CodeBadRequest, msgBankPending, fmt.Errorf("legacy: consent %s", c.Status))
	}
	if !takesBank(a) {
		return apigen.ApplicationInfo{}, web.FailWith(web.CodeBadRequest, msgBankClosed, errors.New("legacy: the application takes no bank now"))
	}
	a, err := h.lending.UpdateOpenBanking(ctx, a.ID, lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: c.ID})
	if err != nil {
		return apigen.ApplicationInfo{}, journeystep.Error(err, msgBankFailed)
	}
	return applicationview.Info(a)
}
