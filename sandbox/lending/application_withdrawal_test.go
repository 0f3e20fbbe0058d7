package lending

import (
	"net/http"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

var changedMind = lending.WithdrawalRequest{Reason: lending.WithdrawnApplicantChangedMind}

// TestWithdrawal: an approved applicant withdraws before signing; the same key answers the same
// withdrawal again, and a withdrawn application takes no further step and no drawdown.
func TestWithdrawal(t *testing.T) {
	h := newHarness(t)
	a := h.approved("withdraw@example.com")
	path := "/applications/" + a.ID + "/withdrawal"

	h.refused(h.do(http.MethodPost, path, lending.WithdrawalRequest{Reason: lending.WithdrawnStartOver}), http.StatusUnprocessableEntity,
		lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodPost, path, ""), http.StatusBadRequest, lending.CodeBadRequest)
	h.refused(h.do(http.MethodPost, path, `{"reason":"applicant_changed_mind","extra":1}`), http.StatusBadRequest, lending.CodeBadRequest)
	if got := h.app(a.ID); got.Status != lending.ApplicationApproved || got.Withdrawal != nil {
		t.Fatalf("refused requests changed it: %s %+v", got.Status, got.Withdrawal)
	}

	var w lending.Application
	h.must(h.do(http.MethodPost, path, changedMind, "Idempotency-Key: withdraw-1"), http.StatusOK, &w)
	if w.Status != lending.ApplicationWithdrawn || w.Withdrawal == nil || w.Withdrawal.Reason != lending.WithdrawnApplicantChangedMind ||
		!w.Withdrawal.At.Equal(testNow) || w.Withdrawal.ReplacedBy != "" {
		t.Fatalf("withdrawn = %s %+v", w.Status, w.Withdrawal)
	}
	// The legacy codes stay where they were: only the status says withdrawn.
	if w.ApprovalStatus != lending.ApprovalApproved || w.PreDispersalStatus != lending.PreDispersalPending || w.LoanID != "" {
		t.Fatalf("codes = %d %d %q", w.ApprovalStatus, w.PreDispersalStatus, w.LoanID)
	}
	again := h.do(http.MethodPost, path, changedMind, "Idempotency-Key: withdraw-1")
	var replayed lending.Application
	h.must(again, http.StatusOK, &replayed)
	if again.header.Get(httpjson.ReplayedHeader) != "true" || replayed.Withdrawal == nil || !replayed.Withdrawal.At.Equal(w.Withdrawal.At) {
		t.Fatalf("replay = %v %+v", again.header, replayed.Withdrawal)
	}
	second := h.do(http.MethodPost, path, changedMind)
	h.refused(second, http.StatusConflict, lending.CodeApplicationStatus)
	if !strings.Contains(second.message(), "withdrawn") {
		t.Fatalf("message %q", second.message())
	}

	// Closed: no step after approval, no drawdown (a new application may follow it: TestStartOverAfterClosing).
	h.refused(h.do(http.MethodPut, "/applications/"+a.ID+"/phone", lending.PhoneRequest{Phone: "07700 900555"}), http.StatusConflict,
		lending.CodeApplicationStatus)
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: a.ID}, "Idempotency-Key: withdrawn-draw"),
		http.StatusConflict, lending.CodeApplicationStatus)

	// The customer may apply again: a withdrawn application is not an open one.
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant("again@example.com")), http.StatusCreated, &check)
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: a.CustomerID, EligibilityCheckID: check.ID}),
		http.StatusCreated, nil)
}

// TestWithdrawalByStatus: every open status can be withdrawn; a closed one cannot.
func TestWithdrawalByStatus(t *testing.T) {
	h := newHarness(t)
	drawn := h.readyForDrawdown("withdraw-drawn@example.com")
	h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: drawn.ID}, "Idempotency-Key: withdraw-drawn"),
		http.StatusCreated, nil)
	startedOver := h.newApplication("withdraw-over@example.com", false)
	h.must(h.do(http.MethodPost, "/applications/"+startedOver.ID+"/start-over", struct{}{}), http.StatusCreated, nil)

	for _, tt := range []struct {
		status string
		app    lending.Application
		ok     bool
	}{
		{lending.ApplicationInProgress, h.newApplication("withdraw-new@example.com", true), true},
		{lending.ApplicationReferred, h.submitted("withdraw+refer@example.com"), true},
		{lending.ApplicationCounteroffer, h.submitted("withdraw+counteroffer@example.com"), true},
		{lending.ApplicationReadyForDrawdown, h.readyForDrawdown("withdraw-ready@example.com"), true},
		{lending.ApplicationDeclined, h.submitted("withdraw+decline@example.com"), false},
		{lending.ApplicationDrawnDown, h.app(drawn.ID), false},
		{lending.ApplicationWithdrawn, h.app(startedOver.ID), false},
	} {
		t.Run(tt.status, func(t *testing.T) {
			if tt.app.Status != tt.status {
				t.Fatalf("fixture is %s, want %s", tt.app.Status, tt.status)
			}
			ans := h.do(http.MethodPost, "/applications/"+tt.app.ID+"/withdrawal", changedMind)
			if !tt.ok {
				h.refused(ans, http.StatusConflict, lending.CodeApplicationStatus)
				return
			}
			var got lending.Application
			h.must(ans, http.StatusOK, &got)
			if got.Status != lending.ApplicationWithdrawn || got.Withdrawal.Reason != lending.WithdrawnApplicantChangedMind {
				t.Fatalf("%s: %s %+v", tt.app.Status, got.Status, got.Withdrawal)
			}
		})
	}
	h.refused(h.do(http.MethodPost, "/applications/app_nobody/withdrawal", changedMind), http.StatusNotFound, lending.CodeApplicationNotFound)
}
