package app

import (
	"context"
	"strings"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

// The loan a counteroffer leaves: whichever way it is taken (the eligibility check's, before
// registration, or the submitted application's), the confirm screen, the application, the agreement and
// the dashboard all show the offer's amount, term, instalment and APR afterwards.

// loanFigures are the figures a person compares between screens.
type loanFigures struct {
	amountPence, instalmentPence int64
	termMonths                   int
	apr                          string
}

func figuresOf(q lending.Quote) loanFigures {
	return loanFigures{amountPence: q.AmountPence, instalmentPence: q.MonthlyInstalmentPence, termMonths: q.TermMonths, apr: q.APRPercent}
}

// paidOut does the steps after approval of application a in the lending core (a PIN, the phone, the
// payee, the card, the signature, identity), then asks the BFF to pay the loan out, as signOver does.
func (st *stack) paidOut(a lending.Application, phone string, creds *credentials) progressOf {
	st.t.Helper()
	ctx, l := context.Background(), st.lending()
	cu, err := l.Customer(ctx, a.CustomerID)
	if err != nil {
		st.t.Fatal(err)
	}
	name := cu.FirstName + " " + cu.LastName
	if _, err := l.SetPIN(ctx, a.CustomerID, "2468"); err != nil {
		st.t.Fatal(err)
	}
	steps := []func() (lending.Application, error){
		func() (lending.Application, error) { return l.SetApplicationPhone(ctx, a.ID, phone) },
		func() (lending.Application, error) {
			_, err := l.ConfirmPayee(ctx, a.ID, lending.PayeeRequest{AccountName: name, SortCode: "99-01-02", AccountNumber: "31926819"})
			return a, err
		},
		func() (lending.Application, error) { return l.AttachCPA(ctx, a.ID, "card_test_"+a.ID) },
		func() (lending.Application, error) {
			return l.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: name})
		},
		func() (lending.Application, error) { return l.RecordIdentityVerified(ctx, a.ID, "idc_test") },
	}
	for _, step := range steps {
		if _, err := step(); err != nil {
			st.t.Fatal(err)
		}
	}
	res, env := st.post("/application/drawdown", nil, creds)
	if res.StatusCode != 200 || env.ErrorCode != 0 {
		st.t.Fatalf("drawdown: HTTP %d %+v", res.StatusCode, env)
	}
	return decode[progressOf](st.t.(*testing.T), env)
}

// wantTheLoanEverywhere checks the application, the agreement and the dashboard against want.
func (st *stack) wantTheLoanEverywhere(applicationID string, want loanFigures, creds *credentials) {
	st.t.Helper()
	t := st.t.(*testing.T)
	a := st.application(applicationID)
	if got := figuresOf(a.Quote); got != want {
		t.Fatalf("the lending core's application: %+v, want %+v", got, want)
	}
	_, env := st.post("/account/getReplaceContent", map[string]string{"page": "loan-agreement"}, creds)
	html := decode[struct{ HTML string }](t, env).HTML
	for _, figure := range []string{credit.FormatPounds(want.amountPence), credit.FormatPounds(want.instalmentPence), want.apr + "%"} {
		if !strings.Contains(html, figure) {
			t.Fatalf("the agreement does not say %s", figure)
		}
	}
	_, env = st.get("/loanAction/loanSummary", creds)
	s := decode[struct {
		AmountPence            int64  `json:"amountPence"`
		TermMonths             int    `json:"termMonths"`
		MonthlyInstalmentPence int64  `json:"monthlyInstalmentPence"`
		AprPercent             string `json:"aprPercent"`
	}](t, env)
	if got := (loanFigures{amountPence: s.AmountPence, instalmentPence: s.MonthlyInstalmentPence, termMonths: s.TermMonths, apr: s.AprPercent}); got != want {
		t.Fatalf("the dashboard: %+v, want %+v", got, want)
	}
}

