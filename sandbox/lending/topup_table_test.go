package lending

import (
	"net/http"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// topUpIn makes a top-up of cus_up_to_date and brings it to state from (approved, counteroffer,
// declined, withdrawn, expired, drawn_down, paid_out; and accepted_counteroffer, an approved one that
// was a counteroffer, and expired_approved, an approved one past its expiry) through the API and the sandbox clock.
func (h *harness) topUpIn(from string) lending.TopUp {
	h.t.Helper()
	create := func(income int64) lending.TopUp {
		var tu lending.TopUp
		h.must(h.do(http.MethodPost, "/top-ups", lending.CreateTopUpRequest{CustomerID: "cus_up_to_date", AmountPence: 10_000_00,
			TermMonths: 48, AnnualIncomePence: income, MonthlyHousingCostPence: 600_00}), http.StatusCreated, &tu)
		return tu
	}
	var tu lending.TopUp
	switch from {
	case lending.TopUpApproved, lending.TopUpDrawnDown, "paid_out", "expired_approved":
		tu = create(60_000_00)
	case lending.TopUpCounteroffer, lending.TopUpWithdrawn, lending.TopUpExpired, "accepted_counteroffer":
		tu = create(22_000_00) // affordable only in part
	case lending.TopUpDeclined:
		tu = create(12_000_00) // not even £500 more is affordable
	default:
		h.t.Fatalf("no top-up state %q", from)
	}
	switch from {
	case lending.TopUpWithdrawn, "accepted_counteroffer":
		h.must(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: from != lending.TopUpWithdrawn}),
			http.StatusOK, &tu)
	case lending.TopUpExpired, "expired_approved":
		h.at(tu.ExpiresAt)
		h.must(h.do(http.MethodGet, "/top-ups/"+tu.ID, nil), http.StatusOK, &tu)
	case lending.TopUpDrawnDown, "paid_out":
		h.must(h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: table-draw-1"), http.StatusCreated, &tu)
		if from == "paid_out" {
			h.at(h.clock.Now().Add(lending.TopUpPayoutDelay))
			h.must(h.do(http.MethodGet, "/top-ups/"+tu.ID, nil), http.StatusOK, &tu)
		}
	}
	return tu
}

