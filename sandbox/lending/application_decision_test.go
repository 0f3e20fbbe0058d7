package lending

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// TestDecisionPaths submits one application per persona rule and checks the decision, the legacy
// codes and the stages.
func TestDecisionPaths(t *testing.T) {
	tests := []struct {
		name     string
		email    string
		edit     func(h *harness, id string)
		status   string
		approval int
		pre      int
		outcome  string
		reason   string
		amount   int64 // the application's loan after the decision
	}{
		{"no tag: approved", "plain@example.com", nil, lending.ApplicationApproved, lending.ApprovalApproved,
			lending.PreDispersalPending, lending.OutcomeApproved, "", 5_000_00},
		{"+decline", "jo+decline@example.com", nil, lending.ApplicationDeclined, lending.ApprovalDeclined,
			lending.PreDispersalFailed, lending.OutcomeDeclined, lending.ReasonCreditHistory, 5_000_00},
		{"+refer", "jo+refer@example.com", nil, lending.ApplicationReferred, lending.ApprovalPending,
			lending.PreDispersalPending, lending.OutcomeReferred, lending.ReasonManualReview, 5_000_00},
		{"+counteroffer", "jo+counteroffer@example.com", nil, lending.ApplicationCounteroffer, lending.ApprovalCounteroffer,
			lending.PreDispersalPending, lending.OutcomeCounteroffer, lending.ReasonLowerAmount, 5_000_00},
		{"income confirmed lower than at the check: unaffordable", "poorer@example.com", func(h *harness, id string) {
			h.appStep(http.MethodPut, id, "income", lending.Income{AnnualIncomePence: 14_000_00, EmploymentStatus: lending.EmploymentPartTime,
				PayFrequency: lending.PayWeekly})
		}, lending.ApplicationDeclined, lending.ApprovalDeclined, lending.PreDispersalFailed, lending.OutcomeDeclined, lending.ReasonAffordability, 5_000_00},
		{"an income fall ahead: unaffordable", "falling@example.com", func(h *harness, id string) {
			h.appStep(http.MethodPut, id, "future-income-change", lending.FutureIncomeChange{Expected: true, Direction: lending.IncomeDecrease,
				Reason: lending.IncomeChangeRetirement, NewAnnualIncomePence: 12_000_00})
		}, lending.ApplicationDeclined, lending.ApprovalDeclined, lending.PreDispersalFailed, lending.OutcomeDeclined, lending.ReasonAffordability, 5_000_00},
		{"an income rise ahead changes nothing", "rising@example.com", func(h *harness, id string) {
			h.appStep(http.MethodPut, id, "future-income-change", lending.FutureIncomeChange{Expected: true, Direction: lending.IncomeIncrease,
				Reason: lending.IncomeChangeNewJob, NewAnnualIncomePence: 90_000_00})
		}, lending.ApplicationApproved, lending.ApprovalApproved, lending.PreDispersalPending, lending.OutcomeApproved, "", 5_000_00},
		{"a smaller loan confirmed", "smaller@example.com", func(h *harness, id string) {
			h.appStep(http.MethodPost, id, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 2_000_00})
		}, lending.ApplicationApproved, lending.ApprovalApproved, lending.PreDispersalPending, lending.OutcomeApproved, "", 2_000_00},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			a := h.newApplication(tt.email, false)
			h.completeJourney(a, tt.email)
			if tt.edit != nil {
				tt.edit(h, a.ID)
			}
			a = h.appStep(http.MethodPost, a.ID, "submission", struct{}{})
			d := a.Decision
			if a.Status != tt.status || a.ApprovalStatus != tt.approval || a.PreDispersalStatus != tt.pre || d == nil ||
				d.Outcome != tt.outcome || a.DecisionID != d.ID || a.Quote.AmountPence != tt.amount || !a.SubmittedAt.Equal(testNow) {
				t.Fatalf("submitted: %s approval %d pre %d decision %+v amount %d", a.Status, a.ApprovalStatus, a.PreDispersalStatus, d, a.Quote.AmountPence)
			}
			if (tt.reason == "") != (len(d.Reasons) == 0) || (tt.reason != "" && (d.Reasons[0].Code != tt.reason || d.Reasons[0].Text == "")) {
				t.Fatalf("reasons %+v, want %q", d.Reasons, tt.reason)
			}
			if d.Affordability == nil {
				t.Fatal("no affordability working")
			}
			contract, _ := a.RegStage.Value(lending.StageContractSubmitted)
			waiting, _ := a.RegStage.Value(lending.StageWaitingPage)
			if contract != 1 || waiting != stage(tt.outcome != lending.OutcomeReferred) || !a.JourneyMap.Submission.IsFinished {
				t.Fatalf("contractSubmitted %d, waitingPage %d, journey %+v", contract, waiting, a.JourneyMap.Submission)
			}
			var got lending.Decision
			h.must(h.do(http.MethodGet, "/applications/"+a.ID+"/decision", nil), http.StatusOK, &got)
			if got.ID != d.ID || got.Outcome != d.Outcome || len(got.Reasons) != len(d.Reasons) {
				t.Fatalf("GET decision = %+v, want %+v", got, d)
			}
		})
	}
}

