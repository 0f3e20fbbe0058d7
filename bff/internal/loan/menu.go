package loan

import (
	"fmt"
	"slices"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
)

// A loan's menus (spec §7 "Loan actions"): every item open, or closed with the reason in words a
// borrower understands. menu is a pure function of the loan's situation, and every word it says is in
// this file: a later issue opens an item by deleting its line in notBuiltYet.

type (
	action = apigen.LoanMenuItemAction
	reason = apigen.LoanMenuItemReasonCode
)

// The items of each menu, in the order its screen lists them.
var (
	manageMyLoanItems = []action{apigen.LoanMenuItemActionMakePayment, apigen.LoanMenuItemActionRepayEarly,
		apigen.LoanMenuItemActionAdjustLoan, apigen.LoanMenuItemActionPaymentHoliday, apigen.LoanMenuItemActionPaymentTrouble,
		apigen.LoanMenuItemActionBorrowMore, apigen.LoanMenuItemActionManageCards, apigen.LoanMenuItemActionSchedule,
		apigen.LoanMenuItemActionTransactions, apigen.LoanMenuItemActionStatements, apigen.LoanMenuItemActionLegalDocuments}
	adjustLoanItems = []action{apigen.LoanMenuItemActionChangePaymentDay, apigen.LoanMenuItemActionChangeInstalment,
		apigen.LoanMenuItemActionPaymentHoliday}
	makePaymentItems = []action{apigen.LoanMenuItemActionPayArrears, apigen.LoanMenuItemActionPayNextInstalment,
		apigen.LoanMenuItemActionPayOtherAmount, apigen.LoanMenuItemActionRepayInFull}
)

// labels are the items' words.
var labels = map[action]string{
	apigen.LoanMenuItemActionMakePayment:       "Make a payment",
	apigen.LoanMenuItemActionRepayEarly:        "Repay your loan early",
	apigen.LoanMenuItemActionAdjustLoan:        "Change your repayments",
	apigen.LoanMenuItemActionPaymentHoliday:    "Take a payment holiday",
	apigen.LoanMenuItemActionPaymentTrouble:    "Get help if you are struggling to pay",
	apigen.LoanMenuItemActionBorrowMore:        "Borrow more",
	apigen.LoanMenuItemActionManageCards:       "Manage your payment cards",
	apigen.LoanMenuItemActionSchedule:          "Your repayment schedule",
	apigen.LoanMenuItemActionTransactions:      "Your transactions",
	apigen.LoanMenuItemActionStatements:        "Your statements",
	apigen.LoanMenuItemActionLegalDocuments:    "Your loan documents",
	apigen.LoanMenuItemActionChangePaymentDay:  "Change your payment day",
	apigen.LoanMenuItemActionChangeInstalment:  "Change your monthly payment",
	apigen.LoanMenuItemActionPayArrears:        "Pay your missed payments",
	apigen.LoanMenuItemActionPayNextInstalment: "Pay your next instalment",
	apigen.LoanMenuItemActionPayOtherAmount:    "Pay another amount",
	apigen.LoanMenuItemActionRepayInFull:       "Repay your loan in full",
}

// notBuiltYet are the actions whose screens a later issue builds: each is closed as not_available_yet
// until then (after any reason its loan's state gives). Deleting an action's line here opens it.
var notBuiltYet = map[action]bool{
	apigen.LoanMenuItemActionManageCards:      true, // issue 17: cards
	apigen.LoanMenuItemActionAdjustLoan:       true, // issue 18: changing the repayments
	apigen.LoanMenuItemActionChangePaymentDay: true, // issue 18
	apigen.LoanMenuItemActionChangeInstalment: true, // issue 18
	apigen.LoanMenuItemActionPaymentHoliday:   true, // issue 18
	apigen.LoanMenuItemActionPaymentTrouble:   true, // issue 18
	apigen.LoanMenuItemActionBorrowMore:       true, // issue 19: borrowing more
}

// precedence is the order of the reasons an item can be closed for: the first that applies is given.
var precedence = []reason{
	apigen.LoanMenuItemReasonCodeSettled,
	apigen.LoanMenuItemReasonCodeInArrears,
	apigen.LoanMenuItemReasonCodePaymentHoliday,
	apigen.LoanMenuItemReasonCodeArrangement,
	apigen.LoanMenuItemReasonCodeRecentChange,
	apigen.LoanMenuItemReasonCodeNotEligible,
	apigen.LoanMenuItemReasonCodeNothingDue,
}

