package app

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// The e-mails that follow the lending core's events (bff/internal/notices): each decision, signature
// and payout is mailed once, in the application's brand, from the lending core's record alone.

// mailsByTemplate are the e-mails to email by template, waiting until each of want has come (the
// poller reads the lending core's feed every second); then every mail there is, counted.
func (st *stack) mailsByTemplate(email string, want ...string) map[string][]notify.Message {
	st.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := map[string][]notify.Message{}
		for _, m := range st.messages(email, notify.KindEmail) {
			got[m.Template] = append(got[m.Template], m)
		}
		all := true
		for _, w := range want {
			all = all && len(got[w]) > 0
		}
		if all {
			return got
		}
		if time.Now().After(deadline) {
			st.t.Fatalf("mails to the applicant: %v, want %v", templatesOf(got), want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func templatesOf(m map[string][]notify.Message) map[string]int {
	out := map[string]int{}
	for k, v := range m {
		out[k] = len(v)
	}
	return out
}

// startMailingStack starts a stack and waits until its poller follows the feed: a poller with no
// cursor yet starts at the feed's latest event (mails are for what happens from then on), so an event
// made before its first poll would never be mailed.
func startMailingStack(t *testing.T, env map[string]string) *stack {
	t.Helper()
	st := startStack(t, env)
	st.caughtUp()
	return st
}

// caughtUp waits until the poller's cursor has reached the lending core's latest event.
func (st *stack) caughtUp() {
	st.t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(10 * time.Second)
	for {
		feed, err := st.lending().Events(ctx, 0, 1)
		if err != nil {
			st.t.Fatal(err)
		}
		raw, _ := st.rdb().Get(ctx, "apptest:notices:cursor").Result()
		if n, err := strconv.ParseInt(raw, 10, 64); err == nil && n == feed.LatestSeq {
			return
		}
		if time.Now().After(deadline) {
			st.t.Fatalf("the poller's cursor %q never reached the feed's latest %d", raw, feed.LatestSeq)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func wantSays(t *testing.T, m notify.Message, words ...string) {
	t.Helper()
	for _, w := range words {
		if !strings.Contains(m.Text, w) {
			t.Fatalf("%s mail %q lacks %q:\n%s", m.Template, m.Subject, w, m.Text)
		}
	}
}

// TestApprovalSigningAndPayoutAreMailedOnceEach: the approval (with the loan's figures), the signature
// (the way to the signed agreement, a link that needs a sign-in) and the payout (the account, the first
// repayment as the loan has it) are mailed once each, even when the feed is read again from its start.
func TestApprovalSigningAndPayoutAreMailedOnceEach(t *testing.T) {
	t.Parallel()
	st := startMailingStack(t, approvalEnv)
	const email = "jo.mailed@example.com"
	a := st.approvedFor(email, "")
	creds := st.signIn(a.CustomerID)
	p := st.paidOut(a, "07700900883", &creds)
	loan, err := st.lending().Loan(context.Background(), p.LoanID)
	if err != nil || loan.NextPayment == nil {
		t.Fatalf("the loan %+v %v", loan, err)
	}
	signed := st.application(a.ID).Signature

	mails := st.mailsByTemplate(email, "application-approved", "agreement-signed", "loan-paid-out")
	approved, agreement, paid := mails["application-approved"][0], mails["agreement-signed"][0], mails["loan-paid-out"][0]
	if approved.Subject != "Your loan is approved – Meadow Loans" || !strings.Contains(approved.HTML, "Meadow Loans") {
		t.Fatalf("the approval is not in the brand: %q", approved.Subject)
	}
	wantSays(t, approved, "Hello Jo,", "Amount: "+loanquote.Pounds(a.Quote.AmountPence),
		"Monthly repayment: "+loanquote.Pounds(a.Quote.MonthlyInstalmentPence), "Representative APR: "+a.Quote.APRPercent+"%")
	wantSays(t, agreement, "You signed your credit agreement on "+uktime.Date(signed.SignedAt)+" at "+uktime.Clock(signed.SignedAt),
		"Read your signed agreement: http://127.0.0.1/#/loan-agreement", "Consumer Credit Act 1974")
	wantSays(t, paid, "We have paid "+loanquote.Pounds(loan.AmountPence)+" into your account ending 6819.",
		"Your first repayment of "+loanquote.Pounds(loan.NextPayment.AmountPence)+" is due on "+uktime.CivilDate(loan.NextPayment.DueDate))
	for _, m := range []notify.Message{approved, agreement, paid} {
		for _, l := range m.Links {
			if strings.Contains(l, "@") || strings.Contains(l, a.ID) || strings.Contains(l, a.CustomerID) || strings.Contains(l, "?") {
				t.Fatalf("a link carries personal data or ids: %s", l)
			}
		}
	}

	// Read again from the start (a cursor lost or gone back): nobody is mailed twice.
	st.caughtUp()
	st.readFeedAgain()
	if got := templatesOf(st.mailsByTemplate(email)); got["application-approved"] != 1 || got["agreement-signed"] != 1 || got["loan-paid-out"] != 1 {
		t.Fatalf("after the feed was read again: %v", got)
	}
}

// readFeedAgain puts the poller's cursor back to the start of the feed and waits until it has read
// it all again.
func (st *stack) readFeedAgain() {
	st.t.Helper()
	if err := st.rdb().Set(context.Background(), "apptest:notices:cursor", 0, 0).Err(); err != nil {
		st.t.Fatal(err)
	}
	st.caughtUp()
}

// TestASignatureAgainIsMailedAgainAndAMailSentIsNeverResent: signing again (sign_again) is a new
// signature and a new mail; read again, the first signature's mail, which would now say the second
// signature's time, counts as sent and holds nothing back.
func TestASignatureAgainIsMailedAgainAndAMailSentIsNeverResent(t *testing.T) {
	t.Parallel()
	st := startMailingStack(t, approvalEnv)
	ctx, l := context.Background(), st.lending()
	const email = "jo.twice@example.com"
	a := st.approvedFor(email, "")
	sign := func() {
		if _, err := l.SignAgreement(ctx, a.ID, lending.SignatureRequest{SignerName: "Jo Bloggs"}); err != nil {
			t.Fatal(err)
		}
	}
	sign()
	first := st.mailsByTemplate(email, "agreement-signed")["agreement-signed"][0]
	st.advanceClock("2h")
	if _, err := l.RequestAdditionalOperation(ctx, a.ID, lending.OpSignAgain); err != nil {
		t.Fatal(err)
	}
	sign()
	st.caughtUp()
	signed := st.mailsByTemplate(email, "agreement-signed")["agreement-signed"]
	if len(signed) != 2 || signed[0].Text == first.Text {
		t.Fatalf("signing again: %d mails", len(signed))
	}
	st.readFeedAgain()
	if got := templatesOf(st.mailsByTemplate(email)); got["agreement-signed"] != 2 || got["application-approved"] != 1 {
		t.Fatalf("after the feed was read again: %v", got)
	}
}

// TestDecisionsAreMailedIncludingAReferralDecidedLater: a decline with its reasons, a counteroffer with
// its figures, and a referral's approval a day later, learnt from the lending core with nobody looking.
func TestDecisionsAreMailedIncludingAReferralDecidedLater(t *testing.T) {
	t.Parallel()
	st := startMailingStack(t, approvalEnv)
	declined := st.approvedFor("jo.no+decline@example.com", "")
	countered := st.approvedFor("jo.less+counteroffer@example.com", "")
	referred := st.approvedFor("jo.later+refer@example.com", "")
	if declined.Status != lending.ApplicationDeclined || countered.Status != lending.ApplicationCounteroffer || referred.Status != lending.ApplicationReferred {
		t.Fatalf("fixtures %s %s %s", declined.Status, countered.Status, referred.Status)
	}

	no := st.mailsByTemplate("jo.no+decline@example.com", "application-declined")["application-declined"][0]
	wantSays(t, no, "we cannot offer you a loan", declined.Decision.Reasons[0].Text, "https://www.moneyhelper.org.uk/")
	less := st.mailsByTemplate("jo.less+counteroffer@example.com", "application-counteroffered")["application-counteroffered"][0]
	wantSays(t, less, "We cannot lend you the amount you asked for",
		"Amount: "+loanquote.Pounds(countered.Decision.Offer.AmountPence),
		"Monthly repayment: "+loanquote.Pounds(countered.Decision.Offer.MonthlyInstalmentPence))

	st.caughtUp()
	if got := st.messages("jo.later+refer@example.com", notify.KindEmail); len(got) != 0 {
		t.Fatalf("a referral is not a decision, yet it was mailed: %v", got[0].Subject)
	}
	// A day on, the underwriter's decision is mailed without anyone reading the application.
	st.advanceClock("24h")
	later := st.mailsByTemplate("jo.later+refer@example.com", "application-approved")["application-approved"][0]
	wantSays(t, later, "we have approved your loan", "Amount: "+loanquote.Pounds(referred.Quote.AmountPence))
}
