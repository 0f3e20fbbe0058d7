package onepage

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/oneuse"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/transport"
)

// Open banking. The bank-consent page sends the browser back under the app's public URL (returnPath)
// with from=render, the consent id, the state and a one-time code (or error=access_denied); the app
// rewrites that path to its hash route and hands the values to completedOB. The state is 256 random
// bits; Redis keeps only its SHA-256, under a key naming the session that asked for the link, with the
// consent it belongs to. Finishing takes the record out in the same command that reads it (GETDEL), so
// a return works once, only in the session that started it, and only for its own consent, wherever
// the browser came back to.

// Where the bank-consent page sends the browser back to, under the public URL.
const (
	// ReturnPath is the journey's return: its submit step (spec §2: from=render goes straight to submit).
	ReturnPath = "/loan/submit"
	// UpdatedReturnPath is the return of a bank connected outside the journey: after submission, when
	// the lender asked for a bank again (the open_banking additional operation). Submit is closed by then.
	UpdatedReturnPath = "/open-banking-updated"
)

// returnPath is where the consent page of a link made now for a sends the browser back to.
func returnPath(a lending.Application) string {
	if a.Status == lending.ApplicationInProgress {
		return ReturnPath
	}
	return UpdatedReturnPath
}

const stateBytes = 32

// Messages of open banking.
const (
	msgOBCancelled = "You cancelled connecting your bank. Connect it to continue, or choose to continue without connecting a bank."
	msgOBFailed    = "Your bank could not be connected. Please try connecting it again."
	msgOBExpired   = "This bank connection has expired or has been used already. Please connect your bank again."
)

var (
	errOBStateUnknown = errors.New("onepage: open-banking state unknown, used, expired or of another session")
	errOBNotOpen      = errors.New("onepage: the application takes no bank now")
)

// obReturn is what a state stands for.
type obReturn struct {
	ConsentID     string `json:"consentId"`
	ApplicationID string `json:"applicationId"`
	CustomerID    string `json:"customerId"`
	ExpiresAt     int64  `json:"expiresAt"` // unix ms
}

func (h *Handlers) stateKey(sessionID, state string) string {
	sum := sha256.Sum256([]byte(state))
	return h.cfg.KeyPrefix + "obstate:" + sessionID + ":" + hex.EncodeToString(sum[:])
}

// takesBank: open banking can be recorded while the application is in progress, or after approval
// when the lender asked for a bank again.
func takesBank(a lending.Application) bool {
	return a.Status == lending.ApplicationInProgress || slices.Contains(a.AdditionalOps, lending.OpOpenBanking)
}

// GetOpenBankingLink creates a consent whose return is bound to this session.
func (h *Handlers) GetOpenBankingLink(ctx context.Context, _ apigen.GetOpenBankingLinkRequestObject) (apigen.GetOpenBankingLinkResponseObject, error) {
	s, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	if !takesBank(a) {
		return nil, web.FailWith(web.CodeBadRequest, journeystep.MsgSubmitted, errOBNotOpen)
	}
	b := make([]byte, stateBytes)
	_, _ = rand.Read(b) // crypto/rand never fails
	state := base64.RawURLEncoding.EncodeToString(b)
	// Keyed by the state's hash, so the transport may retry the creation without making two consents.
	sum := sha256.Sum256([]byte("ob-consent\x00" + state))
	brand, err := h.cfg.Brands.Owner(ctx, a.ApplicationOwner)
	if err != nil {
		return nil, err
	}
	c, err := h.ob.CreateConsent(ctx, "obconsent-"+hex.EncodeToString(sum[:16]), openbanking.CreateConsent{
		CustomerReference: a.CustomerID,
		RedirectURL:       strings.TrimRight(h.cfg.PublicURL, "/") + returnPath(a),
		State:             state,
		// The consent page names the brand the person applied to, never another of the lender's brands.
		ClientDisplayName: brand.DisplayName,
		ClientBrandColour: brand.Primary,
	})
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	rec := obReturn{ConsentID: c.ID, ApplicationID: a.ID, CustomerID: a.CustomerID,
		ExpiresAt: time.Now().Add(h.cfg.ConsentTTL).UnixMilli()}
	rctx, cancel := h.redisCtx(ctx)
	defer cancel()
	if err := oneuse.Put(rctx, h.rdb, h.stateKey(s.ID, state), rec, h.cfg.ConsentTTL); err != nil {
		return nil, web.Fail(web.CodeDependencyDown, fmt.Errorf("onepage: %w", err))
	}
	res := apigen.GetOpenBankingLink200JSONResponse{Status: 200}
	res.ResultData.AuthUrl = c.AuthURL
	res.ResultData.ConsentId = c.ID
	return res, nil
}

