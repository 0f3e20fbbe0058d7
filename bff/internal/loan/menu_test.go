package loan

import (
	"slices"
	"strings"
	"testing"

	"lender/bff/internal/apigen"
	"lender/bff/upstream/lending"
)

// want is an item as a borrower sees it: open, or closed for a reason; amount is 0 when it has none.
type want struct {
	reason apigen.LoanMenuItemReasonCode // "" when open
	words  string                        // a part of the reason's words
	amount int64
}

const phone = "0800 123 4567"

var (
	notYet    = want{reason: apigen.LoanMenuItemReasonCodeNotAvailableYet, words: "You cannot do this online yet. Call us on 0800 123 4567 and we will help."}
	open      = want{}
	upToDate  = lending.Loan{ID: "loan_1", Status: lending.LoanStatusActive, NextPayment: &lending.NextPayment{DueDate: "2026-04-01", AmountPence: 161_10}}
	eligible  = &lending.TopUpEligibility{Eligible: true, Reasons: []lending.Reason{}}
	tooFew    = &lending.TopUpEligibility{Reasons: []lending.Reason{{Code: lending.TopUpReasonTooFewPayments, Text: "You can borrow more once you have made 6 monthly payments; you have made 2."}}}
	inArrears = with(upToDate, func(l *lending.Loan) {
		l.Status, l.Arrears = lending.LoanStatusInArrears, lending.Arrears{AmountPence: 402_12, InstalmentsMissed: 1}
	})
	twoMissed = with(upToDate, func(l *lending.Loan) {
		l.Status, l.Arrears = lending.LoanStatusInArrears, lending.Arrears{AmountPence: 266_60, InstalmentsMissed: 2}
	})
	onHoliday = with(upToDate, func(l *lending.Loan) {
		l.Status, l.PaymentHoliday = lending.LoanStatusPaymentHoliday, &lending.HolidayPeriod{Months: 3, StartDate: "2026-02-02", EndDate: "2026-05-01", ResumesOn: "2026-06-01", Current: true}
	})
	holidayDue = with(upToDate, func(l *lending.Loan) {
		l.PaymentHoliday = &lending.HolidayPeriod{Months: 1, StartDate: "2026-03-02", EndDate: "2026-04-01", Current: false}
	})
	planned = with(inArrears, func(l *lending.Loan) {
		l.Arrangement = &lending.ArrangementSummary{Type: lending.ArrangementReduced, Status: lending.ArrangementActive, MonthlyAmountPence: 50_00}
	})
	planOver = with(upToDate, func(l *lending.Loan) {
		l.Arrangement = &lending.ArrangementSummary{Type: lending.ArrangementReduced, Status: lending.ArrangementCompleted, MonthlyAmountPence: 50_00}
	})
	changed   = with(upToDate, func(l *lending.Loan) { l.ChangesAllowedFrom = "2026-06-02" })
	paidAhead = with(upToDate, func(l *lending.Loan) { l.NextPayment = nil })
	settled   = with(upToDate, func(l *lending.Loan) {
		l.Status, l.SettledOn, l.NextPayment = lending.LoanStatusSettled, "2025-10-27", nil
	})
)

func with(l lending.Loan, change func(*lending.Loan)) lending.Loan {
	change(&l)
	return l
}