// TestReferralIsDecidedOnTheSandboxClock moves the clock past DecisionDueAt: the referral is decided
// on the next read, as of DecisionDueAt, by the rules without the +refer tag.
func TestReferralIsDecidedOnTheSandboxClock(t *testing.T) {
	tests := []struct {
		email   string
		status  string
		outcome string
		reason  string
	}{
		{"jo+refer@example.com", lending.ApplicationApproved, lending.OutcomeApproved, ""},
		{"jo+refer+decline@example.com", lending.ApplicationDeclined, lending.OutcomeDeclined, lending.ReasonCreditHistory},
		{"jo+7+refer+counteroffer@example.com", lending.ApplicationCounteroffer, lending.OutcomeCounteroffer, lending.ReasonLowerAmount},
	}
	for _, tt := range tests {
		t.Run(tt.email, func(t *testing.T) {
			h := newHarness(t)
			a := h.submitted(tt.email)
			due := testNow.Add(ReferralDelay)
			if a.Status != lending.ApplicationReferred || !a.Decision.DecisionDueAt.Equal(due) || !a.Decision.ReferredAt.Equal(testNow) ||
				!a.Decision.DecidedAt.IsZero() {
				t.Fatalf("submitted: %s %+v", a.Status, a.Decision)
			}
			h.clock.Advance(ReferralDelay - time.Second)
			if got := h.app(a.ID); got.Status != lending.ApplicationReferred {
				t.Fatalf("a second early: %s", got.Status)
			}
			h.clock.Advance(time.Hour)
			got := h.app(a.ID)
			d := got.Decision
			if got.Status != tt.status || d.Outcome != tt.outcome || d.ID != a.Decision.ID || !d.DecidedAt.Equal(due) ||
				!d.ReferredAt.Equal(testNow) || (tt.reason == "") != (len(d.Reasons) == 0) || (tt.reason != "" && d.Reasons[0].Code != tt.reason) {
				t.Fatalf("after the delay: %s %+v", got.Status, d)
			}
			if waiting, _ := got.RegStage.Value(lending.StageWaitingPage); waiting != 1 {
				t.Fatal("waitingPage still pending")
			}
			if tt.outcome == lending.OutcomeApproved && got.Quote.QuotedOn != "2026-03-05" {
				t.Fatalf("the approved quote is dated %s, want the due date 2026-03-05", got.Quote.QuotedOn)
			}
		})
	}
}