// changesClosedBy close anything that changes the repayments, as the lending core refuses it: a settled
// loan, arrears, a holiday (running or to come), an active payment plan, a change made recently.
var changesClosedBy = []reason{apigen.LoanMenuItemReasonCodeSettled, apigen.LoanMenuItemReasonCodeInArrears,
	apigen.LoanMenuItemReasonCodePaymentHoliday, apigen.LoanMenuItemReasonCodeArrangement, apigen.LoanMenuItemReasonCodeRecentChange}

// closedBy are the reasons that can close each action; one not listed (the schedule, the transactions,
// the statements and the documents) is open whatever the loan's state, settled included. Arrears never
// close paying or getting help: a borrower behind with their payments must be able to do both.
var closedBy = map[action][]reason{
	apigen.LoanMenuItemActionMakePayment:       {apigen.LoanMenuItemReasonCodeSettled},
	apigen.LoanMenuItemActionRepayEarly:        {apigen.LoanMenuItemReasonCodeSettled},
	apigen.LoanMenuItemActionManageCards:       {apigen.LoanMenuItemReasonCodeSettled},
	apigen.LoanMenuItemActionPayArrears:        {apigen.LoanMenuItemReasonCodeSettled, apigen.LoanMenuItemReasonCodeNothingDue},
	apigen.LoanMenuItemActionPayNextInstalment: {apigen.LoanMenuItemReasonCodeSettled, apigen.LoanMenuItemReasonCodeNothingDue},
	apigen.LoanMenuItemActionPayOtherAmount:    {apigen.LoanMenuItemReasonCodeSettled, apigen.LoanMenuItemReasonCodeNothingDue},
	apigen.LoanMenuItemActionRepayInFull:       {apigen.LoanMenuItemReasonCodeSettled},
	apigen.LoanMenuItemActionPaymentTrouble:    {apigen.LoanMenuItemReasonCodeSettled, apigen.LoanMenuItemReasonCodeArrangement},
	apigen.LoanMenuItemActionAdjustLoan:        changesClosedBy,
	apigen.LoanMenuItemActionChangePaymentDay:  changesClosedBy,
	apigen.LoanMenuItemActionChangeInstalment:  changesClosedBy,
	apigen.LoanMenuItemActionPaymentHoliday:    changesClosedBy,
	// Borrowing more: the loan's own state first, then the lending core's decision, which is about the
	// customer's newest open loan.
	apigen.LoanMenuItemActionBorrowMore: {apigen.LoanMenuItemReasonCodeSettled, apigen.LoanMenuItemReasonCodeInArrears,
		apigen.LoanMenuItemReasonCodePaymentHoliday, apigen.LoanMenuItemReasonCodeArrangement, apigen.LoanMenuItemReasonCodeNotEligible},
}

// doing is what an action lets the borrower do, as a reason says when they can ("You can … once it is
// paid.").
var doing = map[action]string{
	apigen.LoanMenuItemActionAdjustLoan:       "change your repayments",
	apigen.LoanMenuItemActionChangePaymentDay: "change your payment day",
	apigen.LoanMenuItemActionChangeInstalment: "change your monthly payment",
	apigen.LoanMenuItemActionPaymentHoliday:   "take a payment holiday",
	apigen.LoanMenuItemActionBorrowMore:       "borrow more",
}

// situation is what decides a loan's menus: the loan as the lending core computes it today, the core's
// decision on borrowing more (nil for a menu without it), the phone number of the borrower's brand,
// and the core's today (YYYY-MM-DD).
type situation struct {
	loan  lending.Loan
	topUp *lending.TopUpEligibility
	phone string
	today string
}

// menu is items as the borrower sees them in situation s, in order.
func menu(items []action, s situation) []apigen.LoanMenuItem {
	out := make([]apigen.LoanMenuItem, len(items))
	for i, a := range items {
		it := apigen.LoanMenuItem{Action: a, Label: labels[a], Open: true, AmountPence: s.amount(a)}
		if code, why, closed := s.closed(a); closed {
			it.Open, it.ReasonCode, it.Reason = false, &code, &why
		}
		out[i] = it
	}
	return out
}

// amount is the sum an item is about: the arrears, or the next instalment.
func (s situation) amount(a action) *int64 {
	l := s.loan
	switch {
	case a == apigen.LoanMenuItemActionPayArrears && l.Arrears.AmountPence > 0:
		return &l.Arrears.AmountPence
	case a == apigen.LoanMenuItemActionPayNextInstalment && l.NextPayment != nil:
		return &l.NextPayment.AmountPence
	}
	return nil
}