// TestMenus: which items of each menu are open for a loan in each state, and why the others are not,
// the first reason in the order settled, in arrears, on a holiday, under a payment plan, changed
// recently, not eligible to borrow more, then not available yet.
func TestMenus(t *testing.T) {
	settledWords := want{reason: apigen.LoanMenuItemReasonCodeSettled, words: "You repaid this loan on 27 October 2025, so there is nothing more to pay or change."}
	alwaysOpen := map[action]want{apigen.LoanMenuItemActionSchedule: open, apigen.LoanMenuItemActionTransactions: open,
		apigen.LoanMenuItemActionStatements: open, apigen.LoanMenuItemActionLegalDocuments: open}
	tests := []struct {
		name  string
		items []action
		s     situation
		want  map[action]want
	}{
		{"up to date: what is built is open, the rest not yet", manageMyLoanItems, situation{loan: upToDate, topUp: eligible}, merge(alwaysOpen, map[action]want{
			apigen.LoanMenuItemActionMakePayment: open, apigen.LoanMenuItemActionRepayEarly: open, apigen.LoanMenuItemActionAdjustLoan: notYet,
			apigen.LoanMenuItemActionPaymentHoliday: notYet, apigen.LoanMenuItemActionPaymentTrouble: notYet, apigen.LoanMenuItemActionBorrowMore: notYet,
			apigen.LoanMenuItemActionManageCards: notYet,
		})},
		{"in arrears: changes and borrowing closed; paying and help are not", manageMyLoanItems, situation{loan: inArrears, topUp: tooFew}, merge(alwaysOpen, map[action]want{
			apigen.LoanMenuItemActionMakePayment: open, apigen.LoanMenuItemActionRepayEarly: open,
			apigen.LoanMenuItemActionAdjustLoan:     {reason: apigen.LoanMenuItemReasonCodeInArrears, words: "You have a missed payment of £402.12. You can change your repayments once it is paid."},
			apigen.LoanMenuItemActionPaymentHoliday: {reason: apigen.LoanMenuItemReasonCodeInArrears, words: "You can take a payment holiday once it is paid."},
			apigen.LoanMenuItemActionPaymentTrouble: notYet,
			apigen.LoanMenuItemActionBorrowMore:     {reason: apigen.LoanMenuItemReasonCodeInArrears, words: "You can borrow more once it is paid."},
			apigen.LoanMenuItemActionManageCards:    notYet,
		})},
		{"two missed payments", adjustLoanItems, situation{loan: twoMissed}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: {reason: apigen.LoanMenuItemReasonCodeInArrears, words: "You have 2 missed payments, £266.60 in all. You can change your payment day once they are paid."},
			apigen.LoanMenuItemActionChangeInstalment: {reason: apigen.LoanMenuItemReasonCodeInArrears, words: "change your monthly payment once they are paid"},
			apigen.LoanMenuItemActionPaymentHoliday:   {reason: apigen.LoanMenuItemReasonCodeInArrears, words: "take a payment holiday once they are paid"},
		}},
		{"in arrears: paying them is what is due", makePaymentItems, situation{loan: inArrears}, map[action]want{
			apigen.LoanMenuItemActionPayArrears: {amount: 402_12}, apigen.LoanMenuItemActionPayNextInstalment: {amount: 161_10},
			apigen.LoanMenuItemActionPayOtherAmount: open, apigen.LoanMenuItemActionRepayInFull: open,
		}},
		{"up to date: no arrears to pay", makePaymentItems, situation{loan: upToDate}, map[action]want{
			apigen.LoanMenuItemActionPayArrears:        {reason: apigen.LoanMenuItemReasonCodeNothingDue, words: "You have no missed payments to pay."},
			apigen.LoanMenuItemActionPayNextInstalment: {amount: 161_10},
			apigen.LoanMenuItemActionPayOtherAmount:    open, apigen.LoanMenuItemActionRepayInFull: open,
		}},
		{"every instalment paid ahead", makePaymentItems, situation{loan: paidAhead}, map[action]want{
			apigen.LoanMenuItemActionPayArrears:        {reason: apigen.LoanMenuItemReasonCodeNothingDue},
			apigen.LoanMenuItemActionPayNextInstalment: {reason: apigen.LoanMenuItemReasonCodeNothingDue, words: "Every instalment of this loan is paid."},
			apigen.LoanMenuItemActionPayOtherAmount:    {reason: apigen.LoanMenuItemReasonCodeNothingDue, words: "Every instalment of this loan is paid."},
			apigen.LoanMenuItemActionRepayInFull:       open,
		}},
		{"on a holiday", manageMyLoanItems, situation{loan: onHoliday, topUp: eligible}, merge(alwaysOpen, map[action]want{
			apigen.LoanMenuItemActionMakePayment: open, apigen.LoanMenuItemActionRepayEarly: open,
			apigen.LoanMenuItemActionAdjustLoan:     {reason: apigen.LoanMenuItemReasonCodePaymentHoliday, words: "You are on a payment holiday until 1 May 2026. You can change your repayments once it ends."},
			apigen.LoanMenuItemActionPaymentHoliday: {reason: apigen.LoanMenuItemReasonCodePaymentHoliday, words: "You can take a payment holiday once it ends."},
			apigen.LoanMenuItemActionPaymentTrouble: notYet,
			apigen.LoanMenuItemActionBorrowMore:     {reason: apigen.LoanMenuItemReasonCodePaymentHoliday, words: "You can borrow more once it ends."},
			apigen.LoanMenuItemActionManageCards:    notYet,
		})},
		{"a holiday to come", adjustLoanItems, situation{loan: holidayDue}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: {reason: apigen.LoanMenuItemReasonCodePaymentHoliday, words: "You have a payment holiday from 2 March 2026 to 1 April 2026."},
			apigen.LoanMenuItemActionChangeInstalment: {reason: apigen.LoanMenuItemReasonCodePaymentHoliday},
			apigen.LoanMenuItemActionPaymentHoliday:   {reason: apigen.LoanMenuItemReasonCodePaymentHoliday},
		}},
		{"arrears win over a payment plan", adjustLoanItems, situation{loan: planned}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: {reason: apigen.LoanMenuItemReasonCodeInArrears},
			apigen.LoanMenuItemActionChangeInstalment: {reason: apigen.LoanMenuItemReasonCodeInArrears},
			apigen.LoanMenuItemActionPaymentHoliday:   {reason: apigen.LoanMenuItemReasonCodeInArrears},
		}},
		{"under a payment plan", manageMyLoanItems, situation{loan: with(planned, func(l *lending.Loan) { l.Arrears, l.Status = lending.Arrears{}, lending.LoanStatusActive }), topUp: eligible}, merge(alwaysOpen, map[action]want{
			apigen.LoanMenuItemActionMakePayment: open, apigen.LoanMenuItemActionRepayEarly: open,
			apigen.LoanMenuItemActionAdjustLoan:     {reason: apigen.LoanMenuItemReasonCodeArrangement, words: "You have a payment plan with us of £50 a month. You can change your repayments once it ends."},
			apigen.LoanMenuItemActionPaymentHoliday: {reason: apigen.LoanMenuItemReasonCodeArrangement},
			apigen.LoanMenuItemActionPaymentTrouble: {reason: apigen.LoanMenuItemReasonCodeArrangement, words: "You have a payment plan with us of £50 a month. If it no longer works for you, call us on 0800 123 4567 and we will help."},
			apigen.LoanMenuItemActionBorrowMore:     {reason: apigen.LoanMenuItemReasonCodeArrangement, words: "You can borrow more once it ends."},
			apigen.LoanMenuItemActionManageCards:    notYet,
		})},
		{"a plan that is over closes nothing", adjustLoanItems, situation{loan: planOver}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: notYet, apigen.LoanMenuItemActionChangeInstalment: notYet, apigen.LoanMenuItemActionPaymentHoliday: notYet,
		}},
		{"changed recently", adjustLoanItems, situation{loan: changed, today: "2026-03-04"}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: {reason: apigen.LoanMenuItemReasonCodeRecentChange, words: "You changed your repayments recently, so you can change your payment day from 2 June 2026."},
			apigen.LoanMenuItemActionChangeInstalment: {reason: apigen.LoanMenuItemReasonCodeRecentChange},
			apigen.LoanMenuItemActionPaymentHoliday:   {reason: apigen.LoanMenuItemReasonCodeRecentChange, words: "so you can take a payment holiday from 2 June 2026"},
		}},
		{"the day changes are allowed again", adjustLoanItems, situation{loan: changed, today: "2026-06-02"}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: notYet, apigen.LoanMenuItemActionChangeInstalment: notYet, apigen.LoanMenuItemActionPaymentHoliday: notYet,
		}},
		{"a recent change does not stop borrowing more; the core's decision does", manageMyLoanItems, situation{loan: changed, topUp: tooFew, today: "2026-03-04"}, merge(alwaysOpen, map[action]want{
			apigen.LoanMenuItemActionMakePayment: open, apigen.LoanMenuItemActionRepayEarly: open,
			apigen.LoanMenuItemActionAdjustLoan:     {reason: apigen.LoanMenuItemReasonCodeRecentChange, words: "so you can change your repayments from 2 June 2026"},
			apigen.LoanMenuItemActionPaymentHoliday: {reason: apigen.LoanMenuItemReasonCodeRecentChange},
			apigen.LoanMenuItemActionPaymentTrouble: notYet,
			apigen.LoanMenuItemActionBorrowMore:     {reason: apigen.LoanMenuItemReasonCodeNotEligible, words: "You can borrow more once you have made 6 monthly payments; you have made 2."},
			apigen.LoanMenuItemActionManageCards:    notYet,
		})},
		{"settled: only what is built, to read", manageMyLoanItems, situation{loan: settled, topUp: eligible}, merge(alwaysOpen, map[action]want{
			apigen.LoanMenuItemActionMakePayment: settledWords, apigen.LoanMenuItemActionRepayEarly: settledWords, apigen.LoanMenuItemActionAdjustLoan: settledWords,
			apigen.LoanMenuItemActionPaymentHoliday: settledWords, apigen.LoanMenuItemActionPaymentTrouble: settledWords, apigen.LoanMenuItemActionBorrowMore: settledWords,
			apigen.LoanMenuItemActionManageCards: settledWords,
		})},
		{"settled: nothing to pay", makePaymentItems, situation{loan: settled}, map[action]want{
			apigen.LoanMenuItemActionPayArrears: settledWords, apigen.LoanMenuItemActionPayNextInstalment: settledWords,
			apigen.LoanMenuItemActionPayOtherAmount: settledWords, apigen.LoanMenuItemActionRepayInFull: settledWords,
		}},
		{"a brand without a phone", adjustLoanItems, situation{loan: upToDate, phone: "-"}, map[action]want{
			apigen.LoanMenuItemActionChangePaymentDay: {reason: apigen.LoanMenuItemReasonCodeNotAvailableYet, words: "You cannot do this online yet. Contact us and we will help."},
			apigen.LoanMenuItemActionChangeInstalment: {reason: apigen.LoanMenuItemReasonCodeNotAvailableYet},
			apigen.LoanMenuItemActionPaymentHoliday:   {reason: apigen.LoanMenuItemReasonCodeNotAvailableYet},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s
			switch s.phone {
			case "":
				s.phone = phone
			case "-":
				s.phone = ""
			}
			if s.today == "" {
				s.today = "2026-03-04"
			}
			got := menu(tt.items, s)
			if len(got) != len(tt.items) {
				t.Fatalf("%d items, want %d", len(got), len(tt.items))
			}
			for i, it := range got {
				w, ok := tt.want[it.Action]
				if it.Action != tt.items[i] || !ok || it.Label == "" {
					t.Fatalf("item %d is %q (%q), want %q", i, it.Action, it.Label, tt.items[i])
				}
				var code apigen.LoanMenuItemReasonCode
				var words string
				if it.ReasonCode != nil {
					code = *it.ReasonCode
				}
				if it.Reason != nil {
					words = *it.Reason
				}
				if it.Open != (w.reason == "") || code != w.reason || (it.Reason != nil) != (it.ReasonCode != nil) || (!it.Open && words == "") {
					t.Errorf("%s: open %v, %q %q; want %q", it.Action, it.Open, code, words, w.reason)
				}
				if !strings.Contains(words, w.words) {
					t.Errorf("%s says %q, want it to say %q", it.Action, words, w.words)
				}
				var amount int64
				if it.AmountPence != nil {
					amount = *it.AmountPence
				}
				if amount != w.amount {
					t.Errorf("%s is about %d, want %d", it.Action, amount, w.amount)
				}
			}
		})
	}
}