func TestAfterReferral(t *testing.T) {
	for in, want := range map[string]string{
		"jo+refer@example.com":           "jo@example.com",
		"jo+REFER+decline@example.com":   "jo+decline@example.com",
		"jo+7+refer+x@example.com":       "jo+x@example.com",
		"jo+decline+refer@example.com":   "jo+decline+refer@example.com",
		"jo@example.com":                 "jo@example.com",
		"jo+counteroffer@example.com":    "jo+counteroffer@example.com",
		"jo+news+refer+news@example.com": "jo+news@example.com",
		"no-at-sign+refer":               "no-at-sign+refer",
	} {
		if got := afterReferral(in); got != want {
			t.Errorf("afterReferral(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestCounteroffer(t *testing.T) {
	h := newHarness(t)
	a := h.submitted("jo+counteroffer@example.com")
	offer := a.Decision.Offer
	if offer == nil || offer.AmountPence != 3_000_00 || offer.TermMonths != 24 || offer.AnnualRatePercent != "14.9" {
		t.Fatalf("offer %+v", offer)
	}
	h.clock.Advance(48 * time.Hour)
	accepted := h.appStep(http.MethodPost, a.ID, "counteroffer-response", lending.CounterofferResponse{Accept: true})
	if accepted.Status != lending.ApplicationApproved || accepted.ApprovalStatus != lending.ApprovalApproved ||
		accepted.Quote.AmountPence != 3_000_00 || accepted.Quote.QuotedOn != "2026-03-06" ||
		accepted.Decision.Response != lending.CounterofferAccepted || accepted.Decision.Outcome != lending.OutcomeCounteroffer {
		t.Fatalf("accepted: %s %d %+v %+v", accepted.Status, accepted.ApprovalStatus, accepted.Quote.AmountPence, accepted.Decision)
	}
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/counteroffer-response", lending.CounterofferResponse{Accept: true}),
		http.StatusConflict, lending.CodeApplicationStatus)

	b := h.submitted("jo+counteroffer+2@example.com")
	declined := h.appStep(http.MethodPost, b.ID, "counteroffer-response", lending.CounterofferResponse{})
	if declined.Status != lending.ApplicationWithdrawn || declined.ApprovalStatus != lending.ApprovalCounteroffer ||
		declined.Withdrawal == nil || declined.Withdrawal.Reason != lending.WithdrawnCounterofferDeclined ||
		declined.Decision.Response != lending.CounterofferDeclined {
		t.Fatalf("declined: %s %+v %+v", declined.Status, declined.Withdrawal, declined.Decision)
	}
}

// TestACheckCounterofferTakenIsTheLoan: an application opened from an eligibility check's counteroffer
// (the applicant took it) is for the offer, never more, and is approved for it at submission: the
// rules, run again on the loan first asked for, offer it again, so it is not offered a second time.
func TestACheckCounterofferTakenIsTheLoan(t *testing.T) {
	h := newHarness(t)
	const email = "jo+counteroffer@example.com"
	check := h.checkFor(email)
	if check.Outcome != lending.OutcomeCounteroffer || check.Quote.AmountPence != 3_000_00 || check.RequestedAmountPence != 5_000_00 {
		t.Fatalf("the check: %+v", check)
	}
	var reg lending.Registration
	h.must(h.do(http.MethodPost, "/registrations", registrationOf(email, check.ID)), http.StatusCreated, &reg)
	a := reg.Application
	if a.Quote.AmountPence != check.Quote.AmountPence || a.Quote.TermMonths != check.Quote.TermMonths ||
		a.Quote.MonthlyInstalmentPence != check.Quote.MonthlyInstalmentPence || a.Quote.APRPercent != check.Quote.APRPercent {
		t.Fatalf("the application's loan %+v, want the offer %+v", a.Quote, *check.Quote)
	}

	// The loan may change within the offer, never above it.
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 3_000_01, TermMonths: 24}),
		http.StatusUnprocessableEntity, lending.CodeAmountAboveApproved)
	lower := h.appStep(http.MethodPost, a.ID, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 2_500_00, TermMonths: 36})
	if lower.Quote.AmountPence != 2_500_00 || lower.Quote.TermMonths != 36 {
		t.Fatalf("a lower loan: %+v", lower.Quote)
	}
	h.appStep(http.MethodPost, a.ID, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 3_000_00, TermMonths: 24})
	h.completeJourney(a, email)

	var decided lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/submission", struct{}{}), http.StatusOK, &decided)
	if decided.Status != lending.ApplicationApproved || decided.ApprovalStatus != lending.ApprovalApproved ||
		decided.Decision.Outcome != lending.OutcomeApproved || decided.Decision.Offer != nil || len(decided.Decision.Reasons) != 0 ||
		decided.Quote.AmountPence != 3_000_00 || decided.Quote.MonthlyInstalmentPence != check.Quote.MonthlyInstalmentPence ||
		decided.Quote.APRPercent != check.Quote.APRPercent {
		t.Fatalf("decided: %s %+v, the loan %+v", decided.Status, decided.Decision, decided.Quote)
	}

	// A start-over keeps the offer's cap.
	h.appStep(http.MethodPost, decided.ID, "withdrawal", lending.WithdrawalRequest{Reason: lending.WithdrawnApplicantChangedMind})
	var fresh lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+decided.ID+"/start-over", struct{}{}), http.StatusCreated, &fresh)
	h.refused(h.do(http.MethodPost, "/applications/"+fresh.ID+"/loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 5_000_00, TermMonths: 24}),
		http.StatusUnprocessableEntity, lending.CodeAmountAboveApproved)

	// The back office's call cannot open one above the offer either.
	other := h.checkFor("sam+counteroffer@example.com")
	var cu lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: "sam+counteroffer@example.com", FirstName: "Jo",
		LastName: "Bloggs", DateOfBirth: "1990-05-01"}), http.StatusCreated, &cu)
	h.refused(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: other.ID,
		AmountPence: 5_000_00}), http.StatusUnprocessableEntity, lending.CodeAmountAboveApproved)
}

