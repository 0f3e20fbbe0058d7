package lending

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
	"lender/sandbox/personas"
)

// TestSeededLoans: every borrower persona with a loan scenario has its loan, in the state the
// scenario names, with books that agree.
func TestSeededLoans(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		id      string
		status  string
		missed  int
		holiday bool
		paid    int
	}{
		{SeedLoanID("up-to-date"), lending.LoanStatusActive, 0, false, 8},
		{SeedLoanID("arrears"), lending.LoanStatusInArrears, 2, false, 5},
		{SeedLoanID("payment-holiday"), lending.LoanStatusPaymentHoliday, 0, true, 9},
		{SeedLoanID("top-up"), lending.LoanStatusActive, 0, false, 9},
		{SeedLoanID("settled"), lending.LoanStatusSettled, 0, false, 10},
		{SeedLoanID("pin-locked"), lending.LoanStatusActive, 0, false, 5},
		{SeedLoanID("two-loans"), lending.LoanStatusActive, 0, false, 11},
		{SeedLoanID("two-loans") + "_2", lending.LoanStatusActive, 0, false, 2},
	}
	seen := 0
	for _, b := range personas.Borrowers() {
		loans := func() []lending.Loan {
			var l lending.LoanList
			h.must(h.do(http.MethodGet, "/loans?customerId="+b.CustomerID, nil), http.StatusOK, &l)
			return l.Loans
		}()
		var want []string // newest first
		switch {
		case b.Scenario == personas.ScenarioTwoLoans:
			want = []string{SeedLoanID(b.Key) + "_2", SeedLoanID(b.Key)}
		case strings.HasPrefix(string(b.Scenario), "loan_"):
			want = []string{SeedLoanID(b.Key)}
		}
		var ids []string
		for _, l := range loans {
			ids = append(ids, l.ID)
		}
		if !slices.Equal(ids, want) {
			t.Fatalf("%s: loans %v, want %v", b.Key, ids, want)
		}
		seen += len(want)
	}
	if seen != len(tests) {
		t.Fatalf("%d seeded loans, %d cases", seen, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			l := h.loan(tt.id)
			if l.Status != tt.status || l.Arrears.InstalmentsMissed != tt.missed || (l.PaymentHoliday != nil && l.PaymentHoliday.Current) != tt.holiday ||
				l.InstalmentsPaid != tt.paid {
				t.Fatalf("= status %s, missed %d, holiday %+v, paid %d", l.Status, l.Arrears.InstalmentsMissed, l.PaymentHoliday, l.InstalmentsPaid)
			}
			if tt.status != lending.LoanStatusSettled && (l.NextPayment == nil || l.NextPayment.DueDate < testNow.Format(time.DateOnly)) {
				t.Errorf("next payment %+v", l.NextPayment)
			}
			checkLedger(t, h.book().Loans[l.ID], h.clock.Now())
		})
	}
	// The arrears persona's missed instalments are the two latest, 38 and 10 days past due.
	if a := h.loan("loan_arrears").Arrears; a.AmountPence != 2*13330 || a.DaysPastDue != 38 {
		t.Fatalf("arrears %+v", a)
	}
	// The two-loans persona's loans are of distinct amounts, the newer the smaller.
	if older, newer := h.loan(SeedLoanID("two-loans")), h.loan(SeedLoanID("two-loans")+"_2"); older.AmountPence != 3_500_00 ||
		newer.AmountPence != 1_200_00 || newer.DrawdownDate <= older.DrawdownDate {
		t.Fatalf("two loans: %+v and %+v", older, newer)
	}
}

// TestLoanStateMachine walks one loan through its statuses on the sandbox clock:
// active → in_arrears → active → payment_holiday → active → in_arrears → settled.
func TestLoanStateMachine(t *testing.T) {
	h := newHarness(t)
	h.on("2026-01-10")
	c := h.newCustomer("machine@example.com")
	l := h.openLoan(c.ID, 3_000_00, 24, "", 0)
	id := l.ID
	steps := []struct {
		name    string
		do      func()
		status  string
		missed  int
		arrears int64
	}{
		{"drawn down", func() {}, lending.LoanStatusActive, 0, 0},
		{"the first instalment is due today", func() { h.on("2026-02-10") }, lending.LoanStatusActive, 0, 0},
		{"a day later it is unpaid", func() { h.on("2026-02-11") }, lending.LoanStatusInArrears, 1, l.MonthlyInstalmentPence},
		{"paid late", func() { h.repay(id, l.MonthlyInstalmentPence) }, lending.LoanStatusActive, 0, 0},
		{"two months unpaid", func() { h.on("2026-04-15") }, lending.LoanStatusInArrears, 2, 2 * l.MonthlyInstalmentPence},
		{"one paid: arrears first", func() { h.repay(id, l.MonthlyInstalmentPence) }, lending.LoanStatusInArrears, 1, l.MonthlyInstalmentPence},
		{"the other paid", func() { h.repay(id, l.MonthlyInstalmentPence) }, lending.LoanStatusActive, 0, 0},
		{"a two-month holiday", func() {
			var q lending.PaymentHolidayQuote
			h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 2}), http.StatusCreated, &q)
			h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusOK, nil)
		}, lending.LoanStatusPaymentHoliday, 0, 0},
		{"nothing due in the holiday", func() { h.on("2026-06-10") }, lending.LoanStatusPaymentHoliday, 0, 0},
		{"the holiday over", func() { h.on("2026-06-11") }, lending.LoanStatusActive, 0, 0},
		{"the first instalment after it missed", func() { h.on("2026-07-11") }, lending.LoanStatusInArrears, 1, l.MonthlyInstalmentPence},
		{"settled early", func() {
			var q lending.SettlementQuote
			h.must(h.do(http.MethodPost, "/loans/"+id+"/settlement-quotes", lending.SettlementQuoteRequest{}), http.StatusCreated, &q)
			h.must(h.do(http.MethodPost, "/loans/"+id+"/repayments", lending.RepaymentRequest{AmountPence: q.TotalToSettlePence,
				Method: lending.RepaymentMethodBank, PaymentReference: "machine-settle", Type: lending.RepaymentTypeSettlement,
				SettlementQuoteID: q.ID}), http.StatusCreated, nil)
		}, lending.LoanStatusSettled, 0, 0},
		{"settled stays settled", func() { h.on("2027-01-01") }, lending.LoanStatusSettled, 0, 0},
	}
	for _, st := range steps {
		st.do()
		got := h.loan(id)
		if got.Status != st.status || got.Arrears.InstalmentsMissed != st.missed || got.Arrears.AmountPence != st.arrears {
			t.Fatalf("%s: status %s, arrears %+v; want %s, %d missed, %d", st.name, got.Status, got.Arrears, st.status, st.missed, st.arrears)
		}
		checkLedger(t, h.book().Loans[id], h.clock.Now())
	}
	// A settled loan takes no more repayments and no changes.
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/repayments", lending.RepaymentRequest{AmountPence: 100, Method: "card", PaymentReference: "late"}),
		http.StatusConflict, lending.CodeLoanSettled)
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}),
		http.StatusConflict, lending.CodeLoanSettled)
}

