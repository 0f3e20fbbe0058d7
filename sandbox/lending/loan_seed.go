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
// loan_up_to_date. A persona with more than one loan has SeedLoanID for the first drawn down and
// SeedLoanID + "_2" for the second.
func SeedLoanID(personaKey string) string {
	return "loan_" + strings.ReplaceAll(personaKey, "-", "_")
}

// seedLoan is a persona's loan scenario: the loan and how long ago it was drawn down.
type seedLoan struct {
	amount       int64
	term         int
	purpose      string // what the borrower said the loan was for, in its documents
	monthsAgo    int
	daysAgo      int // on top of monthsAgo
	missedLatest int // instalments left unpaid, the latest due
	collected    int // when not 0: only the first so many are collected (the rest are settled)
}

// seedLoansOf are the loans of persona p, the first drawn down first; none for a persona without a
// loan scenario.
func seedLoansOf(p personas.Borrower) []seedLoan {
	switch {
	case p.Scenario == personas.ScenarioLoanUpToDate && p.PINLocked:
		return []seedLoan{{amount: 3_000_00, term: 24, purpose: lending.PurposeHoliday, monthsAgo: 5, daysAgo: 12}}
	case p.Scenario == personas.ScenarioLoanUpToDate:
		return []seedLoan{{amount: 5_000_00, term: 36, purpose: lending.PurposeCar, monthsAgo: 8, daysAgo: 3}}
	case p.Scenario == personas.ScenarioLoanInArrears:
		return []seedLoan{{amount: 2_500_00, term: 24, purpose: lending.PurposeDebtConsolidation, monthsAgo: 7, daysAgo: 10, missedLatest: 2}}
	case p.Scenario == personas.ScenarioLoanTopUpEligible:
		return []seedLoan{{amount: 4_000_00, term: 36, purpose: lending.PurposeHomeImprovements, monthsAgo: 9, daysAgo: 3}}
	case p.Scenario == personas.ScenarioLoanPaymentHoliday:
		// The latest instalment due is not collected: the holiday below defers it.
		return []seedLoan{{amount: 6_000_00, term: 48, purpose: lending.PurposeWedding, monthsAgo: 10, daysAgo: 5, missedLatest: 1}}
	case p.Scenario == personas.ScenarioLoanSettled:
		return []seedLoan{{amount: 2_000_00, term: 24, purpose: lending.PurposeMedical, monthsAgo: 14, daysAgo: 10, collected: 10}}
	case p.Scenario == personas.ScenarioTwoLoans:
		return []seedLoan{
			{amount: 3_500_00, term: 24, purpose: lending.PurposeCar, monthsAgo: 11, daysAgo: 8},
			{amount: 1_200_00, term: 12, purpose: lending.PurposeHomeImprovements, monthsAgo: 2, daysAgo: 15},
		}
	}
	return nil
}

// seedLoans attaches the personas' loans to a fresh state (called by seedState).
func seedLoans(st *state, now time.Time) {
	b := newLoanBook()
	st.loans = b
	today := loanDay(now)
	for _, p := range personas.Borrowers() {
		for n, s := range seedLoansOf(p) {
			id := SeedLoanID(p.Key)
			if n > 0 {
				id += fmt.Sprintf("_%d", n+1)
			}
			st.seedLoan(b, p, id, s, today)
		}
	}
}

// seedLoan draws persona p's loan s down before today and runs it to today.
func (st *state) seedLoan(b *loanBook, p personas.Borrower, id string, s seedLoan, today time.Time) {
	drawn := credit.AddMonths(today, -s.monthsAgo).AddDate(0, 0, -s.daysAgo).Add(10 * time.Hour)
	l, perr := b.openLoan(id, loanTerms{customerID: p.CustomerID, amount: s.amount, term: s.term,
		cpaCardToken: seedRef(p, p.CPACardToken),
		description:  "Loan paid out to the account ending 0123"}, drawn)
	if perr != nil {
		panic("lending: seeding a loan: " + perr.Error()) // caught by the tests
	}
	st.seedDocuments(l, p, s.purpose, drawn)
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

// seedDocuments gives a seeded loan the documents it was signed with, as a borrower's own loan keeps
// its application's: the pre-contract information, the key facts, the credit agreement and the
// explanation, with the customer's name and address, the loan's terms and the brand owning the
// persona's business, dated and signed by the borrower at the drawdown. The application they were
// built from is only the documents' source; the loan's account number is their agreement number.
func (st *state) seedDocuments(l *loanRec, p personas.Borrower, purpose string, at time.Time) {
	a := &application{id: l.ID, customerID: l.CustomerID, owner: p.ApplicationOwner, purpose: purpose,
		status: lending.ApplicationApproved, quote: lending.Quote{AmountPence: l.Amount, TermMonths: l.Term,
			AnnualRatePercent: l.Rate.Percent(), FeePence: l.Fee}}
	digest, perr := st.agreementToSign(a, at)
	if perr == nil {
		perr = st.recordSignature(a, p.FirstName+" "+p.LastName, digest, at)
	}
	if perr != nil {
		panic("lending: seeding a loan's documents: " + perr.Error()) // caught by the tests
	}
	l.Documents = a.signed
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
