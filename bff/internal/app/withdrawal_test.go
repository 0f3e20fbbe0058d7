package app

import (
	"context"
	"sync"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// accountApplication/withdrawApplication (screen change-my-mind) through the BFF, against the real
// sandbox and Redis.

const withdrawPath = "/accountApplication/withdrawApplication"

// TestWithdrawApplicationBeforeSigning: an approved applicant at the signature stage withdraws; the
// lending core has it withdrawn at their request, getApplicationInfo tells it apart by its status, and
// no step after approval opens again.
func TestWithdrawApplicationBeforeSigning(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	const customer = "cus_regstage_signature" // the persona at the signature stage
	creds := st.signIn(customer)

	res, env := st.post(withdrawPath, nil, nil)
	wantFailure(t, res, env, web.CodeUnauthenticated)

	_, env = st.post(withdrawPath, nil, &creds)
	p := decode[progressOf](t, env)
	if p.ApplicationID != "app_regstage_signature" || p.Status != lending.ApplicationWithdrawn || p.LoanID != "" {
		t.Fatalf("withdrawn: %+v", p)
	}
	a := st.application(p.ApplicationID)
	if a.Status != lending.ApplicationWithdrawn || a.Withdrawal == nil || a.Withdrawal.Reason != lending.WithdrawnApplicantChangedMind {
		t.Fatalf("lending core: %s %+v", a.Status, a.Withdrawal)
	}

	// Withdrawn is its status; the legacy codes stay those of an approved application.
	_, env = st.get("/accountApplication/getApplicationInfo", &creds)
	info := decode[applicationInfo](t, env)
	wantInfoOf(t, info, a)
	if info.Status != lending.ApplicationWithdrawn || info.ApprovalStatus != lending.ApprovalApproved {
		t.Fatalf("application info: %s %d", info.Status, info.ApprovalStatus)
	}

	// Asking again answers the same withdrawal (another tab, a lost answer).
	_, env = st.post(withdrawPath, nil, &creds)
	if again := decode[progressOf](t, env); again.Status != lending.ApplicationWithdrawn {
		t.Fatalf("again: %+v", again)
	}
	if now := st.application(p.ApplicationID); !now.Withdrawal.At.Equal(a.Withdrawal.At) {
		t.Fatalf("withdrawn a second time: %v then %v", a.Withdrawal.At, now.Withdrawal.At)
	}

	// The steps after approval are closed.
	res, env = st.post("/account/signaturePdf", map[string]string{"signerName": "Skyler Eaton"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	res, env = st.post("/application/drawdown", nil, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if loans, err := st.lending().CustomerLoans(context.Background(), customer); err != nil || len(loans) != 0 {
		t.Fatalf("loans %+v %v", loans, err)
	}
}

// TestWithdrawApplicationDoubleClick: concurrent withdrawals of one application withdraw it once and
// all succeed.
func TestWithdrawApplicationDoubleClick(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	a := st.approvedFor("withdraw-twice@example.com", "")
	creds := st.signIn(a.CustomerID)
	var wg sync.WaitGroup
	answers := make([]envelope, 4)
	for i := range answers {
		wg.Go(func() { _, answers[i] = st.post(withdrawPath, nil, &creds) })
	}
	wg.Wait()
	for i, env := range answers {
		if p := decode[progressOf](t, env); p.ApplicationID != a.ID || p.Status != lending.ApplicationWithdrawn {
			t.Fatalf("answer %d: %+v", i, p)
		}
	}
	if got := st.application(a.ID); got.Status != lending.ApplicationWithdrawn || got.Withdrawal.Reason != lending.WithdrawnApplicantChangedMind {
		t.Fatalf("lending core: %s %+v", got.Status, got.Withdrawal)
	}
}

// TestWithdrawApplicationRefused: the call acts on the signed-in customer's own latest application only,
// and says plainly why a closed one cannot be withdrawn.
func TestWithdrawApplicationRefused(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)

	// A customer with no application: 100404, as every application call; nobody else's is touched.
	other := st.approvedFor("withdraw-other@example.com", "")
	cu, err := st.lending().CreateCustomer(context.Background(), lending.CreateCustomerRequest{Email: "withdraw-none@example.com",
		FirstName: "Jo", LastName: "Bloggs", DateOfBirth: "1990-05-01"}, "")
	if err != nil {
		t.Fatal(err)
	}
	none := st.signIn(cu.ID)
	res, env := st.post(withdrawPath, nil, &none)
	wantFailure(t, res, env, web.CodeNotFound)
	if got := st.application(other.ID); got.Status != lending.ApplicationApproved {
		t.Fatalf("another customer's application: %s", got.Status)
	}

	// Drawn down: the loan is open, so it can no longer be withdrawn here.
	const ready = "cus_sign_over" // the persona whose every stage is done
	readyCreds := st.signIn(ready)
	_, env = st.post("/application/drawdown", nil, &readyCreds)
	if p := decode[progressOf](t, env); p.Status != lending.ApplicationDrawnDown {
		t.Fatalf("drawdown: %+v", p)
	}
	res, env = st.post(withdrawPath, nil, &readyCreds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "Your loan has already been opened, so your application can no longer be withdrawn. "+
		"You can still withdraw from your loan agreement within 14 days of it being made: contact us to do so." {
		t.Fatalf("drawn down: %q", env.ErrorMessage)
	}

	// Declined (the income confirmed cannot afford the loan): closed already.
	declined := st.submitted(st.inProgressFor("withdraw.low@example.com", ""), "withdraw.low@example.com", 12_000_00)
	if declined.Status != lending.ApplicationDeclined {
		t.Fatalf("fixture %s", declined.Status)
	}
	declinedCreds := st.signIn(declined.CustomerID)
	res, env = st.post(withdrawPath, nil, &declinedCreds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "Your application is already closed, so there is nothing to withdraw." {
		t.Fatalf("declined: %q", env.ErrorMessage)
	}
}

// TestWithdrawApplicationByStaff: staff acting for a borrower may withdraw at the borrower's request (the
// operation is not x-staff-forbidden), and the audit trail records it before it runs.
func TestWithdrawApplicationByStaff(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	a := st.approvedFor("withdraw-staff@example.com", "")
	staff := st.staffActing(a.CustomerID, "stf_demo")
	_, env := st.post(withdrawPath, nil, &staff)
	if p := decode[progressOf](t, env); p.Status != lending.ApplicationWithdrawn {
		t.Fatalf("staff withdrawal: %+v", p)
	}
	events, err := st.lending().AuditEvents(context.Background(), a.CustomerID)
	if err != nil || len(events) == 0 || events[0].Action != "withdrawApplication" || events[0].ActorID != "stf_demo" {
		t.Fatalf("audit trail %+v %v", events, err)
	}
}