// TestLoanRepaidByItsInstalments: the last instalment paid settles the loan (final_instalment).
func TestLoanRepaidByItsInstalments(t *testing.T) {
	h := newHarness(t)
	h.on("2026-01-31")
	c := h.newCustomer("twelve@example.com")
	l := h.openLoan(c.ID, 1_200_00, 12, "0", 0)
	rows := h.schedule(l.ID)
	// Dates count from the drawdown, clamped: 28 February, then 31 March.
	if rows[0].DueDate != "2026-02-28" || rows[1].DueDate != "2026-03-31" || rows[11].DueDate != "2027-01-31" {
		t.Fatalf("due dates %s, %s … %s", rows[0].DueDate, rows[1].DueDate, rows[11].DueDate)
	}
	for n := 1; n <= 12; n++ {
		h.collect(l.ID, n)
	}
	got := h.loan(l.ID)
	if got.Status != lending.LoanStatusSettled || got.SettledBy != lending.SettledByFinalInstalment || got.BalancePence != 0 ||
		got.PaidToDatePence != 1_200_00 || got.SettledOn != "2027-01-31" {
		t.Fatalf("after 12 instalments: %+v", got)
	}
}

// TestSettlementWorkedExample is the example through the HTTP API: £3,700 repaid by 35 ×
// £115.79 and a final £115.62 at an APR of 8.2% (7.9% nominal with a 38p fee added to the credit
// gives exactly that schedule), settled 28 days after the 12th instalment: £2,577.98 against
// £2,778.79 still scheduled, a rebate of £200.81. Paying the settlement amount settles the loan.
func TestSettlementWorkedExample(t *testing.T) {
	h := newHarness(t)
	h.on("2025-01-15")
	c := h.newCustomer("worked@example.com")
	l := h.openLoan(c.ID, 3_700_00, 36, "7.9", 38)
	rows := h.schedule(l.ID)
	if l.MonthlyInstalmentPence != 11579 || rows[35].PaymentPence != 11562 || l.APRPercent != "8.2" || rows[0].DueDate != "2025-02-15" {
		t.Fatalf("loan %+v, final %d", l, rows[35].PaymentPence)
	}
	for n := 1; n <= 12; n++ {
		h.collect(l.ID, n)
	}
	if h.clock.Now().Format(time.DateOnly) != "2026-01-15" {
		t.Fatalf("the 12th instalment fell due on %s", h.clock.Now())
	}
	var q lending.SettlementQuote
	h.must(h.do(http.MethodPost, "/loans/"+l.ID+"/settlement-quotes", lending.SettlementQuoteRequest{}), http.StatusCreated, &q)
	if q.SettlementDate != "2026-02-12" || q.Deferred || q.RemainingRepayments != 24 || q.SettlementAmountPence != 257798 ||
		q.RemainingScheduledPence != 277879 || q.RebatePence != 20081 || q.TotalToSettlePence != 257798 || q.ArrearsPence != 0 ||
		len(q.DueBeforeSettlement) != 0 || q.APRPercent != "8.2" {
		t.Fatalf("quote %+v", q)
	}
	var again lending.SettlementQuote
	h.must(h.do(http.MethodGet, "/loans/"+l.ID+"/settlement-quotes/"+q.ID, nil), http.StatusOK, &again)
	if again.ID != q.ID || again.SettlementAmountPence != 257798 {
		t.Fatalf("GET quote = %+v", again)
	}

	// With the one-month deferral of regulation 6 (more than a year still runs): a month later, and the
	// instalment due before it is still to be paid.
	var d lending.SettlementQuote
	h.must(h.do(http.MethodPost, "/loans/"+l.ID+"/settlement-quotes", lending.SettlementQuoteRequest{Deferral: lending.DeferralOneMonth}), http.StatusCreated, &d)
	if !d.Deferred || d.SettlementDate != "2026-03-12" || d.SettlementAmountPence != 247687 || d.DueBeforeSettlementPence != 11579 ||
		d.TotalToSettlePence != 247687+11579 {
		t.Fatalf("deferred quote %+v", d)
	}
	h.refused(h.do(http.MethodPost, "/loans/"+l.ID+"/settlement-quotes", lending.SettlementQuoteRequest{Deferral: "two_months"}),
		http.StatusUnprocessableEntity, lending.CodeInvalidRequest)

	settle := func(amount int64, ref string) answer {
		return h.do(http.MethodPost, "/loans/"+l.ID+"/repayments", lending.RepaymentRequest{AmountPence: amount, Method: lending.RepaymentMethodBank,
			PaymentReference: ref, Type: lending.RepaymentTypeSettlement, SettlementQuoteID: q.ID})
	}
	h.refused(settle(257797, "settle-short"), http.StatusUnprocessableEntity, lending.CodeSettlementMismatch)
	if a := settle(257797, "settle-short"); !strings.Contains(a.message(), "257798") {
		t.Fatalf("the mismatch does not say the figure: %s", a.message())
	}
	h.refused(h.do(http.MethodPost, "/loans/"+l.ID+"/repayments", lending.RepaymentRequest{AmountPence: 257798, Method: lending.RepaymentMethodBank,
		PaymentReference: "settle-nokey", Type: lending.RepaymentTypeSettlement}), http.StatusUnprocessableEntity, lending.CodeInvalidRequest)
	h.on("2026-01-20")
	var rep lending.Repayment
	h.must(settle(257798, "settle-1"), http.StatusCreated, &rep)
	if rep.Allocation.SettlementPence != 257798 || rep.LoanStatus != lending.LoanStatusSettled || rep.BalanceAfterPence != 0 {
		t.Fatalf("settlement repayment %+v", rep)
	}
	got := h.loan(l.ID)
	if got.Status != lending.LoanStatusSettled || got.SettledBy != lending.SettledBySettlement || got.BalancePence != 0 ||
		got.SettledOn != "2026-01-20" || got.NextPayment != nil {
		t.Fatalf("settled loan %+v", got)
	}
	tx := h.txns(l.ID)
	last := tx[len(tx)-1]
	if last.Type != lending.TransactionSettlement || last.AmountPence != -257798 || last.BalancePence != 0 || !strings.Contains(last.Description, "£200.81") {
		t.Fatalf("last transaction %+v", last)
	}
	// The quote is used: a later quote on the settled loan is refused, the same repayment replays.
	h.refused(h.do(http.MethodPost, "/loans/"+l.ID+"/settlement-quotes", struct{}{}), http.StatusConflict, lending.CodeLoanSettled)
	if a := settle(257798, "settle-1"); a.status != http.StatusCreated || a.header.Get(httpjson.ReplayedHeader) != "true" {
		t.Fatalf("replay = %d %s", a.status, a.body)
	}
}

