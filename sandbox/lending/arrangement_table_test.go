package lending

import (
	"net/http"
	"testing"

	"lender/bff/upstream/lending"
)

// TestArrangementStateTable: an arrangement on loan_arrears (£60 a month on 10 March, April and May
// 2026) against the repayments recorded and the sandbox clock: active until a planned date passes
// short (breached, for good) or the last date passes without a miss or the loan is settled
// (completed); a new arrangement is refused while one is active or the loan is settled.
func TestArrangementStateTable(t *testing.T) {
	const id = "loan_arrears"
	dates := []string{"2026-03-10", "2026-04-10", "2026-05-10"}
	payOn := func(h *harness, n int, amount int64) { // planned payment n (from 0) on its date
		h.on(dates[n])
		h.repay(id, amount)
	}
	tests := []struct {
		name   string
		action func(h *harness)
		// status and breachedOn / completedOn of the arrangement after the action
		status, breachedOn, completedOn string
		// another: the answer to a new arrangement afterwards (201, or 409 with code)
		anotherStatus int
		anotherCode   string
	}{
		{name: "active, made today", action: func(*harness) {},
			status: lending.ArrangementActive, anotherStatus: http.StatusConflict, anotherCode: lending.CodeArrangementExists},
		{name: "active, on the first date unpaid", action: func(h *harness) { h.on(dates[0]) },
			status: lending.ArrangementActive, anotherStatus: http.StatusConflict, anotherCode: lending.CodeArrangementExists},
		{name: "active → breached, the first date passes unpaid", action: func(h *harness) { h.on("2026-03-11") },
			status: lending.ArrangementBreached, breachedOn: "2026-03-11", anotherStatus: http.StatusCreated},
		{name: "active → breached, the first date passes part paid", action: func(h *harness) { payOn(h, 0, 30_00); h.on("2026-03-11") },
			status: lending.ArrangementBreached, breachedOn: "2026-03-11", anotherStatus: http.StatusCreated},
		{name: "active, the first paid and its date passed", action: func(h *harness) { payOn(h, 0, 60_00); h.on("2026-03-11") },
			status: lending.ArrangementActive, anotherStatus: http.StatusConflict, anotherCode: lending.CodeArrangementExists},
		{name: "active → breached, the second missed", action: func(h *harness) { payOn(h, 0, 60_00); h.on("2026-04-11") },
			status: lending.ArrangementBreached, breachedOn: "2026-04-11", anotherStatus: http.StatusCreated},
		{name: "breached stays breached when paid late", action: func(h *harness) {
			h.on("2026-03-11")
			h.repay(id, 180_00)
			h.on("2026-06-01")
		}, status: lending.ArrangementBreached, breachedOn: "2026-03-11", anotherStatus: http.StatusCreated},
		{name: "active, every payment made, on the last date", action: func(h *harness) {
			for n := range dates {
				payOn(h, n, 60_00)
			}
		}, status: lending.ArrangementActive, anotherStatus: http.StatusConflict, anotherCode: lending.CodeArrangementExists},
		{name: "active → completed, the last date passes without a miss", action: func(h *harness) {
			for n := range dates {
				payOn(h, n, 60_00)
			}
			h.on("2026-05-11")
		}, status: lending.ArrangementCompleted, completedOn: "2026-05-10", anotherStatus: http.StatusCreated},
		{name: "active → completed, all paid ahead today and the last date passed", action: func(h *harness) {
			h.repay(id, 180_00)
			h.on("2026-05-11")
		}, status: lending.ArrangementCompleted, completedOn: "2026-05-10", anotherStatus: http.StatusCreated},
		{name: "active → completed, the loan settled", action: func(h *harness) {
			var q lending.SettlementQuote
			h.must(h.do(http.MethodPost, "/loans/"+id+"/settlement-quotes", struct{}{}), http.StatusCreated, &q)
			h.must(h.payQuote(id, q.ID, q.TotalToSettlePence, "arr-settle"), http.StatusCreated, nil)
		}, status: lending.ArrangementCompleted, completedOn: isoDate(loanDay(testNow)),
			anotherStatus: http.StatusConflict, anotherCode: lending.CodeLoanSettled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var a lending.Arrangement
			h.must(h.do(http.MethodPost, "/loans/"+id+"/arrangements", lending.ArrangementRequest{Type: lending.ArrangementReduced,
				MonthlyAmountPence: 60_00, Months: 3, FirstPaymentDate: dates[0]}), http.StatusCreated, &a)
			if a.Status != lending.ArrangementActive {
				t.Fatalf("made %s", a.Status)
			}
			tt.action(h)
			got := h.arrangement(id, a.ID)
			if got.Status != tt.status || got.BreachedOn != tt.breachedOn || got.CompletedOn != tt.completedOn {
				t.Fatalf("arrangement %s (breached on %q, completed on %q), want %s (%q, %q)", got.Status, got.BreachedOn, got.CompletedOn,
					tt.status, tt.breachedOn, tt.completedOn)
			}
			if l := h.loan(id); tt.status == lending.ArrangementActive && (l.Arrangement == nil || l.Arrangement.ID != a.ID) {
				t.Fatalf("the loan's arrangement %+v", l.Arrangement)
			}
			another := h.do(http.MethodPost, "/loans/"+id+"/arrangements", lending.ArrangementRequest{Type: lending.ArrangementToken,
				MonthlyAmountPence: 1_00, Months: 3})
			if tt.anotherCode != "" {
				h.refused(another, tt.anotherStatus, tt.anotherCode)
				return
			}
			var next lending.Arrangement
			h.must(another, tt.anotherStatus, &next)
			if next.Status != lending.ArrangementActive {
				t.Fatalf("the next arrangement %+v", next)
			}
			// The first keeps its final state.
			if again := h.arrangement(id, a.ID); again.Status != tt.status {
				t.Fatalf("after a new arrangement: %s", again.Status)
			}
		})
	}
}
