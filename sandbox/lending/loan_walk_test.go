package lending

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// TestLedgerInvariantsOnARandomWalk drives loans through random but reproducible sequences of clock
// moves, repayments (short, exact, over), holidays, repayment changes and settlements, and checks the
// books after every step: the postings end at the balance, the principal runs down the schedule with
// gaps only for overpayments, and the balance is the principal plus arrears less prepayments. Refused
// calls are fine; a 5xx or a broken invariant is not.
func TestLedgerInvariantsOnARandomWalk(t *testing.T) {
	for seed := range uint64(24) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			h := newHarness(t)
			rng := rand.New(rand.NewPCG(seed, 7))
			c := h.newCustomer(fmt.Sprintf("walk%d@example.com", seed))
			amounts := []int64{1_000_00, 2_750_00, 5_000_00, 12_345_67}
			l := h.openLoan(c.ID, amounts[rng.IntN(len(amounts))], 12+rng.IntN(49), "", int64(rng.IntN(3))*50_00)
			ref := 0
			post := func(path string, body any) answer {
				a := h.do(http.MethodPost, "/loans/"+l.ID+path, body)
				if a.status >= 500 {
					t.Fatalf("POST %s = %d %s", path, a.status, a.body)
				}
				return a
			}
			for step := range 120 {
				cur := h.loan(l.ID)
				switch op := rng.IntN(10); {
				case op < 3:
					h.at(h.clock.Now().Add(time.Duration(1+rng.IntN(40)) * 24 * time.Hour))
				case op < 6 && cur.Status != lending.LoanStatusSettled:
					ref++
					amount := cur.Arrears.AmountPence
					if cur.NextPayment != nil {
						amount += cur.NextPayment.AmountPence
					}
					switch rng.IntN(3) {
					case 0:
						amount = max(amount/2, 1)
					case 2:
						amount += int64(rng.IntN(50_000)) + 1
					}
					post("/repayments", lending.RepaymentRequest{AmountPence: max(amount, 1), Method: lending.RepaymentMethodCard,
						PaymentReference: fmt.Sprintf("walk-%d-%d", seed, ref)})
				case op == 6:
					var q lending.PaymentHolidayQuote
					if a := post("/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1 + rng.IntN(3)}); a.status == http.StatusCreated {
						h.must(a, http.StatusCreated, &q)
						post("/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q.ID})
					}
				case op == 7:
					reqs := []lending.RepaymentChangeRequest{{DueDayOfMonth: 1 + rng.IntN(28)}, {TermMonths: 6 + rng.IntN(40)},
						{InstalmentPence: cur.MonthlyInstalmentPence + int64(rng.IntN(20_000)) - 10_000}}
					var q lending.RepaymentChangeQuote
					if a := post("/repayment-change-quotes", reqs[rng.IntN(len(reqs))]); a.status == http.StatusCreated {
						h.must(a, http.StatusCreated, &q)
						post("/repayment-changes", lending.ApplyQuoteRequest{QuoteID: q.ID})
					}
				case op == 8 && rng.IntN(4) == 0:
					var q lending.SettlementQuote
					if a := post("/settlement-quotes", struct{}{}); a.status == http.StatusCreated {
						h.must(a, http.StatusCreated, &q)
						ref++
						post("/repayments", lending.RepaymentRequest{AmountPence: q.TotalToSettlePence, Method: lending.RepaymentMethodBank,
							PaymentReference: fmt.Sprintf("walk-%d-%d", seed, ref), Type: lending.RepaymentTypeSettlement, SettlementQuoteID: q.ID})
					}
				}
				got := h.loan(l.ID)
				// The balance is never below zero by more than the interest still to be charged up to the
				// last instalment paid ahead (a payment ahead covers its month's interest, and a holiday's
				// before it, which are charged on their due dates); a settled loan's is zero.
				var aheadInterest, pending int64
				for _, r := range h.schedule(l.ID) {
					if r.DueDate > h.clock.Now().Format(time.DateOnly) {
						pending += r.InterestPence
						if r.PaidPence > 0 {
							aheadInterest = pending
						}
					}
				}
				if got.BalancePence+aheadInterest < 0 || (got.Status == lending.LoanStatusSettled && got.BalancePence != 0) ||
					got.RemainingPayablePence < 0 || got.Arrears.AmountPence < 0 {
					for _, r := range h.schedule(l.ID) {
						t.Logf("%+v", r)
					}
					for _, x := range h.txns(l.ID) {
						t.Logf("%s %s %d %d %s", x.Date, x.Type, x.AmountPence, x.BalancePence, x.Description)
					}
					t.Fatalf("step %d (%s): %+v", step, h.clock.Now().Format(time.DateOnly), got)
				}
				h.p.mu.Lock()
				checkLedger(t, h.p.st.loanState().Loans[l.ID], h.clock.Now())
				h.p.mu.Unlock()
				if t.Failed() {
					t.Fatalf("step %d broke the books", step)
				}
			}
		})
	}
}