// TestACheckCounterofferAcceptedIsTheLoanEverywhere: a +counteroffer applicant asks for £5,000, is
// offered £3,000 by the soft check and takes it by registering (CheckCounteroffer): from then on the
// loan is £3,000 at the offer's instalment and APR, and submission does not offer it again.
func TestACheckCounterofferAcceptedIsTheLoanEverywhere(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	const email = "sam+counteroffer@example.com"
	checkID, cookie := st.softCheck(softCheckBody(email))
	check, err := st.lending().EligibilityCheck(context.Background(), checkID)
	if err != nil || check.Outcome != lending.OutcomeCounteroffer || check.Quote == nil || check.Quote.AmountPence != 3_000_00 {
		t.Fatalf("the check: %+v %v", check, err)
	}
	offer := figuresOf(*check.Quote)

	r, creds := st.signedIn(st.register(registration(checkID, email), cookie))
	// The confirm screen (quote_review_b) shows the application's loan: the offer.
	_, env := st.get("/onePage/application/getOnePageApplicationInfo", &creds)
	loan := decode[onePageInfo](t, env).Loan
	if got := (loanFigures{amountPence: loan.AmountPence, instalmentPence: loan.MonthlyInstalmentPence, termMonths: loan.TermMonths, apr: loan.AprPercent}); got != offer {
		t.Fatalf("the loan to confirm: %+v, want the offer %+v", got, offer)
	}
	// More than the offer is refused in words; the offer is confirmed.
	st.refused("/onePage/application/confirmYourLoan", map[string]any{"amountPence": 5_000_00, "termMonths": 24}, &creds, journeystep.MsgAboveOffer)

	st.step("/onePage/user/emailSoftConfirmation", map[string]string{"token": st.mailedToken(email)}, &creds)
	st.completeStepsAt(email, &creds, offer.amountPence)
	st.step("/onePage/application/skipOpenBanking", struct{}{}, &creds)
	res, env := st.submit("/onePage/application/submitApplicationToRender", "key-check-offer", &creds)
	if res.StatusCode != 200 || env.ErrorCode != 0 {
		t.Fatalf("submit: HTTP %d %+v", res.StatusCode, env)
	}
	s := decode[onePageStatus](t, env)
	if s.Status != lending.ApplicationApproved || s.Decision == nil || s.Decision.Outcome != lending.OutcomeApproved ||
		s.Decision.Counteroffer != nil || s.ApprovalStatus != lending.ApprovalApproved {
		t.Fatalf("submission offered again or did not approve: %+v", s)
	}

	if p := st.paidOut(st.application(r.ApplyID), "07700900881", &creds); p.Status != lending.ApplicationDrawnDown {
		t.Fatalf("after the drawdown: %+v", p)
	}
	st.wantTheLoanEverywhere(r.ApplyID, offer, &creds)
}

// TestAnApplicationCounterofferAcceptedIsTheLoanEverywhere: the other counteroffer, made on a submitted
// application and taken with accountApplication/counterofferResponse, leaves the offer everywhere too.
func TestAnApplicationCounterofferAcceptedIsTheLoanEverywhere(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	a := st.approvedFor("sam.taylor+counteroffer@example.com", "")
	if a.Status != lending.ApplicationCounteroffer || a.Decision.Offer == nil {
		t.Fatalf("fixture: %s %+v", a.Status, a.Decision)
	}
	offer := figuresOf(*a.Decision.Offer)
	creds := st.signIn(a.CustomerID)
	_, env := st.post("/accountApplication/counterofferResponse", map[string]bool{"accept": true}, &creds)
	if p := decode[progressOf](t, env); p.Status != lending.ApplicationApproved {
		t.Fatalf("accepted: %+v", p)
	}
	_, env = st.get("/accountApplication/getApplicationInfo", &creds)
	info := decode[applicationInfo](t, env)
	if got := (loanFigures{amountPence: info.Loan.AmountPence, instalmentPence: info.Loan.MonthlyInstalmentPence, termMonths: info.Loan.TermMonths, apr: info.Loan.AprPercent}); got != offer {
		t.Fatalf("the application info: %+v, want the offer %+v", got, offer)
	}
	res, env := st.post("/accountApplication/confirmLoanDetails", map[string]any{"amountPence": 5_000_00, "termMonths": 24}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)

	st.paidOut(st.application(a.ID), "07700900882", &creds)
	st.wantTheLoanEverywhere(a.ID, offer, &creds)
}
