package lending

import (
	"fmt"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
	"lender/sandbox/personas"
)

// Seeded loans (sandbox/README.md, "Seeded loans"). Each borrower persona with a loan scenario has a
// loan drawn down in the past relative to the seed's date (a reset's sandbox time), built by the same
// operations as any loan: priced from the rate table, instalments collected by CPA on their due dates,
// a payment holiday quoted and applied, a settlement quoted and paid. So the figures, schedules,
// transactions and statements are real, and moving the clock carries the loans on from there.

// SeedLoanID is the id of a seeded persona's loan: "loan_" and the persona key with '-' as '_', e.g.
// loan_up_to_date.
func SeedLoanID(personaKey string) string {
	return "loan_" + strings.ReplaceAll(personaKey, "-", "_")
}

// seedLoan is a persona's loan scenario: the loan and how long ago it was drawn down.
type seedLoan struct {
	amount       int64
	term         int
	monthsAgo    int
	daysAgo      int // on top of monthsAgo
	missedLatest int // instalments left unpaid, the latest due
	collected    int // when not 0: only the first so many are collected (the rest are settled)
}

// seedLoans attaches the personas' loans to a fresh state (called by seedState).
func seedLoans(st *state, now time.Time) {
	b := newLoanBook()
	st.loans = b
	today := loanDay(now)
	for _, p := range personas.Borrowers() {
		var s seedLoan
		switch {
		case p.Scenario == personas.ScenarioLoanUpToDate && p.PINLocked:
			s = seedLoan{amount: 3_000_00, term: 24, monthsAgo: 5, daysAgo: 12}
		case p.Scenario == personas.ScenarioLoanUpToDate:
			s = seedLoan{amount: 5_000_00, term: 36, monthsAgo: 8, daysAgo: 3}
		case p.Scenario == personas.ScenarioLoanInArrears:
			s = seedLoan{amount: 2_500_00, term: 24, monthsAgo: 7, daysAgo: 10, missedLatest: 2}
		case p.Scenario == personas.ScenarioLoanTopUpEligible:
			s = seedLoan{amount: 4_000_00, term: 36, monthsAgo: 9, daysAgo: 3}
		case p.Scenario == personas.ScenarioLoanPaymentHoliday:
			// The latest instalment due is not collected: the holiday below defers it.
			s = seedLoan{amount: 6_000_00, term: 48, monthsAgo: 10, daysAgo: 5, missedLatest: 1}
		case p.Scenario == personas.ScenarioLoanSettled:
			s = seedLoan{amount: 2_000_00, term: 24, monthsAgo: 14, daysAgo: 10, collected: 10}
		default:
			continue
		}
		drawn := credit.AddMonths(today, -s.monthsAgo).AddDate(0, 0, -s.daysAgo).Add(10 * time.Hour)
		l, perr := b.openLoan(SeedLoanID(p.Key), loanTerms{customerID: p.CustomerID, amount: s.amount, term: s.term,
			cpaCardToken: seedRef(p, p.CPACardToken),
			description:  "Loan paid out to the account ending 0123"}, drawn)
		if perr != nil {
			panic("lending: seeding a loan: " + perr.Error()) // caught by the tests
		}
		due := 0
		for _, r := range l.Rows {
			if !r.Due.After(today) {
				due++
			}
		}
		if s.collected != 0 {
			due = s.collected
		}
		for i := range due - s.missedLatest {
			seedCollect(l, i)
		}
		switch p.Scenario {
		case personas.ScenarioLoanPaymentHoliday:
			// After the last collection, a three-month holiday from the instalment that was next.
			at := l.Rows[due-2].Due.Add(34 * time.Hour)
			q, perr := l.holidayQuote(3, at)
			if perr == nil {
				b.addQuote(q)
				if status, _ := l.applyQuote(q, at); status != 200 {
					perr = &problem{code: "seed", message: "the holiday did not apply"}
				}
			}
			if perr != nil {
				panic("lending: seeding a payment holiday: " + perr.Error())
			}
		case personas.ScenarioLoanSettled:
			// Ten instalments, then settled early by bank transfer two days after the tenth.
			seedSettle(l, l.Rows[due-1].Due.Add(2*24*time.Hour+11*time.Hour))
		}
	}
}

// seedCollect collects row i by CPA at 06:00 on its due date.
func seedCollect(l *loanRec, i int) {
	r := l.Rows[i]
	at := r.Due.Add(6 * time.Hour)
	if _, perr := l.repay(r.Payment, at); perr != nil {
		panic("lending: seeding a repayment: " + perr.Error())
	}
	l.post(at, lending.TransactionRepayment, -r.Payment, lending.RepaymentMethodCPA, fmt.Sprintf("seed-%s-%d", l.ID, i+1),
		"Repayment by "+methodName(lending.RepaymentMethodCPA))
}

// seedSettle settles the loan at at by bank transfer of its settlement total.
func seedSettle(l *loanRec, at time.Time) {
	q, perr := l.settlementQuote(at, credit.NoDeferral, lending.DeferralNone)
	if perr != nil {
		panic("lending: seeding a settlement: " + perr.Error())
	}
	l.settle(q.TotalToSettlePence, lending.RepaymentMethodBank, "seed-"+l.ID+"-settlement", lending.SettledBySettlement,
		fmt.Sprintf("Early settlement by %s (rebate %s)", methodName(lending.RepaymentMethodBank), credit.FormatPounds(q.RebatePence)), at)
}