// TestSettlementQuoteExpiresAndGoesStale: a settlement quote holds to the end of its settlement date
// and only while the schedule keeps its shape; arrears are added to the figure.
func TestSettlementQuoteExpiresAndGoesStale(t *testing.T) {
	h := newHarness(t)
	id := "loan_arrears"
	var q lending.SettlementQuote
	h.must(h.do(http.MethodPost, "/loans/"+id+"/settlement-quotes", struct{}{}), http.StatusCreated, &q)
	if q.ArrearsPence != 2*13330 || q.DueBeforeSettlementPence != 13330 || q.TotalToSettlePence != q.SettlementAmountPence+3*13330 {
		t.Fatalf("quote with arrears %+v", q)
	}
	// An instalment paid meanwhile lowers what the quote asks for.
	h.repay(id, 13330)
	var l lending.Loan
	h.must(h.do(http.MethodGet, "/loans/"+id, nil), http.StatusOK, &l)
	pay := func(amount int64, ref string) answer {
		return h.do(http.MethodPost, "/loans/"+id+"/repayments", lending.RepaymentRequest{AmountPence: amount, Method: lending.RepaymentMethodCard,
			PaymentReference: ref, Type: lending.RepaymentTypeSettlement, SettlementQuoteID: q.ID})
	}
	h.refused(pay(q.TotalToSettlePence, "s1"), http.StatusUnprocessableEntity, lending.CodeSettlementMismatch)
	// After the settlement date the quote has expired.
	h.on(q.SettlementDate)
	h.at(h.clock.Now().Add(24 * time.Hour))
	h.refused(pay(q.TotalToSettlePence-13330, "s2"), http.StatusGone, lending.CodeQuoteExpired)
	h.refused(pay(1, "s3"), http.StatusGone, lending.CodeQuoteExpired)
	// An overpayment changes the schedule: a fresh quote goes stale.
	h = newHarness(t)
	h.must(h.do(http.MethodPost, "/loans/loan_up_to_date/settlement-quotes", struct{}{}), http.StatusCreated, &q)
	if r := h.repay("loan_up_to_date", 16110+50_00); r.Allocation.OverpaymentPence != 50_00 {
		t.Fatalf("allocation %+v", r.Allocation)
	}
	h.refused(h.do(http.MethodPost, "/loans/loan_up_to_date/repayments", lending.RepaymentRequest{AmountPence: q.TotalToSettlePence, Method: "card",
		PaymentReference: "stale", Type: lending.RepaymentTypeSettlement, SettlementQuoteID: q.ID}), http.StatusConflict, lending.CodeQuoteStale)
	h.refused(h.do(http.MethodGet, "/loans/loan_up_to_date/settlement-quotes/lq_nope", nil), http.StatusNotFound, lending.CodeQuoteNotFound)
}

