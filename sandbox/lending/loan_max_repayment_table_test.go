package lending

import (
	"net/http"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

// TestMaxRepaymentTable: a loan's maxRepaymentPence is exactly the line the repayment route draws. For
// each state, a repayment of the figure is taken and a penny more is refused
// (repayment_exceeds_balance) with the same figure in its message; a settled loan shows 0.
func TestMaxRepaymentTable(t *testing.T) {
	tests := []struct {
		name  string
		loan  string
		setup func(h *harness)
	}{
		{name: "up to date", loan: "loan_up_to_date"},
		{name: "in arrears", loan: "loan_arrears"},
		{name: "in a payment holiday", loan: "loan_payment_holiday"},
		{name: "the next instalment paid ahead", loan: "loan_up_to_date", setup: func(h *harness) {
			h.repay("loan_up_to_date", h.loan("loan_up_to_date").NextPayment.AmountPence)
		}},
		{name: "after an overpayment", loan: "loan_arrears", setup: func(h *harness) {
			l := h.loan("loan_arrears")
			h.repay("loan_arrears", l.Arrears.AmountPence+l.NextPayment.AmountPence+250_00)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			if tt.setup != nil {
				tt.setup(h)
			}
			l := h.loan(tt.loan)
			most := l.MaxRepaymentPence
			if most <= l.Arrears.AmountPence || most >= l.BalancePence {
				t.Fatalf("maxRepaymentPence %d: want above the arrears %d and below the balance %d", most, l.Arrears.AmountPence, l.BalancePence)
			}
			over := h.do(http.MethodPost, "/loans/"+tt.loan+"/repayments", lending.RepaymentRequest{AmountPence: most + 1,
				Method: lending.RepaymentMethodCard, PaymentReference: "over-" + tt.loan})
			h.refused(over, http.StatusUnprocessableEntity, lending.CodeRepaymentTooLarge)
			if !strings.Contains(over.message(), credit.FormatPounds(most)) {
				t.Fatalf("refusal %q does not name %s", over.message(), credit.FormatPounds(most))
			}
			rep := h.repay(tt.loan, most)
			if rep.BalanceAfterPence <= 0 {
				t.Fatalf("the most a repayment can be left %d owed", rep.BalanceAfterPence)
			}
			checkLedger(t, h.book().Loans[tt.loan], h.clock.Now())
			if after := h.loan(tt.loan); after.MaxRepaymentPence >= most {
				t.Fatalf("after paying the most, the most is %d (was %d)", after.MaxRepaymentPence, most)
			}
		})
	}
	t.Run("settled", func(t *testing.T) {
		h := newHarness(t)
		if l := h.loan("loan_settled"); l.Status != lending.LoanStatusSettled || l.MaxRepaymentPence != 0 {
			t.Fatalf("settled loan: status %s, maxRepaymentPence %d", l.Status, l.MaxRepaymentPence)
		}
	})
}
