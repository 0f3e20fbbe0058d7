package upstream_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/server"
)

// The loans part of the lending core's contract: every LoanAPI method against the real sandbox. The
// cases run in this order on the sandbox the other cases share; a case that moves the clock puts it
// back when it ends.
func init() { contract = append(contract, loanContract...) }

// atSandboxTime sets the shared sandbox's clock to when, and puts it back when the test ends.
func atSandboxTime(t *testing.T, c clients, when string) {
	t.Helper()
	var clk server.ClockState
	sandboxControl(t, c, http.MethodGet, "/_sandbox/clock", nil, &clk)
	t.Cleanup(func() {
		sandboxControl(t, c, http.MethodPost, "/_sandbox/clock", server.ClockChange{Set: clk.Now}, nil)
	})
	moveSandboxClock(t, c, when)
}

func moveSandboxClock(t *testing.T, c clients, when string) {
	t.Helper()
	sandboxControl(t, c, http.MethodPost, "/_sandbox/clock", server.ClockChange{Set: when}, nil)
}

// contractLoan draws a loan down today for a new customer.
func contractLoan(t *testing.T, ctx context.Context, c clients, email string, amount int64, term int) lending.Loan {
	t.Helper()
	cu := createCustomer(t, ctx, c, email)
	l, err := c.lending.CreateLoan(ctx, lending.CreateLoanRequest{CustomerID: cu.ID, AmountPence: amount, TermMonths: term}, "draw-"+email)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

var loanContract = []contractCase{
	{"lending.CreateLoan", "a drawdown is idempotent by its key", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-loan@example.com")
		req := lending.CreateLoanRequest{CustomerID: cu.ID, AmountPence: 7_500_00, TermMonths: 60}
		l, err := c.lending.CreateLoan(ctx, req, "contract-draw-1")
		if err != nil || !strings.HasPrefix(l.ID, "loan_") || l.Status != lending.LoanStatusActive || l.MonthlyInstalmentPence != 14745 ||
			l.APRPercent != "6.9" || l.BalancePence != 7_500_00 || l.NextPayment == nil || l.NextPayment.DueDate != l.FirstDueDate {
			t.Fatalf("CreateLoan = %+v, %v", l, err)
		}
		again, err := c.lending.CreateLoan(ctx, req, "contract-draw-1")
		if err != nil || again.ID != l.ID {
			t.Fatalf("the same key again = %+v, %v", again, err)
		}
		req.TermMonths = 48
		if _, err := c.lending.CreateLoan(ctx, req, "contract-draw-1"); !errors.Is(err, lending.ErrIdempotencyConflict) {
			t.Fatalf("the key with another body: %v", err)
		}
		if _, err := c.lending.CreateLoan(ctx, req, ""); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("no key: %v", err)
		}
		if _, err := c.lending.CreateLoan(ctx, lending.CreateLoanRequest{CustomerID: "cus_nobody", AmountPence: 5_000_00, TermMonths: 24},
			"contract-draw-2"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("unknown customer: %v", err)
		}
		if _, err := c.lending.CreateLoan(ctx, lending.CreateLoanRequest{ApplicationID: "app_nobody"}, "contract-draw-3"); !errors.Is(err, lending.ErrApplicationNotFound) ||
			!statusIs(err, 404, lending.CodeApplicationNotFound) {
			t.Fatalf("unknown application: %v", err)
		}
		if _, err := c.lending.CreateLoan(ctx, lending.CreateLoanRequest{CustomerID: cu.ID, AmountPence: 30_000_00, TermMonths: 24},
			"contract-draw-4"); !errors.Is(err, lending.ErrOutOfBounds) {
			t.Fatalf("too much: %v", err)
		}
	}},
	{"lending.Loan", "a seeded loan on the sandbox clock", func(t *testing.T, ctx context.Context, c clients) {
		l, err := c.lending.Loan(ctx, "loan_arrears")
		if err != nil || l.Status != lending.LoanStatusInArrears || l.Arrears.InstalmentsMissed != 2 || l.CustomerID != "cus_arrears" {
			t.Fatalf("Loan(loan_arrears) = %+v, %v", l, err)
		}
		s, _ := c.lending.LoanSchedule(ctx, "loan_arrears")
		if last := s.Instalments[len(s.Instalments)-1]; l.FinalInstalmentPence != last.PaymentPence || l.FinalDueDate != last.DueDate ||
			l.ChangesAllowedFrom != "" {
			t.Fatalf("Loan(loan_arrears): final %d on %s, changes allowed from %q; schedule ends %+v", l.FinalInstalmentPence,
				l.FinalDueDate, l.ChangesAllowedFrom, last)
		}
		if h, err := c.lending.Loan(ctx, "loan_payment_holiday"); err != nil || h.ChangesAllowedFrom == "" {
			t.Fatalf("Loan(loan_payment_holiday), its holiday a recent change = %+v, %v", h, err)
		}
		for _, id := range []string{"loan_nobody", "", "a/b"} {
			if _, err := c.lending.Loan(ctx, id); !errors.Is(err, lending.ErrLoanNotFound) {
				t.Errorf("Loan(%q) = %v", id, err)
			}
		}
	}},
	{"lending.CustomerLoans", "newest first", func(t *testing.T, ctx context.Context, c clients) {
		loans, err := c.lending.CustomerLoans(ctx, "cus_settled")
		if err != nil || len(loans) != 1 || loans[0].Status != lending.LoanStatusSettled || loans[0].SettledBy != lending.SettledBySettlement {
			t.Fatalf("CustomerLoans(cus_settled) = %+v, %v", loans, err)
		}
		if loans, err := c.lending.CustomerLoans(ctx, "cus_nobody"); err != nil || loans == nil || len(loans) != 0 {
			t.Fatalf("CustomerLoans(nobody) = %+v, %v", loans, err)
		}
	}},
	{"lending.LoanSchedule", "a holiday on the schedule", func(t *testing.T, ctx context.Context, c clients) {
		s, err := c.lending.LoanSchedule(ctx, "loan_payment_holiday")
		if err != nil || len(s.Instalments) < 48 || s.Instalments[0].Status != lending.InstalmentPaid || s.Instalments[9].Kind != lending.InstalmentKindHoliday ||
			s.Instalments[9].Status != lending.InstalmentDeferred || s.Instalments[9].PaymentPence != 0 {
			t.Fatalf("LoanSchedule = %+v, %v", s, err)
		}
		if _, err := c.lending.LoanSchedule(ctx, "loan_nobody"); !errors.Is(err, lending.ErrLoanNotFound) {
			t.Fatalf("unknown loan: %v", err)
		}
	}},
	{"lending.LoanTransactions", "postings with running balances", func(t *testing.T, ctx context.Context, c clients) {
		tx, err := c.lending.LoanTransactions(ctx, "loan_up_to_date")
		if err != nil || len(tx.Transactions) != 1+2*8 || tx.Transactions[0].Type != lending.TransactionDrawdown ||
			tx.Transactions[0].AmountPence != 5_000_00 || tx.Transactions[2].Method != lending.RepaymentMethodCPA {
			t.Fatalf("LoanTransactions = %+v, %v", tx, err)
		}
		l, _ := c.lending.Loan(ctx, "loan_up_to_date")
		if last := tx.Transactions[len(tx.Transactions)-1]; last.BalancePence != l.BalancePence {
			t.Fatalf("postings end at %d, balance %d", last.BalancePence, l.BalancePence)
		}
	}},
	{"lending.RecordRepayment", "idempotent by payment reference, even concurrently", func(t *testing.T, ctx context.Context, c clients) {
		l := contractLoan(t, ctx, c, "contract-repay@example.com", 2_400_00, 24)
		req := lending.RepaymentRequest{AmountPence: 50_00, Method: lending.RepaymentMethodCard, PaymentReference: "contract-txn-1"}
		const n = 8
		reps := make([]lending.Repayment, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { reps[i], errs[i] = c.lending.RecordRepayment(ctx, l.ID, req) })
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil || reps[i] != reps[0] {
				t.Fatalf("repayment %d = %+v, %v; first %+v", i, reps[i], errs[i], reps[0])
			}
		}
		if r := reps[0]; r.Allocation.CurrentInstalmentPence != 50_00 || r.BalanceAfterPence != 2_350_00 || r.Type != lending.RepaymentTypeRegular {
			t.Fatalf("repayment %+v", r)
		}
		got, _ := c.lending.Loan(ctx, l.ID)
		if got.PaidToDatePence != 50_00 {
			t.Fatalf("paid to date %d after %d identical calls", got.PaidToDatePence, n)
		}
		req.AmountPence = 60_00
		if _, err := c.lending.RecordRepayment(ctx, l.ID, req); !errors.Is(err, lending.ErrIdempotencyConflict) || !statusIs(err, 409, lending.CodeIdempotencyClash) {
			t.Fatalf("the reference with another amount: %v", err)
		}
		if _, err := c.lending.RecordRepayment(ctx, l.ID, lending.RepaymentRequest{AmountPence: 100_000_01, Method: "card", PaymentReference: "contract-txn-2"}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("too much: %v", err)
		}
		if _, err := c.lending.RecordRepayment(ctx, l.ID, lending.RepaymentRequest{AmountPence: 5_000_00, Method: "card", PaymentReference: "contract-txn-3"}); !errors.Is(err, lending.ErrRepaymentRefused) ||
			!statusIs(err, 422, lending.CodeRepaymentTooLarge) {
			t.Fatalf("more than the balance: %v", err)
		}
		if _, err := c.lending.RecordRepayment(ctx, "loan_settled", lending.RepaymentRequest{AmountPence: 100, Method: "card", PaymentReference: "contract-txn-4"}); !errors.Is(err, lending.ErrLoanConflict) ||
			!statusIs(err, 409, lending.CodeLoanSettled) {
			t.Fatalf("a settled loan: %v", err)
		}
		if _, err := c.lending.RecordRepayment(ctx, l.ID, lending.RepaymentRequest{AmountPence: 100, Method: "card"}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("no reference: %v", err)
		}
	}},
	{"lending.CreateSettlementQuote", "the worked example, then settled by paying it", func(t *testing.T, ctx context.Context, c clients) {
		atSandboxTime(t, c, "2025-01-15T09:00:00Z")
		cu := createCustomer(t, ctx, c, "contract-settle@example.com")
		l, err := c.lending.CreateLoan(ctx, lending.CreateLoanRequest{CustomerID: cu.ID, AmountPence: 3_700_00, TermMonths: 36,
			AnnualRatePercent: lending.Rate("7.9"), FeePence: 38}, "contract-settle")
		if err != nil || l.MonthlyInstalmentPence != 11579 || l.APRPercent != "8.2" {
			t.Fatalf("the loan = %+v, %v", l, err)
		}
		s, _ := c.lending.LoanSchedule(ctx, l.ID)
		for i := range 12 {
			moveSandboxClock(t, c, s.Instalments[i].DueDate+"T08:00:00Z")
			if _, err := c.lending.RecordRepayment(ctx, l.ID, lending.RepaymentRequest{AmountPence: 11579, Method: lending.RepaymentMethodCPA,
				PaymentReference: fmt.Sprintf("contract-settle-%d", i+1)}); err != nil {
				t.Fatal(err)
			}
		}
		q, err := c.lending.CreateSettlementQuote(ctx, l.ID, lending.SettlementQuoteRequest{})
		if err != nil || q.RequestDate != "2026-01-15" || q.SettlementDate != "2026-02-12" || q.SettlementAmountPence != 257798 ||
			q.RemainingScheduledPence != 277879 || q.RebatePence != 20081 || q.TotalToSettlePence != 257798 {
			t.Fatalf("CreateSettlementQuote = %+v, %v", q, err)
		}
		r, err := c.lending.RecordRepayment(ctx, l.ID, lending.RepaymentRequest{AmountPence: q.TotalToSettlePence, Method: lending.RepaymentMethodBank,
			PaymentReference: "contract-settle-final", Type: lending.RepaymentTypeSettlement, SettlementQuoteID: q.ID})
		if err != nil || r.LoanStatus != lending.LoanStatusSettled || r.BalanceAfterPence != 0 {
			t.Fatalf("the settlement = %+v, %v", r, err)
		}
		if _, err := c.lending.CreateSettlementQuote(ctx, l.ID, lending.SettlementQuoteRequest{}); !errors.Is(err, lending.ErrLoanConflict) {
			t.Fatalf("a settled loan: %v", err)
		}
		if _, err := c.lending.CreateSettlementQuote(ctx, "loan_up_to_date", lending.SettlementQuoteRequest{Deferral: "never"}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("an unknown deferral: %v", err)
		}
	}},
	{"lending.SettlementQuote", "read back", func(t *testing.T, ctx context.Context, c clients) {
		q, err := c.lending.CreateSettlementQuote(ctx, "loan_pin_locked", lending.SettlementQuoteRequest{Deferral: lending.DeferralOneMonth})
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.SettlementQuote(ctx, "loan_pin_locked", q.ID)
		if err != nil || got.ID != q.ID || got.TotalToSettlePence != q.TotalToSettlePence || got.Deferral != lending.DeferralOneMonth {
			t.Fatalf("SettlementQuote = %+v, %v", got, err)
		}
		if _, err := c.lending.SettlementQuote(ctx, "loan_up_to_date", q.ID); !errors.Is(err, lending.ErrQuoteNotFound) || !statusIs(err, 404, lending.CodeQuoteNotFound) {
			t.Fatalf("another loan's quote: %v", err)
		}
	}},
	{"lending.QuotePaymentHoliday", "interest accrues, the term grows", func(t *testing.T, ctx context.Context, c clients) {
		l := contractLoan(t, ctx, c, "contract-holiday-quote@example.com", 5_000_00, 36)
		q, err := c.lending.QuotePaymentHoliday(ctx, l.ID, 2)
		if err != nil || q.Months != 2 || q.FirstDeferredDueDate != l.FirstDueDate || q.InterestAddedPence <= 0 || q.ExtraCostPence <= 0 ||
			q.NewFinalDueDate <= q.PreviousFinalDueDate || q.MonthlyInstalmentPence != l.MonthlyInstalmentPence {
			t.Fatalf("QuotePaymentHoliday = %+v, %v", q, err)
		}
		if _, err := c.lending.QuotePaymentHoliday(ctx, l.ID, 4); !errors.Is(err, lending.ErrInvalidRequest) || !statusIs(err, 422, lending.CodeHolidayMonthsInvalid) {
			t.Fatalf("four months: %v", err)
		}
		if _, err := c.lending.QuotePaymentHoliday(ctx, "loan_arrears", 1); !errors.Is(err, lending.ErrLoanConflict) || !statusIs(err, 409, lending.CodeLoanInArrears) {
			t.Fatalf("in arrears: %v", err)
		}
	}},
	{"lending.ApplyPaymentHoliday", "applied once", func(t *testing.T, ctx context.Context, c clients) {
		l := contractLoan(t, ctx, c, "contract-holiday@example.com", 5_000_00, 36)
		q, err := c.lending.QuotePaymentHoliday(ctx, l.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.ApplyPaymentHoliday(ctx, l.ID, q.ID)
		if err != nil || got.PaymentHoliday == nil || got.FinalDueDate != q.NewFinalDueDate || got.NextPayment.DueDate != q.ResumesOn {
			t.Fatalf("ApplyPaymentHoliday = %+v, %v", got, err)
		}
		again, err := c.lending.ApplyPaymentHoliday(ctx, l.ID, q.ID)
		if err != nil || again.FinalDueDate != got.FinalDueDate {
			t.Fatalf("again = %+v, %v", again, err)
		}
		if _, err := c.lending.ApplyPaymentHoliday(ctx, l.ID, "lq_nobody"); !errors.Is(err, lending.ErrQuoteNotFound) {
			t.Fatalf("unknown quote: %v", err)
		}
	}},
	{"lending.QuoteRepaymentChange", "a due day, an instalment, a term", func(t *testing.T, ctx context.Context, c clients) {
		l := contractLoan(t, ctx, c, "contract-change-quote@example.com", 6_000_00, 48)
		for _, req := range []lending.RepaymentChangeRequest{{DueDayOfMonth: 1 + (l.DueDayOfMonth % 28)}, {InstalmentPence: 200_00}, {TermMonths: 36}} {
			q, err := c.lending.QuoteRepaymentChange(ctx, l.ID, req)
			if err != nil || len(q.Schedule) == 0 || q.Current.RemainingInstalments != 48 {
				t.Fatalf("QuoteRepaymentChange(%+v) = %+v, %v", req, q, err)
			}
		}
		if _, err := c.lending.QuoteRepaymentChange(ctx, l.ID, lending.RepaymentChangeRequest{DueDayOfMonth: 31}); !errors.Is(err, lending.ErrInvalidRequest) ||
			!statusIs(err, 422, lending.CodeDueDayInvalid) {
			t.Fatalf("day 31: %v", err)
		}
		if _, err := c.lending.QuoteRepaymentChange(ctx, l.ID, lending.RepaymentChangeRequest{InstalmentPence: 1_00}); !errors.Is(err, lending.ErrInvalidRequest) ||
			!statusIs(err, 422, lending.CodeRepaymentChangeInvalid) {
			t.Fatalf("£1 a month: %v", err)
		}
	}},
	{"lending.ApplyRepaymentChange", "a longer term lowers the instalment", func(t *testing.T, ctx context.Context, c clients) {
		l := contractLoan(t, ctx, c, "contract-change@example.com", 6_000_00, 24)
		q, err := c.lending.QuoteRepaymentChange(ctx, l.ID, lending.RepaymentChangeRequest{TermMonths: 36})
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.lending.ApplyRepaymentChange(ctx, l.ID, q.ID)
		if err != nil || got.InstalmentsRemaining != 36 || got.MonthlyInstalmentPence != q.Proposed.MonthlyInstalmentPence ||
			got.MonthlyInstalmentPence >= l.MonthlyInstalmentPence {
			t.Fatalf("ApplyRepaymentChange = %+v, %v", got, err)
		}
		// One change to the repayments in any 90 days.
		if got.ChangesAllowedFrom == "" || got.ChangesAllowedFrom <= l.DrawdownDate {
			t.Fatalf("changes allowed from %q after a change", got.ChangesAllowedFrom)
		}
		if _, err := c.lending.QuoteRepaymentChange(ctx, l.ID, lending.RepaymentChangeRequest{TermMonths: 30}); !errors.Is(err, lending.ErrLoanConflict) ||
			!statusIs(err, 409, lending.CodeLoanChangeNotAllowed) {
			t.Fatalf("a second change at once: %v", err)
		}
	}},
	{"lending.CreateArrangement", "a reduced-payment plan for arrears", func(t *testing.T, ctx context.Context, c clients) {
		a, err := c.lending.CreateArrangement(ctx, "loan_arrears", lending.ArrangementRequest{Type: lending.ArrangementReduced,
			MonthlyAmountPence: 50_00, Months: 6, Reason: "lost overtime"}, "contract-arrangement-1")
		if err != nil || a.Status != lending.ArrangementActive || a.ArrearsAtStartPence != 2*13330 || len(a.Payments) != 6 {
			t.Fatalf("CreateArrangement = %+v, %v", a, err)
		}
		again, err := c.lending.CreateArrangement(ctx, "loan_arrears", lending.ArrangementRequest{Type: lending.ArrangementReduced,
			MonthlyAmountPence: 50_00, Months: 6, Reason: "lost overtime"}, "contract-arrangement-1")
		if err != nil || again.ID != a.ID {
			t.Fatalf("the same key = %+v, %v", again, err)
		}
		if _, err := c.lending.CreateArrangement(ctx, "loan_arrears", lending.ArrangementRequest{Type: lending.ArrangementToken,
			MonthlyAmountPence: 1_00, Months: 6}, ""); !errors.Is(err, lending.ErrLoanConflict) || !statusIs(err, 409, lending.CodeArrangementExists) {
			t.Fatalf("a second plan: %v", err)
		}
		if _, err := c.lending.CreateArrangement(ctx, "loan_up_to_date", lending.ArrangementRequest{Type: lending.ArrangementToken,
			MonthlyAmountPence: 50_00, Months: 6}, ""); !errors.Is(err, lending.ErrInvalidRequest) || !statusIs(err, 422, lending.CodeArrangementInvalid) {
			t.Fatalf("a £50 token: %v", err)
		}
	}},
	{"lending.Arrangements", "the loan's plans", func(t *testing.T, ctx context.Context, c clients) {
		list, err := c.lending.Arrangements(ctx, "loan_arrears")
		if err != nil || len(list) != 1 || list[0].Type != lending.ArrangementReduced {
			t.Fatalf("Arrangements = %+v, %v", list, err)
		}
		if list, err := c.lending.Arrangements(ctx, "loan_up_to_date"); err != nil || list == nil || len(list) != 0 {
			t.Fatalf("none = %+v, %v", list, err)
		}
	}},
	{"lending.Arrangement", "planned payments reduce the arrears", func(t *testing.T, ctx context.Context, c clients) {
		list, _ := c.lending.Arrangements(ctx, "loan_arrears")
		if len(list) == 0 {
			t.Fatal("no arrangement")
		}
		if _, err := c.lending.RecordRepayment(ctx, "loan_arrears", lending.RepaymentRequest{AmountPence: 50_00, Method: lending.RepaymentMethodCard,
			PaymentReference: "contract-plan-1"}); err != nil {
			t.Fatal(err)
		}
		a, err := c.lending.Arrangement(ctx, "loan_arrears", list[0].ID)
		if err != nil || a.ArrearsPence != 2*13330-50_00 || a.PaidPence != 50_00 {
			t.Fatalf("Arrangement = %+v, %v", a, err)
		}
		if _, err := c.lending.Arrangement(ctx, "loan_arrears", "arr_nobody"); !errors.Is(err, lending.ErrArrangementNotFound) {
			t.Fatalf("unknown arrangement: %v", err)
		}
	}},
	{"lending.Statement", "a PDF with the loan's figures", func(t *testing.T, ctx context.Context, c clients) {
		s, err := c.lending.Statement(ctx, "loan_settled", "", "")
		if err != nil || !bytes.HasPrefix(s.Content, []byte("%PDF-")) || s.ContentType != "application/pdf" || s.ClosingBalancePence != 0 ||
			s.PaymentsPence <= 2_000_00 || !bytes.Contains(s.Content, []byte("Early settlement")) {
			t.Fatalf("Statement = %+v (%d bytes), %v", s.Transactions, len(s.Content), err)
		}
		if _, err := c.lending.Statement(ctx, "loan_settled", "2025-02-30", ""); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("a bad date: %v", err)
		}
	}},
	{"lending.AnnualStatement", "completed agreement years only", func(t *testing.T, ctx context.Context, c clients) {
		s, err := c.lending.AnnualStatement(ctx, "loan_settled", 0)
		if err != nil || s.Kind != lending.StatementAnnual || s.Year != 1 || !bytes.HasPrefix(s.Content, []byte("%PDF-")) {
			t.Fatalf("AnnualStatement = %+v, %v", s, err)
		}
		if _, err := c.lending.AnnualStatement(ctx, "loan_up_to_date", 0); !errors.Is(err, lending.ErrStatementNotAvailable) {
			t.Fatalf("no year complete: %v", err)
		}
	}},
	{"lending.ClosingStatement", "a settled loan's, from drawdown to settlement", func(t *testing.T, ctx context.Context, c clients) {
		l, _ := c.lending.Loan(ctx, "loan_settled")
		s, err := c.lending.ClosingStatement(ctx, "loan_settled")
		if err != nil || s.Kind != lending.StatementClosing || s.From != l.DrawdownDate || s.To != l.SettledOn || s.ClosingBalancePence != 0 ||
			!bytes.HasPrefix(s.Content, []byte("%PDF-")) || !bytes.Contains(s.Content, []byte("Closing statement")) {
			t.Fatalf("ClosingStatement = %s %s to %s, %v", s.Kind, s.From, s.To, err)
		}
		if _, err := c.lending.ClosingStatement(ctx, "loan_up_to_date"); !errors.Is(err, lending.ErrStatementNotAvailable) {
			t.Fatalf("a loan not settled: %v", err)
		}
		if _, err := c.lending.ClosingStatement(ctx, "loan_nobody"); !errors.Is(err, lending.ErrLoanNotFound) {
			t.Fatalf("an unknown loan: %v", err)
		}
	}},
	{"lending.TopUpEligibility", "the seeded borrowers", func(t *testing.T, ctx context.Context, c clients) {
		e, err := c.lending.TopUpEligibility(ctx, "cus_top_up")
		if err != nil || !e.Eligible || e.LoanID != "loan_top_up" || e.SettlementFigurePence <= 0 || e.MinAmountPence != e.SettlementFigurePence+lending.TopUpMinCashPence {
			t.Fatalf("TopUpEligibility(top-up) = %+v, %v", e, err)
		}
		if e, err := c.lending.TopUpEligibility(ctx, "cus_pin_locked"); err != nil || e.Eligible || e.Reasons[0].Code != lending.TopUpReasonTooFewPayments {
			t.Fatalf("TopUpEligibility(pin-locked) = %+v, %v", e, err)
		}
		if _, err := c.lending.TopUpEligibility(ctx, "cus_nobody"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("unknown customer: %v", err)
		}
	}},
	{"lending.QuoteTopUp", "the settlement comes off the new credit", func(t *testing.T, ctx context.Context, c clients) {
		e, _ := c.lending.TopUpEligibility(ctx, "cus_top_up")
		q, err := c.lending.QuoteTopUp(ctx, lending.TopUpQuoteRequest{CustomerID: "cus_top_up", AmountPence: 9_000_00, TermMonths: 48})
		if err != nil || q.SettlementPence != e.SettlementFigurePence || q.CashToBorrowerPence != 9_000_00-e.SettlementFigurePence ||
			q.Quote.TermMonths != 48 {
			t.Fatalf("QuoteTopUp = %+v, %v", q, err)
		}
		if _, err := c.lending.QuoteTopUp(ctx, lending.TopUpQuoteRequest{CustomerID: "cus_top_up", AmountPence: e.SettlementFigurePence, TermMonths: 48}); !errors.Is(err, lending.ErrOutOfBounds) ||
			!statusIs(err, 422, lending.CodeTopUpAmountTooLow) {
			t.Fatalf("nothing to pay out: %v", err)
		}
		if _, err := c.lending.QuoteTopUp(ctx, lending.TopUpQuoteRequest{CustomerID: "cus_payment_holiday", AmountPence: 9_000_00, TermMonths: 48}); !errors.Is(err, lending.ErrTopUpNotEligible) {
			t.Fatalf("on a holiday: %v", err)
		}
	}},
	{"lending.CreateTopUp", "approved, or a counteroffer on affordability", func(t *testing.T, ctx context.Context, c clients) {
		tu, err := c.lending.CreateTopUp(ctx, lending.CreateTopUpRequest{CustomerID: "cus_top_up", AmountPence: 9_000_00, TermMonths: 48,
			AnnualIncomePence: 45_000_00, MonthlyHousingCostPence: 900_00}, "contract-top-up-1")
		if err != nil || tu.Status != lending.TopUpApproved || tu.Offer == nil || tu.Offer.AmountPence != 9_000_00 {
			t.Fatalf("CreateTopUp = %+v, %v", tu, err)
		}
		co, err := c.lending.CreateTopUp(ctx, lending.CreateTopUpRequest{CustomerID: "cus_up_to_date", AmountPence: 10_000_00, TermMonths: 48,
			AnnualIncomePence: 22_000_00, MonthlyHousingCostPence: 600_00}, "")
		if err != nil || co.Status != lending.TopUpCounteroffer || co.Offer.AmountPence >= 10_000_00 {
			t.Fatalf("a counteroffer = %+v, %v", co, err)
		}
	}},
	{"lending.TopUp", "by id", func(t *testing.T, ctx context.Context, c clients) {
		list, _ := c.lending.CustomerTopUps(ctx, "cus_top_up")
		if len(list) == 0 {
			t.Fatal("no top-up")
		}
		tu, err := c.lending.TopUp(ctx, list[0].ID)
		if err != nil || tu.ID != list[0].ID || tu.LoanID != "loan_top_up" {
			t.Fatalf("TopUp = %+v, %v", tu, err)
		}
		if _, err := c.lending.TopUp(ctx, "tu_nobody"); !errors.Is(err, lending.ErrTopUpNotFound) {
			t.Fatalf("unknown top-up: %v", err)
		}
	}},
	{"lending.CustomerTopUps", "newest first", func(t *testing.T, ctx context.Context, c clients) {
		list, err := c.lending.CustomerTopUps(ctx, "cus_up_to_date")
		if err != nil || len(list) != 1 || list[0].Status != lending.TopUpCounteroffer {
			t.Fatalf("CustomerTopUps = %+v, %v", list, err)
		}
		if list, err := c.lending.CustomerTopUps(ctx, "cus_nobody"); err != nil || list == nil || len(list) != 0 {
			t.Fatalf("none = %+v, %v", list, err)
		}
	}},
	{"lending.DecideTopUpCounteroffer", "accepted", func(t *testing.T, ctx context.Context, c clients) {
		list, _ := c.lending.CustomerTopUps(ctx, "cus_up_to_date")
		tu, err := c.lending.DecideTopUpCounteroffer(ctx, list[0].ID, true)
		if err != nil || tu.Status != lending.TopUpApproved {
			t.Fatalf("DecideTopUpCounteroffer = %+v, %v", tu, err)
		}
		if _, err := c.lending.DecideTopUpCounteroffer(ctx, list[0].ID, false); !errors.Is(err, lending.ErrTopUpNotOpen) {
			t.Fatalf("declining after accepting: %v", err)
		}
	}},
	{"lending.DrawDownTopUp", "the old loan settled, the cash pending then paid out", func(t *testing.T, ctx context.Context, c clients) {
		list, _ := c.lending.CustomerTopUps(ctx, "cus_top_up")
		if _, err := c.lending.DrawDownTopUp(ctx, list[0].ID, ""); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("no key: %v", err)
		}
		tu, err := c.lending.DrawDownTopUp(ctx, list[0].ID, "contract-top-up-draw")
		if err != nil || tu.Status != lending.TopUpDrawnDown || tu.Drawdown == nil || tu.Drawdown.Status != lending.DrawdownPending ||
			tu.Drawdown.CashToBorrowerPence != 9_000_00-tu.Drawdown.SettlementPence {
			t.Fatalf("DrawDownTopUp = %+v, %v", tu, err)
		}
		again, err := c.lending.DrawDownTopUp(ctx, list[0].ID, "contract-top-up-draw")
		if err != nil || again.Drawdown.NewLoanID != tu.Drawdown.NewLoanID {
			t.Fatalf("the same key = %+v, %v", again, err)
		}
		old, _ := c.lending.Loan(ctx, "loan_top_up")
		if old.Status != lending.LoanStatusSettled || old.ReplacedByLoanID != tu.Drawdown.NewLoanID {
			t.Fatalf("the old loan %+v", old)
		}
		var clk server.ClockState
		sandboxControl(t, c, http.MethodGet, "/_sandbox/clock", nil, &clk)
		now, _ := time.Parse(time.RFC3339, clk.Now)
		atSandboxTime(t, c, now.Add(lending.TopUpPayoutDelay+time.Second).Format(time.RFC3339))
		if got, err := c.lending.TopUp(ctx, tu.ID); err != nil || got.Drawdown.Status != lending.DrawdownPaidOut {
			t.Fatalf("after the payout delay: %+v, %v", got.Drawdown, err)
		}
		if _, err := c.lending.DrawDownTopUp(ctx, list[0].ID, "contract-top-up-draw-2"); !errors.Is(err, lending.ErrTopUpNotOpen) {
			t.Fatalf("a second drawdown: %v", err)
		}
	}},
}