// closed is why action a is closed in situation s, if it is: the first reason in precedence that can
// close it and applies, else not_available_yet for an action not built yet.
func (s situation) closed(a action) (reason, string, bool) {
	for _, r := range precedence {
		if !slices.Contains(closedBy[a], r) {
			continue
		}
		if why, ok := s.why(r, a); ok {
			return r, why, true
		}
	}
	if notBuiltYet[a] {
		return apigen.LoanMenuItemReasonCodeNotAvailableYet, "You cannot do this online yet. " + sentence(s.callUs()), true
	}
	return "", "", false
}

// callUs asks the borrower to call the brand, or to contact it when it has no phone number.
func (s situation) callUs() string {
	if s.phone == "" {
		return "contact us and we will help"
	}
	return "call us on " + s.phone + " and we will help"
}

// sentence makes a sentence of words.
func sentence(words string) string { return strings.ToUpper(words[:1]) + words[1:] + "." }

// why says in words whether reason r applies to action a in situation s.
func (s situation) why(r reason, a action) (string, bool) {
	l := s.loan
	switch r {
	case apigen.LoanMenuItemReasonCodeSettled:
		if l.Status == lending.LoanStatusSettled {
			return fmt.Sprintf("You repaid this loan on %s, so there is nothing more to pay or change.", uktime.CivilDate(l.SettledOn)), true
		}
	case apigen.LoanMenuItemReasonCodeInArrears:
		if m := l.Arrears; m.AmountPence > 0 {
			if m.InstalmentsMissed == 1 {
				return fmt.Sprintf("You have a missed payment of %s. You can %s once it is paid.", loanquote.Pounds(m.AmountPence), doing[a]), true
			}
			return fmt.Sprintf("You have %d missed payments, %s in all. You can %s once they are paid.", m.InstalmentsMissed,
				loanquote.Pounds(m.AmountPence), doing[a]), true
		}
	case apigen.LoanMenuItemReasonCodePaymentHoliday:
		if h := l.PaymentHoliday; h != nil {
			if h.Current {
				return fmt.Sprintf("You are on a payment holiday until %s. You can %s once it ends.", uktime.CivilDate(h.EndDate), doing[a]), true
			}
			return fmt.Sprintf("You have a payment holiday from %s to %s. You can %s once it ends.", uktime.CivilDate(h.StartDate),
				uktime.CivilDate(h.EndDate), doing[a]), true
		}
	case apigen.LoanMenuItemReasonCodeArrangement:
		if p := l.Arrangement; p != nil && p.Status == lending.ArrangementActive {
			plan := fmt.Sprintf("You have a payment plan with us of %s a month.", loanquote.Pounds(p.MonthlyAmountPence))
			if a == apigen.LoanMenuItemActionPaymentTrouble {
				return plan + " If it no longer works for you, " + s.callUs() + ".", true
			}
			return fmt.Sprintf("%s You can %s once it ends.", plan, doing[a]), true
		}
	case apigen.LoanMenuItemReasonCodeRecentChange:
		if l.ChangesAllowedFrom != "" && l.ChangesAllowedFrom > s.today {
			return fmt.Sprintf("You changed your repayments recently, so you can %s from %s.", doing[a], uktime.CivilDate(l.ChangesAllowedFrom)), true
		}
	case apigen.LoanMenuItemReasonCodeNotEligible:
		if e := s.topUp; e != nil && !e.Eligible {
			return strings.Join(topUpReasons(*e), " "), true
		}
	case apigen.LoanMenuItemReasonCodeNothingDue:
		switch {
		case a == apigen.LoanMenuItemActionPayArrears && l.Arrears.AmountPence == 0:
			return "You have no missed payments to pay.", true
		case a == apigen.LoanMenuItemActionPayNextInstalment && l.NextPayment == nil,
			// Every instalment paid (the last ones ahead): the lending core takes no more until the loan closes.
			a == apigen.LoanMenuItemActionPayOtherAmount && l.NextPayment == nil && l.Arrears.AmountPence == 0:
			return "Every instalment of this loan is paid.", true
		}
	}
	return "", false
}

// topUpReasons are the lending core's reasons a customer cannot borrow more, in its words; never nil.
func topUpReasons(e lending.TopUpEligibility) []string {
	out := make([]string, 0, len(e.Reasons))
	for _, r := range e.Reasons {
		out = append(out, r.Text)
	}
	if len(out) == 0 && !e.Eligible {
		out = append(out, "We cannot lend you more at the moment.")
	}
	return out
}