// TestSubmitIdempotency: a repeated key answers the first outcome; concurrent duplicates decide once.
func TestSubmitIdempotency(t *testing.T) {
	h := newHarness(t)
	const email = "idem@example.com"
	a := h.newApplication(email, true)
	h.completeJourney(a, email)
	path := "/applications/" + a.ID + "/submission"

	const n = 8
	var wg sync.WaitGroup
	answers := make([]answer, n)
	for i := range n {
		wg.Go(func() { answers[i] = h.do(http.MethodPost, path, struct{}{}, "Idempotency-Key: submit-1") })
	}
	wg.Wait()
	var first lending.Application
	replays := 0
	for i, ans := range answers {
		var got lending.Application
		h.must(ans, http.StatusOK, &got)
		if i == 0 {
			first = got
		}
		if got.DecisionID != first.DecisionID || got.DecisionID == "" {
			t.Fatalf("answer %d has decision %q, want %q", i, got.DecisionID, first.DecisionID)
		}
		if ans.header.Get(httpjson.ReplayedHeader) == "true" {
			replays++
		}
	}
	if replays != n-1 {
		t.Fatalf("%d replays, want %d", replays, n-1)
	}
	h.refused(h.do(http.MethodPost, path, struct{}{}), http.StatusConflict, lending.CodeApplicationStatus)
	h.refused(h.do(http.MethodPost, path, struct{}{}, "Idempotency-Key: submit-2"), http.StatusConflict, lending.CodeApplicationStatus)
	other := h.newApplication("idem-other@example.com", true)
	h.refused(h.do(http.MethodPost, "/applications/"+other.ID+"/submission", struct{}{}, "Idempotency-Key: submit-1"),
		http.StatusConflict, httpjson.CodeIdempotencyConflict)
	h.refused(h.do(http.MethodPost, path, struct{}{}, "Idempotency-Key: bad key"), http.StatusBadRequest, httpjson.CodeInvalidIdempotencyKey)

	// an incomplete submission does not use its key up
	b := h.newApplication("idem-late@example.com", true)
	h.refused(h.do(http.MethodPost, "/applications/"+b.ID+"/submission", struct{}{}, "Idempotency-Key: submit-3"),
		http.StatusConflict, lending.CodeApplicationIncomplete)
	h.completeJourney(b, "idem-late@example.com")
	var late lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+b.ID+"/submission", struct{}{}, "Idempotency-Key: submit-3"), http.StatusOK, &late)
	if late.Status != lending.ApplicationApproved {
		t.Fatalf("late = %s", late.Status)
	}
	var raw map[string]any
	if err := json.Unmarshal(answers[0].body, &raw); err != nil || raw["decision"] == nil {
		t.Fatalf("answer without its decision: %s", answers[0].body)
	}
}

// TestTheChecksFeeStaysWithTheApplication: the fee a check is priced with (the brand's) is the
// application's, and its decision reprices with it.
func TestTheChecksFeeStaysWithTheApplication(t *testing.T) {
	h := newHarness(t)
	const email = "fee@example.com"
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: email, FirstName: "Jo", LastName: "Bloggs",
		DateOfBirth: "1990-05-01"}), http.StatusCreated, &c)
	req := applicant("check@example.com")
	req.FeePence = 12_00
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", req), http.StatusCreated, &check)
	if check.Quote == nil || check.Quote.FeePence != 12_00 || check.Quote.CreditPence != check.Quote.AmountPence+12_00 {
		t.Fatalf("the check's quote %+v, want the £12 fee in its credit", check.Quote)
	}
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: c.ID, EligibilityCheckID: check.ID}),
		http.StatusCreated, &a)
	h.completeJourney(a, email)
	a = h.appStep(http.MethodPost, a.ID, "submission", struct{}{})
	if a.Status != lending.ApplicationApproved || a.Quote.FeePence != 12_00 || a.Quote.MonthlyInstalmentPence != check.Quote.MonthlyInstalmentPence {
		t.Fatalf("the decided application %s, quote %+v; want the check's %+v", a.Status, a.Quote, check.Quote)
	}
}