// TestTopUpStateTable: each top-up state against each action — the counteroffer decision (accept,
// decline), the drawdown, and the sandbox clock passing the offer's expiry or the payout delay — with
// the state it leads to or the error that refuses it.
func TestTopUpStateTable(t *testing.T) {
	const (
		accept   = "accept"
		decline  = "decline"
		drawdown = "drawdown"
		expire   = "clock to the offer's expiry"
		almost   = "clock to just before the offer's expiry"
		payout   = "clock past the payout delay"
	)
	tests := []struct {
		from, action string
		// status is the top-up's state after the action; drawdown the payout's ("" for none); or code the
		// 409 error that refuses the action (the state then is unchanged).
		status, drawdown, code string
	}{
		{from: lending.TopUpApproved, action: accept, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpApproved, action: decline, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpApproved, action: drawdown, status: lending.TopUpDrawnDown, drawdown: lending.DrawdownPending},
		{from: lending.TopUpApproved, action: almost, status: lending.TopUpApproved},
		{from: lending.TopUpApproved, action: expire, status: lending.TopUpExpired},

		{from: lending.TopUpCounteroffer, action: accept, status: lending.TopUpApproved},
		{from: lending.TopUpCounteroffer, action: decline, status: lending.TopUpWithdrawn},
		{from: lending.TopUpCounteroffer, action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpCounteroffer, action: almost, status: lending.TopUpCounteroffer},
		{from: lending.TopUpCounteroffer, action: expire, status: lending.TopUpExpired},

		{from: "accepted_counteroffer", action: accept, status: lending.TopUpApproved}, // the same decision again
		{from: "accepted_counteroffer", action: decline, code: lending.CodeTopUpNotOpen},
		{from: "accepted_counteroffer", action: drawdown, status: lending.TopUpDrawnDown, drawdown: lending.DrawdownPending},
		{from: "accepted_counteroffer", action: expire, status: lending.TopUpExpired},

		{from: lending.TopUpDeclined, action: accept, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpDeclined, action: decline, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpDeclined, action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpDeclined, action: expire, status: lending.TopUpDeclined},

		{from: lending.TopUpWithdrawn, action: accept, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpWithdrawn, action: decline, status: lending.TopUpWithdrawn}, // the same decision again
		{from: lending.TopUpWithdrawn, action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpWithdrawn, action: expire, status: lending.TopUpWithdrawn},

		{from: lending.TopUpExpired, action: accept, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpExpired, action: decline, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpExpired, action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: "expired_approved", action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: "expired_approved", action: accept, code: lending.CodeTopUpNotOpen},

		{from: lending.TopUpDrawnDown, action: accept, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpDrawnDown, action: decline, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpDrawnDown, action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: lending.TopUpDrawnDown, action: payout, status: lending.TopUpDrawnDown, drawdown: lending.DrawdownPaidOut},
		{from: lending.TopUpDrawnDown, action: expire, status: lending.TopUpDrawnDown, drawdown: lending.DrawdownPaidOut},

		{from: "paid_out", action: drawdown, code: lending.CodeTopUpNotOpen},
		{from: "paid_out", action: accept, code: lending.CodeTopUpNotOpen},
		{from: "paid_out", action: payout, status: lending.TopUpDrawnDown, drawdown: lending.DrawdownPaidOut},
	}
	for _, tt := range tests {
		t.Run(tt.from+"/"+tt.action, func(t *testing.T) {
			h := newHarness(t)
			tu := h.topUpIn(tt.from)
			before := h.do(http.MethodGet, "/top-ups/"+tu.ID, nil)
			var a answer
			switch tt.action {
			case accept, decline:
				a = h.do(http.MethodPost, "/top-ups/"+tu.ID+"/counteroffer-decision", lending.TopUpDecisionRequest{Accept: tt.action == accept})
			case drawdown:
				a = h.do(http.MethodPost, "/top-ups/"+tu.ID+"/drawdown", nil, "Idempotency-Key: table-draw-2")
			case expire:
				h.at(tu.ExpiresAt)
			case almost:
				h.at(tu.ExpiresAt.Add(-time.Nanosecond))
			case payout:
				h.at(tu.Drawdown.RequestedAt.Add(lending.TopUpPayoutDelay))
			}
			if tt.code != "" {
				h.refused(a, http.StatusConflict, tt.code)
				if after := h.do(http.MethodGet, "/top-ups/"+tu.ID, nil); string(after.body) != string(before.body) {
					t.Fatalf("a refused %s changed the top-up:\n%s\n%s", tt.action, before.body, after.body)
				}
				return
			}
			var got lending.TopUp
			h.must(h.do(http.MethodGet, "/top-ups/"+tu.ID, nil), http.StatusOK, &got)
			if a.status != 0 {
				var answered lending.TopUp
				want := http.StatusOK
				if tt.action == drawdown {
					want = http.StatusCreated
				}
				h.must(a, want, &answered)
				if answered.Status != tt.status {
					t.Fatalf("answered %s, want %s", answered.Status, tt.status)
				}
			}
			if got.Status != tt.status {
				t.Fatalf("status %s, want %s", got.Status, tt.status)
			}
			switch {
			case tt.drawdown == "" && got.Drawdown != nil:
				t.Fatalf("drawdown %+v, want none", got.Drawdown)
			case tt.drawdown != "" && (got.Drawdown == nil || got.Drawdown.Status != tt.drawdown ||
				(got.Drawdown.PaidOutAt != nil) != (tt.drawdown == lending.DrawdownPaidOut)):
				t.Fatalf("drawdown %+v, want %s", got.Drawdown, tt.drawdown)
			}
			if got.Status == lending.TopUpDrawnDown {
				if old := h.loan(tu.LoanID); old.Status != lending.LoanStatusSettled || old.SettledBy != lending.SettledByTopUp {
					t.Fatalf("the settled loan %+v", old)
				}
			}
		})
	}
}