// TestRepaymentAllocation: arrears first, then the current instalment, then an overpayment that
// reduces the principal and shortens the term.
func TestRepaymentAllocation(t *testing.T) {
	h := newHarness(t)
	id := "loan_arrears" // instalments 6 and 7 unpaid (£133.30 each), 8 due 2026-03-25
	before := h.loan(id)
	rep := h.repay(id, 2*13330+13330+100_00)
	if rep.Allocation != (lending.RepaymentAllocation{ArrearsPence: 2 * 13330, CurrentInstalmentPence: 13330, OverpaymentPence: 100_00}) {
		t.Fatalf("allocation %+v", rep.Allocation)
	}
	after := h.loan(id)
	if after.Status != lending.LoanStatusActive || after.BalancePence != before.BalancePence-rep.AmountPence ||
		after.InstalmentsRemaining >= before.InstalmentsRemaining-1 || after.MonthlyInstalmentPence != before.MonthlyInstalmentPence {
		t.Fatalf("before %+v\nafter %+v", before, after)
	}
	rows := h.schedule(id)
	if rows[7].Status != lending.InstalmentPaid || rows[8].Status != lending.InstalmentUpcoming {
		t.Fatalf("rows 8, 9: %+v %+v", rows[7], rows[8])
	}
	// The schedule is rebuilt from the first instalment not yet due (8, paid ahead and still paid): it
	// opens £100 lower than instalment 7 closed, so its interest is on the reduced principal.
	if rows[7].BalancePence+rows[7].PrincipalPence != rows[6].BalancePence-100_00 || rows[7].PaidPence != rows[7].PaymentPence {
		t.Fatalf("row 8 %+v opens at %d, row 7 closed at %d", rows[7], rows[7].BalancePence+rows[7].PrincipalPence, rows[6].BalancePence)
	}
	if len(rows) >= 24 || rows[len(rows)-1].PaymentPence > 13330 {
		t.Fatalf("term not shortened: %d rows, final %d", len(rows), rows[len(rows)-1].PaymentPence)
	}
	checkLedger(t, h.book().Loans[id], h.clock.Now())

	// A payment that would clear the principal is refused: that is a settlement.
	a := h.do(http.MethodPost, "/loans/"+id+"/repayments", lending.RepaymentRequest{AmountPence: 10_000_00, Method: "card", PaymentReference: "too-much"})
	h.refused(a, http.StatusUnprocessableEntity, lending.CodeRepaymentTooLarge)
	if !strings.Contains(a.message(), "settlement quote") {
		t.Fatalf("message %q", a.message())
	}
	for _, bad := range []lending.RepaymentRequest{
		{AmountPence: 0, Method: "card", PaymentReference: "r"},
		{AmountPence: 100, Method: "cash", PaymentReference: "r"},
		{AmountPence: 100, Method: "card", PaymentReference: ""},
		{AmountPence: 100, Method: "card", PaymentReference: "with space"},
		{AmountPence: 100, Method: "card", PaymentReference: "r", Type: "gift"},
		{AmountPence: 100, Method: "card", PaymentReference: "r", SettlementQuoteID: "lq_x"},
	} {
		h.refused(h.do(http.MethodPost, "/loans/"+id+"/repayments", bad), http.StatusUnprocessableEntity, lending.CodeInvalidRequest)
	}
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/repayments", lending.RepaymentRequest{AmountPence: 100, Method: "card", PaymentReference: "r"},
		"Idempotency-Key: other"), http.StatusUnprocessableEntity, lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodPost, "/loans/loan_nope/repayments", lending.RepaymentRequest{AmountPence: 100, Method: "card", PaymentReference: "r"}),
		http.StatusNotFound, lending.CodeLoanNotFound)
}

// TestRepaymentsIdempotentByReference: the payment reference is the idempotency key.
func TestRepaymentsIdempotentByReference(t *testing.T) {
	h := newHarness(t)
	req := lending.RepaymentRequest{AmountPence: 50_00, Method: lending.RepaymentMethodCard, PaymentReference: "txn_abc"}
	var first, second lending.Repayment
	h.must(h.do(http.MethodPost, "/loans/loan_up_to_date/repayments", req), http.StatusCreated, &first)
	a := h.do(http.MethodPost, "/loans/loan_up_to_date/repayments", req, "Idempotency-Key: txn_abc")
	h.must(a, http.StatusCreated, &second)
	if second != first || a.header.Get(httpjson.ReplayedHeader) != "true" {
		t.Fatalf("replay %+v (%s), first %+v", second, a.header.Get(httpjson.ReplayedHeader), first)
	}
	other := req
	other.AmountPence++
	h.refused(h.do(http.MethodPost, "/loans/loan_up_to_date/repayments", other), http.StatusConflict, httpjson.CodeIdempotencyConflict)
	h.refused(h.do(http.MethodPost, "/loans/loan_top_up/repayments", req), http.StatusConflict, httpjson.CodeIdempotencyConflict)
	if n := countRepayments(h.txns("loan_up_to_date"), "txn_abc"); n != 1 {
		t.Fatalf("%d postings for txn_abc", n)
	}

	// Concurrent duplicates: exactly one effect, every caller the same answer.
	const n = 24
	req = lending.RepaymentRequest{AmountPence: 161_10, Method: lending.RepaymentMethodCPA, PaymentReference: "txn_concurrent"}
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { answers[i] = h.do(http.MethodPost, "/loans/loan_top_up/repayments", req) })
	}
	wg.Wait()
	replayed := 0
	for _, a := range answers {
		if a.status != http.StatusCreated || string(a.body) != string(answers[0].body) {
			t.Fatalf("answers differ: %d %s vs %s", a.status, a.body, answers[0].body)
		}
		if a.header.Get(httpjson.ReplayedHeader) == "true" {
			replayed++
		}
	}
	if replayed != n-1 || countRepayments(h.txns("loan_top_up"), "txn_concurrent") != 1 {
		t.Fatalf("replayed %d of %d, postings %d", replayed, n, countRepayments(h.txns("loan_top_up"), "txn_concurrent"))
	}
	// A refused repayment does not use its reference up.
	h.refused(h.do(http.MethodPost, "/loans/loan_settled/repayments", lending.RepaymentRequest{AmountPence: 100, Method: "card",
		PaymentReference: "txn_retry"}), http.StatusConflict, lending.CodeLoanSettled)
	h.must(h.do(http.MethodPost, "/loans/loan_up_to_date/repayments", lending.RepaymentRequest{AmountPence: 100, Method: "card",
		PaymentReference: "txn_retry"}), http.StatusCreated, nil)
}

