package lending

import (
	"net/http"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// payQuote records a settlement repayment of amount against quote id of loanID.
func (h *harness) payQuote(loanID, id string, amount int64, ref string) answer {
	h.t.Helper()
	return h.do(http.MethodPost, "/loans/"+loanID+"/repayments", lending.RepaymentRequest{AmountPence: amount, Method: lending.RepaymentMethodCard,
		PaymentReference: ref, Type: lending.RepaymentTypeSettlement, SettlementQuoteID: id})
}

// toSettleNow is what settles loanID now under quote q (what a valid quote asks for after instalments
// paid or fallen due since it was given).
func (h *harness) toSettleNow(loanID string, q lending.SettlementQuote) int64 {
	h.t.Helper()
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	return h.p.st.loanState().Loans[loanID].toSettle(&q)
}

// TestSettlementQuoteStateTable: a settlement quote is valid when given; it expires at the end of its
// settlement date on the sandbox clock, goes stale when the loan's schedule changes (an overpayment),
// stays valid through an instalment paid meanwhile (for the lower figure), and is used when paid: the
// loan is settled and nothing more can be paid or quoted. Each row: the state reached, the action,
// and the answer (201 settles the loan; otherwise the error code).
func TestSettlementQuoteStateTable(t *testing.T) {
	const id = "loan_up_to_date"
	const (
		valid           = "valid"
		validAfterInst  = "valid, an instalment paid since"
		validLastMoment = "valid, the last instant before expiry"
		expired         = "expired"
		stale           = "stale"
		expiredAndStale = "expired and stale"
		used            = "used"
	)
	const (
		payExact     = "pay the figure"
		payWrong     = "pay a penny less"
		payAgain     = "pay it again (a new reference)"
		replay       = "replay the settling payment (its reference)"
		newQuote     = "ask for a new quote"
		payUnknown   = "pay a quote that does not exist"
		payOnAnother = "pay it on another loan"
	)
	tests := []struct {
		from, action string
		status       int
		code         string // "" for a success
	}{
		{from: valid, action: payExact, status: http.StatusCreated},
		{from: valid, action: payWrong, status: http.StatusUnprocessableEntity, code: lending.CodeSettlementMismatch},
		{from: valid, action: newQuote, status: http.StatusCreated},
		{from: valid, action: payUnknown, status: http.StatusNotFound, code: lending.CodeQuoteNotFound},
		{from: valid, action: payOnAnother, status: http.StatusNotFound, code: lending.CodeQuoteNotFound},
		{from: validAfterInst, action: payExact, status: http.StatusCreated},
		{from: validAfterInst, action: payWrong, status: http.StatusUnprocessableEntity, code: lending.CodeSettlementMismatch},
		{from: validLastMoment, action: payExact, status: http.StatusCreated},
		{from: expired, action: payExact, status: http.StatusGone, code: lending.CodeQuoteExpired},
		{from: expired, action: payWrong, status: http.StatusGone, code: lending.CodeQuoteExpired},
		{from: expired, action: newQuote, status: http.StatusCreated},
		{from: stale, action: payExact, status: http.StatusConflict, code: lending.CodeQuoteStale},
		{from: stale, action: newQuote, status: http.StatusCreated},
		{from: expiredAndStale, action: payExact, status: http.StatusGone, code: lending.CodeQuoteExpired},
		{from: used, action: payExact, status: http.StatusConflict, code: lending.CodeLoanSettled},
		{from: used, action: payAgain, status: http.StatusConflict, code: lending.CodeLoanSettled},
		{from: used, action: replay, status: http.StatusCreated},
		{from: used, action: newQuote, status: http.StatusConflict, code: lending.CodeLoanSettled},
	}
	for _, tt := range tests {
		t.Run(tt.from+"/"+tt.action, func(t *testing.T) {
			h := newHarness(t)
			var q lending.SettlementQuote
			h.must(h.do(http.MethodPost, "/loans/"+id+"/settlement-quotes", struct{}{}), http.StatusCreated, &q)
			if !q.ExpiresAt.Equal(h.settlementDay(q).AddDate(0, 0, 1)) {
				t.Fatalf("quote expires at %s, settlement date %s", q.ExpiresAt, q.SettlementDate)
			}
			var settled answer
			switch tt.from {
			case validAfterInst:
				if r := h.repay(id, h.schedule(id)[h.loan(id).InstalmentsPaid].PaymentPence); r.Allocation.OverpaymentPence != 0 {
					t.Fatalf("allocation %+v", r.Allocation)
				}
			case validLastMoment:
				h.at(q.ExpiresAt.Add(-time.Nanosecond))
			case expired:
				h.at(q.ExpiresAt)
			case stale, expiredAndStale:
				if r := h.repay(id, h.schedule(id)[h.loan(id).InstalmentsPaid].PaymentPence+50_00); r.Allocation.OverpaymentPence != 50_00 {
					t.Fatalf("allocation %+v", r.Allocation)
				}
				if tt.from == expiredAndStale {
					h.at(q.ExpiresAt)
				}
			case used:
				settled = h.payQuote(id, q.ID, q.TotalToSettlePence, "table-settle")
				h.must(settled, http.StatusCreated, nil)
			}
			var a answer
			switch tt.action {
			case payExact:
				amount := q.TotalToSettlePence // what settled it
				if tt.from != used {
					amount = h.toSettleNow(id, q)
				}
				a = h.payQuote(id, q.ID, amount, "table-pay")
			case payWrong:
				a = h.payQuote(id, q.ID, h.toSettleNow(id, q)-1, "table-pay")
			case payAgain:
				a = h.payQuote(id, q.ID, q.TotalToSettlePence, "table-settle-2")
			case replay:
				a = h.payQuote(id, q.ID, q.TotalToSettlePence, "table-settle")
				if a.header.Get(httpjson.ReplayedHeader) != "true" || string(a.body) != string(settled.body) {
					t.Fatalf("replay %d %s, first %s", a.status, a.body, settled.body)
				}
			case newQuote:
				a = h.do(http.MethodPost, "/loans/"+id+"/settlement-quotes", struct{}{})
			case payUnknown:
				a = h.payQuote(id, "lq_nope", q.TotalToSettlePence, "table-pay")
			case payOnAnother:
				a = h.payQuote("loan_top_up", q.ID, q.TotalToSettlePence, "table-pay")
			}
			if tt.code != "" {
				h.refused(a, tt.status, tt.code)
			} else {
				h.must(a, tt.status, nil)
			}
			l := h.loan(id)
			settledNow := tt.from == used || (tt.action == payExact && tt.code == "")
			if (l.Status == lending.LoanStatusSettled) != settledNow || (settledNow && (l.SettledBy != lending.SettledBySettlement || l.BalancePence != 0)) {
				t.Fatalf("loan %s settled by %q with balance %d; want settled %v", l.Status, l.SettledBy, l.BalancePence, settledNow)
			}
			checkLedger(t, h.book().Loans[id], h.clock.Now())
		})
	}
}

func (h *harness) settlementDay(q lending.SettlementQuote) time.Time {
	h.t.Helper()
	d, err := time.Parse(time.DateOnly, q.SettlementDate)
	if err != nil {
		h.t.Fatal(err)
	}
	return d
}