// takeState takes the record of state out of Redis for this session; 100400 when there is none or it
// is not for consentID.
func (h *Handlers) takeState(ctx context.Context, s *session.Session, state, consentID string) (obReturn, error) {
	rctx, cancel := h.redisCtx(ctx)
	defer cancel()
	rec, err := oneuse.Take[obReturn](rctx, h.rdb, h.stateKey(s.ID, state))
	switch {
	case errors.Is(err, oneuse.ErrNotFound):
		return rec, web.FailWith(web.CodeBadRequest, msgOBExpired, errOBStateUnknown)
	case errors.Is(err, oneuse.ErrMalformed):
		return rec, web.Fail(web.CodeInternal, err)
	case err != nil:
		return rec, web.Fail(web.CodeDependencyDown, fmt.Errorf("onepage: %w", err))
	}
	if rec.ConsentID != consentID || rec.CustomerID != s.Subject {
		return rec, web.FailWith(web.CodeBadRequest, msgOBExpired, errOBStateUnknown)
	}
	return rec, nil
}

// restoreState puts a taken state back until its original expiry, when the provider could not be
// reached and the code may still be unused. Best effort: the caller is already failing.
func (h *Handlers) restoreState(ctx context.Context, s *session.Session, state string, rec obReturn) {
	rctx, cancel := h.redisCtx(context.WithoutCancel(ctx))
	defer cancel()
	oneuse.PutBack(rctx, h.rdb, h.stateKey(s.ID, state), rec, time.UnixMilli(rec.ExpiresAt))
}

// CompletedOB finishes connecting a bank with what the consent page returned.
func (h *Handlers) CompletedOB(ctx context.Context, req apigen.CompletedOBRequestObject) (apigen.CompletedOBResponseObject, error) {
	p := req.Params
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	rec, err := h.takeState(ctx, s, p.State, p.ConsentId)
	if errors.Is(err, errOBStateUnknown) {
		// A return that was already finished (a refresh of the page the bank sent the browser back to)
		// answers the journey again when that very consent is the one linked on the customer's own
		// application; anything else is refused.
		if info, ok := h.alreadyLinked(ctx, p.ConsentId); ok {
			return apigen.CompletedOB200JSONResponse{Status: 200, ResultData: info}, nil
		}
	}
	if err != nil {
		return nil, err
	}
	if p.Error != nil {
		if *p.Error == openbanking.ReturnErrorAccessDenied {
			return nil, web.FailWith(web.CodeBadRequest, msgOBCancelled, errors.New("onepage: the applicant cancelled at the bank"))
		}
		return nil, web.FailWith(web.CodeBadRequest, msgOBFailed, errors.New("onepage: the bank-consent page returned an error"))
	}
	if p.Code == nil {
		return nil, web.FailWith(web.CodeBadRequest, msgOBFailed, errors.New("onepage: no code returned"))
	}
	c, err := h.ob.ExchangeCode(ctx, p.ConsentId, *p.Code)
	switch {
	case errors.Is(err, openbanking.ErrInvalidCode), errors.Is(err, openbanking.ErrConsentNotFound):
		return nil, web.FailWith(web.CodeBadRequest, msgOBExpired, err)
	case err != nil:
		if errors.Is(err, transport.ErrUnavailable) || errors.Is(err, transport.ErrTimeout) {
			h.restoreState(ctx, s, p.State, rec)
		}
		return nil, web.FailUpstream(err)
	}
	if c.Status != openbanking.StatusAuthorised || c.CustomerReference != s.Subject {
		return nil, web.FailWith(web.CodeBadRequest, msgOBFailed, fmt.Errorf("onepage: consent %s after the exchange", c.Status))
	}
	a, err := h.lending.UpdateOpenBanking(ctx, rec.ApplicationID, lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: c.ID})
	if err != nil {
		return nil, journeystep.Error(err, msgOBFailed)
	}
	info, err := h.info(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.CompletedOB200JSONResponse{Status: 200, ResultData: info}, nil
}

// alreadyLinked answers the journey when consentID is the bank linked on the signed-in customer's
// latest application.
func (h *Handlers) alreadyLinked(ctx context.Context, consentID string) (apigen.OnePageApplicationInfo, bool) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil || a.OpenBanking.Status != lending.OpenBankingLinked || a.OpenBanking.ConsentID != consentID {
		return apigen.OnePageApplicationInfo{}, false
	}
	info, err := h.info(ctx, a)
	return info, err == nil
}

// SkipOpenBanking records the open-banking step as skipped (an addition to spec §7).
func (h *Handlers) SkipOpenBanking(ctx context.Context, _ apigen.SkipOpenBankingRequestObject) (apigen.SkipOpenBankingResponseObject, error) {
	info, err := h.step(ctx, journeystep.MsgSubmitted, func(id string) (lending.Application, error) {
		return h.lending.UpdateOpenBanking(ctx, id, lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped})
	})
	if err != nil {
		return nil, err
	}
	return apigen.SkipOpenBanking200JSONResponse{Status: 200, ResultData: info}, nil
}