func countRepayments(tx []lending.Transaction, ref string) int {
	n := 0
	for _, t := range tx {
		if t.PaymentReference == ref {
			n++
		}
	}
	return n
}

// TestCreateLoan: POST /loans needs an Idempotency-Key, and replays the first loan for it.
func TestCreateLoan(t *testing.T) {
	h := newHarness(t)
	req := lending.CreateLoanRequest{CustomerID: "cus_regstage_welcome", AmountPence: 5_000_00, TermMonths: 24}
	h.refused(h.do(http.MethodPost, "/loans", req), http.StatusBadRequest, lending.CodeIdempotencyKeyRequired)
	var l, again lending.Loan
	h.must(h.do(http.MethodPost, "/loans", req, "Idempotency-Key: draw-1"), http.StatusCreated, &l)
	if !strings.HasPrefix(l.ID, "loan_") || l.Status != lending.LoanStatusActive || l.AnnualRatePercent != "9.9" || l.MonthlyInstalmentPence != 23049 ||
		l.BalancePence != 5_000_00 || l.DrawdownDate != "2026-03-04" || l.FirstDueDate != "2026-04-04" || l.NextPayment.DueDate != "2026-04-04" {
		t.Fatalf("loan %+v", l)
	}
	h.must(h.do(http.MethodPost, "/loans", req, "Idempotency-Key: draw-1"), http.StatusCreated, &again)
	if again.ID != l.ID {
		t.Fatalf("replayed %s, first %s", again.ID, l.ID)
	}
	req.AmountPence++
	h.refused(h.do(http.MethodPost, "/loans", req, "Idempotency-Key: draw-1"), http.StatusConflict, httpjson.CodeIdempotencyConflict)
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{CustomerID: "cus_nobody", AmountPence: 5_000_00, TermMonths: 24},
		"Idempotency-Key: draw-2"), http.StatusUnprocessableEntity, lending.CodeCustomerNotFound)
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{CustomerID: "cus_up_to_date", AmountPence: 500_00, TermMonths: 24},
		"Idempotency-Key: draw-3"), http.StatusUnprocessableEntity, lending.CodeAmountBelowMinimum)
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: "app_x", AmountPence: 5_000_00},
		"Idempotency-Key: draw-4"), http.StatusUnprocessableEntity, lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{}, "Idempotency-Key: draw-5"), http.StatusUnprocessableEntity, lending.CodeInvalidRequest)
	h.refused(h.do(http.MethodGet, "/loans", nil), http.StatusBadRequest, lending.CodeInvalidQuery)
	h.refused(h.do(http.MethodGet, "/loans/loan_nope", nil), http.StatusNotFound, lending.CodeLoanNotFound)
	var list lending.LoanList
	h.must(h.do(http.MethodGet, "/loans?customerId=cus_regstage_welcome", nil), http.StatusOK, &list)
	if len(list.Loans) != 1 || list.Loans[0].ID != l.ID {
		t.Fatalf("list %+v", list)
	}
}

// TestLoanFromApplication: a loan drawn down from an application ready for drawdown takes its terms,
// and the application is then drawn down with the loan's id; a second drawdown makes no second loan.
func TestLoanFromApplication(t *testing.T) {
	h := newHarness(t)
	a := h.readyForDrawdown("drawdown-loan@example.com")
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: a.ID}, "Idempotency-Key: app-draw-1"), http.StatusCreated, &l)
	if l.ApplicationID != a.ID || l.CustomerID != a.CustomerID || l.AmountPence != a.Quote.AmountPence || l.TermMonths != a.Quote.TermMonths ||
		l.AnnualRatePercent != a.Quote.AnnualRatePercent {
		t.Fatalf("loan %+v from application %+v", l, a.Quote)
	}
	if got := h.app(a.ID); got.Status != lending.ApplicationDrawnDown || got.LoanID != l.ID {
		t.Fatalf("application after drawdown: %s %s", got.Status, got.LoanID)
	}
	tx := h.txns(l.ID)
	if len(tx) != 1 || !strings.HasSuffix(tx[0].Description, "ending 6819") {
		t.Fatalf("transactions %+v", tx)
	}
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: a.ID}, "Idempotency-Key: app-draw-2"),
		http.StatusConflict, lending.CodeApplicationStatus)
	h.refused(h.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: "app_nobody"}, "Idempotency-Key: app-draw-3"),
		http.StatusNotFound, lending.CodeApplicationNotFound)
	if n := len(h.book().customerLoans(a.CustomerID)); n != 1 {
		t.Fatalf("%d loans", n)
	}
}

