package lending

import (
	"net/http"
	"strings"
	"time"

	"lender/bff/upstream/lending"
)

// The hand-off from applications to loans.
//
// The loans part of the lending core opens a loan from an application that is ready_for_drawdown.
// Both calls below run under Provider.mu (the caller holds it), so a loans handler can check, create
// the loan and mark the application in one critical section:
//
//	p.mu.Lock()
//	d, perr := p.st.ApplicationForDrawdown(applicationID, now)
//	if perr != nil { p.mu.Unlock(); perr.write(w); return }
//	loan := … open the loan from d.Terms, d.Payee, d.CPACardToken …
//	perr = p.st.MarkDrawnDown(applicationID, loan.ID, now) // cannot fail after ApplicationForDrawdown under the same lock
//	p.mu.Unlock()
//
// After MarkDrawnDown the application is drawn_down with LoanID set and preDispersalStatus 1 (the
// borrower's area takes over); a second MarkDrawnDown answers 409 application_wrong_status naming the
// loan, so a retried drawdown can find the loan it made (Application.LoanID).

// DrawdownTerms are the loan's terms as approved and confirmed: the amount paid out, the term, the
// nominal rate (from the rate table) and the fee added to the credit (always 0 today).
type DrawdownTerms struct {
	AmountPence       int64
	TermMonths        int
	AnnualRatePercent lending.Percent
	FeePence          int64
}

// DrawdownPayee is the account the loan is paid into, confirmed by confirmation of payee, in full.
type DrawdownPayee struct {
	AccountName   string
	SortCode      string // six digits, no hyphens
	AccountNumber string // eight digits
}

// Drawdown is everything the loans part needs to open a loan from an application.
type Drawdown struct {
	// Application is the application as the API answers it (status ready_for_drawdown); its Quote
	// is the loan as confirmed, dated when it was priced: re-date the schedule from the drawdown day.
	Application  lending.Application
	CustomerID   string
	Terms        DrawdownTerms
	Payee        DrawdownPayee
	CPACardToken string // the payment gateway's card token for continuous payments
	Signature    lending.Signature
}

// ApplicationForDrawdown answers the drawdown terms of application id when it is ready_for_drawdown:
// 404 application_not_found, or 409 application_wrong_status for any other status. It changes
// nothing (a due referral aside). The caller holds Provider.mu.
func (st *state) ApplicationForDrawdown(id string, now time.Time) (Drawdown, *problem) {
	a, perr := st.application(id, now)
	if perr != nil {
		return Drawdown{}, perr
	}
	c := st.customers[a.customerID]
	f := a.facts(c, now)
	if a.wireStatus(f) != lending.ApplicationReadyForDrawdown {
		if a.status == lending.ApplicationDrawnDown {
			return Drawdown{}, conflict(a, "it was drawn down already as loan "+a.loanID)
		}
		return Drawdown{}, conflict(a, "only an application ready for drawdown can be drawn down (pending: "+pendingAfterApproval(f)+")")
	}
	return Drawdown{
		Application: a.wire(c, now),
		CustomerID:  a.customerID,
		Terms: DrawdownTerms{AmountPence: a.quote.AmountPence, TermMonths: a.quote.TermMonths,
			AnnualRatePercent: lending.Percent(a.quote.AnnualRatePercent), FeePence: a.quote.FeePence},
		Payee:        DrawdownPayee{AccountName: a.payee.AccountName, SortCode: a.payee.SortCode, AccountNumber: a.payee.AccountNumber},
		CPACardToken: a.cpa.CardToken,
		Signature:    *a.signature,
	}, nil
}

// MarkDrawnDown records that loan loanID was opened from application id, which must be
// ready_for_drawdown. The caller holds Provider.mu.
func (st *state) MarkDrawnDown(id, loanID string, now time.Time) *problem {
	if _, perr := st.ApplicationForDrawdown(id, now); perr != nil {
		return perr
	}
	if loanID == "" {
		return &problem{status: http.StatusInternalServerError, code: "internal", message: "a drawdown needs the loan's id"}
	}
	a := st.apps.byID[id]
	a.status, a.loanID, a.drawnDownAt, a.updatedAt = lending.ApplicationDrawnDown, loanID, now, now
	return nil
}

// pendingAfterApproval names what an approved application still lacks, or its status.
func pendingAfterApproval(f facts) string {
	if !f.approved {
		return "a decision to lend"
	}
	var out []string
	for _, s := range []struct {
		name string
		done bool
	}{
		{lending.StageSetPassword, f.pin}, {lending.StageSetPhone, f.phone}, {lending.StageConfirmationPayee, f.payee},
		{lending.StageSetCPA, f.cpa}, {lending.StageCommissionConsent, f.commission}, {lending.StageSignature, f.signed},
		{lending.StageIDV, f.identity}, {lending.StageAdditionalOps, f.noOps},
	} {
		if !s.done {
			out = append(out, s.name)
		}
	}
	return strings.Join(out, ", ")
}