func merge(a, b map[action]want) map[action]want {
	out := map[action]want{}
	for _, m := range []map[action]want{a, b} {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// TestEveryItemHasWordsAndKnownReasons: each item has a label, its closing reasons are among those of
// the contract, and each action that can be closed by a state that asks "once …" says what it is.
func TestEveryItemHasWordsAndKnownReasons(t *testing.T) {
	for _, items := range [][]action{manageMyLoanItems, adjustLoanItems, makePaymentItems} {
		for _, a := range items {
			if labels[a] == "" || !a.Valid() {
				t.Errorf("%q has no label or is not the contract's", a)
			}
			for _, r := range closedBy[a] {
				if !r.Valid() || !slices.Contains(precedence, r) {
					t.Errorf("%q is closed by %q, which is not a reason in the order of precedence", a, r)
				}
				once := r == apigen.LoanMenuItemReasonCodeInArrears || r == apigen.LoanMenuItemReasonCodePaymentHoliday ||
					r == apigen.LoanMenuItemReasonCodeRecentChange ||
					(r == apigen.LoanMenuItemReasonCodeArrangement && a != apigen.LoanMenuItemActionPaymentTrouble)
				if once && doing[a] == "" {
					t.Errorf("%q can be closed by %q but does not say what it does", a, r)
				}
			}
		}
	}
}