// TestPaymentHoliday: quote, apply (once), and the refusals.
func TestPaymentHoliday(t *testing.T) {
	h := newHarness(t)
	id := "loan_up_to_date" // 8 of 36 paid, next due 2026-04-01
	before := h.loan(id)
	var q lending.PaymentHolidayQuote
	h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 3}), http.StatusCreated, &q)
	if q.FirstDeferredDueDate != "2026-04-01" || q.LastDeferredDueDate != "2026-06-01" || q.ResumesOn != "2026-07-01" ||
		q.MonthlyInstalmentPence != before.MonthlyInstalmentPence || q.PreviousFinalDueDate != before.FinalDueDate ||
		q.NewFinalDueDate <= "2028-10-01" || q.InterestAddedPence <= 0 || q.ExtraCostPence <= q.InterestAddedPence ||
		q.PreviousTotalPayablePence != before.TotalPayablePence || q.NewTotalPayablePence != q.PreviousTotalPayablePence+q.ExtraCostPence ||
		q.Schedule[0].Kind != lending.InstalmentKindHoliday || q.Schedule[3].Kind != lending.InstalmentKindInstalment || q.Schedule[0].Number != 9 {
		t.Fatalf("quote %+v", q)
	}
	// Interest accrues in the holiday: the first deferred month's interest is a month's interest on the balance.
	if want := (2*before.BalancePence*990 + 120000) / 240000; q.Schedule[0].InterestPence != want {
		t.Fatalf("holiday interest %d, want %d", q.Schedule[0].InterestPence, want)
	}
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusOK, &l)
	if l.Status != lending.LoanStatusPaymentHoliday || l.PaymentHoliday == nil || !l.PaymentHoliday.Current || l.NextPayment.DueDate != "2026-07-01" ||
		l.FinalDueDate != q.NewFinalDueDate || l.TotalPayablePence != q.NewTotalPayablePence {
		t.Fatalf("after the holiday %+v", l)
	}
	// Applying again changes nothing more.
	var again lending.Loan
	h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusOK, &again)
	if again.FinalDueDate != l.FinalDueDate || len(h.schedule(id)) != 8+3+q.RemainingInstalments {
		t.Fatalf("second apply: %+v", again)
	}
	checkLedger(t, h.book().Loans[id], h.clock.Now())
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}),
		http.StatusConflict, lending.CodePaymentHolidayActive)

	h.refused(h.do(http.MethodPost, "/loans/loan_arrears/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}),
		http.StatusConflict, lending.CodeLoanInArrears)
	for _, m := range []int{0, 4} {
		h.refused(h.do(http.MethodPost, "/loans/loan_top_up/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: m}),
			http.StatusUnprocessableEntity, lending.CodeHolidayMonthsInvalid)
	}
	// A quote goes stale when a repayment moves the next instalment, and expires after a day.
	var q2 lending.PaymentHolidayQuote
	h.must(h.do(http.MethodPost, "/loans/loan_top_up/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}), http.StatusCreated, &q2)
	h.repay("loan_top_up", 13847)
	h.refused(h.do(http.MethodPost, "/loans/loan_top_up/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q2.ID}), http.StatusConflict, lending.CodeQuoteStale)
	h.must(h.do(http.MethodPost, "/loans/loan_top_up/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}), http.StatusCreated, &q2)
	h.at(h.clock.Now().Add(lending.LoanQuoteTTL))
	h.refused(h.do(http.MethodPost, "/loans/loan_top_up/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q2.ID}), http.StatusGone, lending.CodeQuoteExpired)
	h.refused(h.do(http.MethodPost, "/loans/loan_top_up/payment-holidays", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusNotFound, lending.CodeQuoteNotFound)
}

// TestRepaymentChanges: a new due day (with the changed period's interest on the first moved
// instalment), an alternative instalment and an alternative term.
func TestRepaymentChanges(t *testing.T) {
	h := newHarness(t)
	id := "loan_up_to_date" // due on the 1st; next 2026-04-01; today 2026-03-04
	before := h.schedule(id)
	principal := before[8].BalancePence + before[8].PrincipalPence
	var q lending.RepaymentChangeQuote
	h.must(h.do(http.MethodPost, "/loans/"+id+"/repayment-change-quotes", lending.RepaymentChangeRequest{DueDayOfMonth: 20}), http.StatusCreated, &q)
	wantAdj := dateChangeInterest(principal, 990, 19)
	if q.Kind != lending.RepaymentChangeDueDay || q.AdjustmentDays != 19 || q.AdjustmentInterestPence != wantAdj || wantAdj <= 0 ||
		q.Schedule[0].DueDate != "2026-04-20" || q.Schedule[1].DueDate != "2026-05-20" || q.Schedule[0].PaymentPence != before[8].PaymentPence+wantAdj ||
		q.Schedule[1].PaymentPence != before[9].PaymentPence || q.Proposed.FinalDueDate != "2028-07-20" || q.Current.NextDueDate != "2026-04-01" {
		t.Fatalf("due-day quote %+v", q)
	}
	// 29 is not a day every month has, and the next instalment already falls on the 1st.
	for _, d := range []int{29, 1} {
		h.refused(h.do(http.MethodPost, "/loans/"+id+"/repayment-change-quotes", lending.RepaymentChangeRequest{DueDayOfMonth: d}),
			http.StatusUnprocessableEntity, lending.CodeDueDayInvalid)
	}
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans/"+id+"/repayment-changes", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusOK, &l)
	if l.DueDayOfMonth != 20 || l.NextPayment.DueDate != "2026-04-20" || l.NextPayment.AmountPence != before[8].PaymentPence+wantAdj {
		t.Fatalf("after the date change %+v", l)
	}
	checkLedger(t, h.book().Loans[id], h.clock.Now())
	// Moving to an earlier day (loan_pin_locked falls due on the 22nd): the period is shorter and the
	// interest less.
	var earlier lending.RepaymentChangeQuote
	h.must(h.do(http.MethodPost, "/loans/loan_pin_locked/repayment-change-quotes", lending.RepaymentChangeRequest{DueDayOfMonth: 10}),
		http.StatusCreated, &earlier)
	if earlier.Schedule[0].DueDate != "2026-03-10" || earlier.AdjustmentDays != -12 || earlier.AdjustmentInterestPence >= 0 {
		t.Fatalf("earlier quote %+v", earlier)
	}

	// An alternative instalment: same rate, the term follows.
	var inst lending.RepaymentChangeQuote
	h.must(h.do(http.MethodPost, "/loans/loan_top_up/repayment-change-quotes", lending.RepaymentChangeRequest{InstalmentPence: 100_00}), http.StatusCreated, &inst)
	top := h.loan("loan_top_up")
	if inst.Proposed.MonthlyInstalmentPence != 100_00 || inst.Proposed.RemainingInstalments <= top.InstalmentsRemaining ||
		inst.Proposed.RemainingPayablePence <= inst.Current.RemainingPayablePence || inst.Proposed.FinalInstalmentPence > 100_00 {
		t.Fatalf("instalment quote %+v", inst)
	}
	plan, _ := credit.TermForInstalment(inst.Schedule[0].BalancePence+inst.Schedule[0].PrincipalPence, 1490, 100_00)
	if inst.Proposed.RemainingInstalments != plan.TermMonths {
		t.Fatalf("term %d, credit package %d", inst.Proposed.RemainingInstalments, plan.TermMonths)
	}
	// An alternative term: the instalment follows.
	var term lending.RepaymentChangeQuote
	h.must(h.do(http.MethodPost, "/loans/loan_top_up/repayment-change-quotes", lending.RepaymentChangeRequest{TermMonths: 12}), http.StatusCreated, &term)
	if term.Proposed.RemainingInstalments != 12 || term.Proposed.MonthlyInstalmentPence <= top.MonthlyInstalmentPence {
		t.Fatalf("term quote %+v", term)
	}
	h.must(h.do(http.MethodPost, "/loans/loan_top_up/repayment-changes", lending.ApplyQuoteRequest{QuoteID: term.ID}), http.StatusOK, &l)
	if l.MonthlyInstalmentPence != term.Proposed.MonthlyInstalmentPence || l.InstalmentsRemaining != 12 || l.TermMonths != 36 {
		t.Fatalf("after the term change %+v", l)
	}
	// The earlier instalment quote is stale now.
	h.refused(h.do(http.MethodPost, "/loans/loan_top_up/repayment-changes", lending.ApplyQuoteRequest{QuoteID: inst.ID}), http.StatusConflict, lending.CodeQuoteStale)
	checkLedger(t, h.book().Loans["loan_top_up"], h.clock.Now())

	for _, bad := range []lending.RepaymentChangeRequest{{}, {DueDayOfMonth: 5, TermMonths: 12}, {TermMonths: 61}, {InstalmentPence: 10_00}} {
		a := h.do(http.MethodPost, "/loans/loan_pin_locked/repayment-change-quotes", bad)
		if a.status != http.StatusUnprocessableEntity {
			t.Errorf("%+v: %d %s", bad, a.status, a.body)
		}
	}
	h.refused(h.do(http.MethodPost, "/loans/loan_arrears/repayment-change-quotes", lending.RepaymentChangeRequest{TermMonths: 30}),
		http.StatusConflict, lending.CodeLoanInArrears)
}

// TestArrangements: a reduced-payment plan reduces the arrears as its payments are recorded and is
// breached when a planned payment is missed on the sandbox clock.
func TestArrangements(t *testing.T) {
	h := newHarness(t)
	id := "loan_arrears" // £266.60 in arrears
	var a lending.Arrangement
	h.must(h.do(http.MethodPost, "/loans/"+id+"/arrangements", lending.ArrangementRequest{Type: lending.ArrangementReduced,
		MonthlyAmountPence: 60_00, Months: 3, FirstPaymentDate: "2026-03-10", Reason: "reduced hours"}), http.StatusCreated, &a)
	if a.Status != lending.ArrangementActive || a.ArrearsAtStartPence != 26660 || a.StartDate != "2026-03-10" || a.EndDate != "2026-05-10" ||
		len(a.Payments) != 3 || a.Payments[0].Status != lending.PlannedPaymentUpcoming {
		t.Fatalf("arrangement %+v", a)
	}
	if l := h.loan(id); l.Arrangement == nil || l.Arrangement.ID != a.ID || l.Arrangement.Status != lending.ArrangementActive {
		t.Fatalf("loan's arrangement %+v", l.Arrangement)
	}
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/arrangements", lending.ArrangementRequest{Type: lending.ArrangementToken,
		MonthlyAmountPence: 1_00, Months: 3}), http.StatusConflict, lending.CodeArrangementExists)
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}),
		http.StatusConflict, lending.CodeLoanInArrears)

	// The first planned payment, on its date: the arrears fall by it.
	h.on("2026-03-10")
	h.repay(id, 60_00)
	if got := h.arrangement(id, a.ID); got.ArrearsPence != 26660-60_00 || got.Payments[0].Status != lending.PlannedPaymentPaid ||
		got.Status != lending.ArrangementActive || got.PaidPence != 60_00 {
		t.Fatalf("after the first payment %+v", got)
	}
	// The second is missed: breached the day after its date, for good.
	h.on("2026-04-10")
	if got := h.arrangement(id, a.ID); got.Status != lending.ArrangementActive || got.Payments[1].Status != lending.PlannedPaymentDue {
		t.Fatalf("on the second date %+v", got)
	}
	h.on("2026-04-11")
	got := h.arrangement(id, a.ID)
	if got.Status != lending.ArrangementBreached || got.BreachedOn != "2026-04-11" || got.Payments[1].Status != lending.PlannedPaymentMissed {
		t.Fatalf("after the miss %+v", got)
	}
	h.repay(id, 60_00)
	if got := h.arrangement(id, a.ID); got.Status != lending.ArrangementBreached {
		t.Fatalf("paid late: %s", got.Status)
	}
	// A new arrangement may follow a breached one: a token payment.
	var tok lending.Arrangement
	h.must(h.do(http.MethodPost, "/loans/"+id+"/arrangements", lending.ArrangementRequest{Type: lending.ArrangementToken,
		MonthlyAmountPence: 1_00, Months: 6}, "Idempotency-Key: arr-2"), http.StatusCreated, &tok)
	var list lending.ArrangementList
	h.must(h.do(http.MethodGet, "/loans/"+id+"/arrangements", nil), http.StatusOK, &list)
	if len(list.Arrangements) != 2 || list.Arrangements[1].ID != tok.ID || tok.StartDate != "2026-04-25" {
		t.Fatalf("arrangements %+v", list)
	}
	// Completed once its last date passes without a miss.
	for i := range 6 {
		h.on(credit.AddMonths(time.Date(2026, 4, 25, 0, 0, 0, 0, time.UTC), i).Format(time.DateOnly))
		h.repay(id, 1_00)
	}
	h.on("2026-10-26")
	if got := h.arrangement(id, tok.ID); got.Status != lending.ArrangementCompleted || got.CompletedOn != "2026-09-25" {
		t.Fatalf("token plan %+v", got)
	}

	for _, bad := range []lending.ArrangementRequest{
		{Type: lending.ArrangementToken, MonthlyAmountPence: 11_00, Months: 3},
		{Type: lending.ArrangementReduced, MonthlyAmountPence: 5_00, Months: 3},
		{Type: lending.ArrangementReduced, MonthlyAmountPence: 200_00, Months: 3},
		{Type: lending.ArrangementReduced, MonthlyAmountPence: 50_00, Months: 13},
		{Type: lending.ArrangementReduced, MonthlyAmountPence: 50_00, Months: 3, FirstPaymentDate: "2020-01-01"},
		{Type: "holiday", MonthlyAmountPence: 50_00, Months: 3},
	} {
		h.refused(h.do(http.MethodPost, "/loans/loan_top_up/arrangements", bad), http.StatusUnprocessableEntity, lending.CodeArrangementInvalid)
	}
	h.refused(h.do(http.MethodGet, "/loans/"+id+"/arrangements/arr_nope", nil), http.StatusNotFound, lending.CodeArrangementNotFound)
}

func (h *harness) arrangement(loanID, id string) lending.Arrangement {
	h.t.Helper()
	var a lending.Arrangement
	h.must(h.do(http.MethodGet, "/loans/"+loanID+"/arrangements/"+id, nil), http.StatusOK, &a)
	return a
}

// TestOneChangeToTheRepaymentsInNinetyDays: once a payment holiday or a repayment change is applied,
// the loan shows when the next may be asked for, and the core refuses both quoting and applying one
// until that day; a holiday counts as a change too.
func TestOneChangeToTheRepaymentsInNinetyDays(t *testing.T) {
	h := newHarness(t)
	id := "loan_up_to_date" // due on the 1st; today 2026-03-04
	if l := h.loan(id); l.ChangesAllowedFrom != "" {
		t.Fatalf("no change made yet, but changes allowed from %q", l.ChangesAllowedFrom)
	}
	// The seeded holiday counts as a change, 90 days from the day it was applied.
	if ph := h.loan("loan_payment_holiday"); ph.ChangesAllowedFrom != isoDate(loanDay(h.book().Loans[ph.ID].LastChangeAt).AddDate(0, 0, 90)) ||
		ph.ChangesAllowedFrom <= testNow.Format(time.DateOnly) {
		t.Fatalf("the seeded holiday: changes allowed from %q", ph.ChangesAllowedFrom)
	}
	var q lending.RepaymentChangeQuote
	h.must(h.do(http.MethodPost, "/loans/"+id+"/repayment-change-quotes", lending.RepaymentChangeRequest{TermMonths: 30}), http.StatusCreated, &q)
	var other lending.RepaymentChangeQuote
	h.must(h.do(http.MethodPost, "/loans/"+id+"/repayment-change-quotes", lending.RepaymentChangeRequest{DueDayOfMonth: 15}), http.StatusCreated, &other)
	var l lending.Loan
	h.must(h.do(http.MethodPost, "/loans/"+id+"/repayment-changes", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusOK, &l)
	if l.ChangesAllowedFrom != "2026-06-02" {
		t.Fatalf("after a change on 2026-03-04: changes allowed from %q, want 90 days on", l.ChangesAllowedFrom)
	}
	if s := h.schedule(id); l.FinalInstalmentPence != s[len(s)-1].PaymentPence || l.FinalDueDate != s[len(s)-1].DueDate {
		t.Fatalf("final instalment %d on %s, schedule ends %+v", l.FinalInstalmentPence, l.FinalDueDate, s[len(s)-1])
	}
	// Applying again answers the loan as it is; another change, quoted or applied, is refused.
	h.must(h.do(http.MethodPost, "/loans/"+id+"/repayment-changes", lending.ApplyQuoteRequest{QuoteID: q.ID}), http.StatusOK, nil)
	for _, a := range []answer{
		h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}),
		h.do(http.MethodPost, "/loans/"+id+"/repayment-change-quotes", lending.RepaymentChangeRequest{DueDayOfMonth: 15}),
	} {
		h.refused(a, http.StatusConflict, lending.CodeLoanChangeNotAllowed)
		if !strings.Contains(string(a.body), "2026-06-02") {
			t.Fatalf("the refusal does not say from when: %s", a.body)
		}
	}
	// The instalments keep being paid; the day before, still refused; on the day, allowed again.
	for n := 9; n <= 11; n++ {
		h.collect(id, n)
	}
	h.on("2026-06-01")
	if got := h.loan(id); got.Status != lending.LoanStatusActive || got.ChangesAllowedFrom != "2026-06-02" {
		t.Fatalf("on 2026-06-01: %s, changes allowed from %q", got.Status, got.ChangesAllowedFrom)
	}
	h.refused(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}),
		http.StatusConflict, lending.CodeLoanChangeNotAllowed)
	h.on("2026-06-02")
	if got := h.loan(id); got.ChangesAllowedFrom != "" {
		t.Fatalf("on the day: changes allowed from %q", got.ChangesAllowedFrom)
	}
	var hq lending.PaymentHolidayQuote
	h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holiday-quotes", lending.PaymentHolidayQuoteRequest{Months: 1}), http.StatusCreated, &hq)
	h.must(h.do(http.MethodPost, "/loans/"+id+"/payment-holidays", lending.ApplyQuoteRequest{QuoteID: hq.ID}), http.StatusOK, &l)
	if l.ChangesAllowedFrom != "2026-08-31" {
		t.Fatalf("after the holiday: changes allowed from %q", l.ChangesAllowedFrom)
	}
	checkLedger(t, h.book().Loans[id], h.clock.Now())
}
