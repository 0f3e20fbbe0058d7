package lending

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

// Loans, modelled on a loan-management system.
//
// A loan holds its schedule (rows), the postings that happened (drawdown, fee, repayments,
// settlement) and its payment holidays and arrangements. Everything that depends on the date is
// derived when the loan is read, from the sandbox clock: an instalment whose due date has passed and
// that is not fully paid is in arrears, interest is charged on each due date, a holiday is current,
// an arrangement breached. Moving the clock (POST /_sandbox/clock) therefore changes what a loan
// looks like without any call, and moving it back shows the earlier picture again (except postings
// already made).
//
// The schedule. Row k falls due k months after the drawdown (clamped to a shorter month's end, always
// counted from an anchor so clamping does not drift); a repayment-date change moves the anchor.
// Each row's interest is its opening principal × the nominal rate ÷ 12, half-up (credit package);
// principal = payment − interest; Balance is the principal outstanding after it. A holiday row pays
// nothing and adds its interest to the principal.
//
// The ledger. Balance = credit (amount + fee) + the interest of every row due so far − everything
// paid. It equals the schedule's principal after the last row due, plus the arrears, less what was
// paid in advance.
//
// Replacing the future. A payment holiday, a repayment change and an overpayment replace the rows
// from the boundary (the first row not yet settled: not fully paid, or a holiday still to come) with
// a schedule computed from that row's opening principal; rows before it are never changed. Anything
// already paid in advance on the replaced rows is carried over to the new ones in order.

// loanBook is the loans part of the lending core's state: loans, top-ups, the quotes given on
// loans, and the durable idempotency records of money-moving calls. Provider.mu guards it. It is what
// the snapshot saves (snapshot.go), so every field is exported to encoding/json.
type loanBook struct {
	Loans  map[string]*loanRec  `json:"loans"`
	TopUps map[string]*topUpRec `json:"topUps"`
	// Quotes are settlement, payment-holiday and repayment-change quotes by id.
	Quotes map[string]*loanQuoteRec `json:"quotes"`
	// Keys are the first answers of money-moving calls by idempotency key, kept as long as the loan:
	// "loan:<Idempotency-Key>", "repayment:<paymentReference>", "top-up-drawdown:<Idempotency-Key>".
	Keys map[string]*keyRec `json:"keys"`
	Seq  int                `json:"seq"` // creation order of loans and top-ups
	// Reminded records the instalment reminders sent (reminders.go), by key.
	Reminded map[string]time.Time `json:"reminded,omitempty"`
}

func newLoanBook() *loanBook {
	return &loanBook{Loans: map[string]*loanRec{}, TopUps: map[string]*topUpRec{}, Quotes: map[string]*loanQuoteRec{},
		Keys: map[string]*keyRec{}}
}

// loanState is the state's loans part, made on first use for a state built without seedLoans.
func (st *state) loanState() *loanBook {
	if st.loans == nil {
		st.loans = newLoanBook()
	}
	return st.loans
}

// loanRec is a loan account.
type loanRec struct {
	ID            string `json:"id"`
	Seq           int    `json:"seq"`
	CustomerID    string `json:"customerId"`
	ApplicationID string `json:"applicationId,omitempty"`
	TopUpID       string `json:"topUpId,omitempty"`
	CPACardToken  string `json:"cpaCardToken,omitempty"`

	Amount     int64       `json:"amount"` // credit provided
	Fee        int64       `json:"fee"`
	Rate       credit.Rate `json:"rate"` // nominal annual rate
	APR        credit.Rate `json:"apr"`  // as stated in the agreement
	Term       int         `json:"term"` // agreed at drawdown
	Instalment int64       `json:"instalment"`

	Drawdown time.Time `json:"drawdown"` // civil date
	OpenedAt time.Time `json:"openedAt"`
	// Anchor is the due date of the row at AnchorOffset; other rows' dates count from it.
	Anchor       time.Time `json:"anchor"`
	AnchorOffset int       `json:"anchorOffset"`

	Rows []loanRow `json:"rows"`
	// Overpayments reduced the principal at once; the settlement formula counts them as repayments.
	Overpayments []credit.Repayment `json:"overpayments,omitempty"`
	Txns         []loanTxn          `json:"txns"`
	Holidays     []holidayRec       `json:"holidays,omitempty"`
	Arrangements []*arrangementRec  `json:"arrangements,omitempty"`

	// LastChangeAt is when the last payment holiday or repayment change was applied: the next may be
	// asked for lending.LoanChangeIntervalDays after that day.
	LastChangeAt time.Time `json:"lastChangeAt,omitzero"`
	// Documents are the documents the loan was signed with when it keeps its own (a seeded loan); a
	// loan from an application keeps its application's (loan_documents.go).
	Documents *signedDocuments `json:"documents,omitempty"`

	Settled    bool      `json:"settled,omitempty"`
	SettledAt  time.Time `json:"settledAt,omitzero"`
	SettledBy  string    `json:"settledBy,omitempty"`
	ReplacedBy string    `json:"replacedBy,omitempty"`

	// Version counts changes to the schedule's shape (holidays, repayment changes, overpayments,
	// settlement); a quote on the loan is stale once it moves.
	Version int `json:"version"`
}

// loanRow is one row of the schedule.
type loanRow struct {
	Offset    int       `json:"offset"` // months after drawdown
	Due       time.Time `json:"due"`
	Holiday   bool      `json:"holiday,omitempty"`
	Payment   int64     `json:"payment"`
	Interest  int64     `json:"interest"`
	Principal int64     `json:"principal"`
	Balance   int64     `json:"balance"` // principal outstanding after it
	Paid      int64     `json:"paid"`
	// DateChange is the interest a repayment-date change added (or took off) this row.
	DateChange int64 `json:"dateChange,omitempty"`
}

func (r loanRow) owed() int64 { return r.Payment - r.Paid }

// loanTxn is a posting made by a call (interest postings are derived from the rows).
type loanTxn struct {
	ID          string    `json:"id"`
	At          time.Time `json:"at"`
	Type        string    `json:"type"`
	Amount      int64     `json:"amount"` // signed: + owed more, − paid
	Method      string    `json:"method,omitempty"`
	Reference   string    `json:"reference,omitempty"`
	Description string    `json:"description"`
}

// holidayRec is an applied payment holiday: the periods (Start, End] had their instalments deferred.
type holidayRec struct {
	Months    int       `json:"months"`
	Start     time.Time `json:"start"` // the day after the last due date before it
	End       time.Time `json:"end"`   // the last deferred instalment's due date
	Resumes   time.Time `json:"resumes"`
	AppliedAt time.Time `json:"appliedAt"`
	QuoteID   string    `json:"quoteId"`
}

// loanDay is the calendar date of t (UTC midnight).
func loanDay(t time.Time) time.Time { return credit.AddMonths(t, 0) }

// daysBetween counts calendar days from a to b (negative when b is before a).
func daysBetween(a, b time.Time) int { return int(loanDay(b).Sub(loanDay(a)).Hours() / 24) }

func isoDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// dueDate is the due date of the row at month offset m.
func (l *loanRec) dueDate(m int) time.Time { return credit.AddMonths(l.Anchor, m-l.AnchorOffset) }

func (l *loanRec) creditPence() int64 { return l.Amount + l.Fee }

// loanTerms are what a loan is opened with.
type loanTerms struct {
	customerID, applicationID, topUpID, cpaCardToken string
	amount, fee                                      int64
	term                                             int
	rate                                             *credit.Rate // nil: the rate table
	description                                      string       // of the drawdown posting
	// agreed is when the credit agreement was signed (zero: no agreement dates the loan).
	agreed time.Time
}

// openLoan opens a loan drawn down at now: the credit package prices it and dates its schedule from
// the drawdown day (row k on the same day k months later, clamped). A loan with a signed agreement is
// dated as the agreement was: from the day it was signed, which the agreement's schedule counts from,
// unless its first repayment would not fall after the drawdown day.
func (b *loanBook) openLoan(id string, t loanTerms, now time.Time) (*loanRec, *problem) {
	q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: t.amount, TermMonths: t.term, AnnualRate: t.rate, FeePence: t.fee})
	if err != nil {
		return nil, quoteProblem(err)
	}
	if id == "" {
		id = newID("loan_")
	}
	b.Seq++
	today := loanDay(now)
	anchor := today
	if agreed := loanDay(t.agreed); !t.agreed.IsZero() && !agreed.After(today) && credit.AddMonths(agreed, 1).After(today) {
		anchor = agreed
	}
	l := &loanRec{
		ID: id, Seq: b.Seq, CustomerID: t.customerID, ApplicationID: t.applicationID, TopUpID: t.topUpID,
		CPACardToken: t.cpaCardToken, Amount: q.AmountPence, Fee: q.FeePence, Rate: q.AnnualRate, APR: q.APR,
		Term: q.TermMonths, Instalment: q.MonthlyInstalmentPence, Drawdown: today, OpenedAt: now, Anchor: anchor,
	}
	for _, r := range q.Schedule {
		l.Rows = append(l.Rows, l.row(r))
	}
	desc := t.description
	if desc == "" {
		desc = "Loan paid out"
	}
	l.post(now, lending.TransactionDrawdown, l.Amount, "", "", desc)
	if l.Fee > 0 {
		l.post(now, lending.TransactionFee, l.Fee, "", "", "Fee added to the loan")
	}
	b.Loans[l.ID] = l
	return l, nil
}

// row dates a credit schedule row on this loan.
func (l *loanRec) row(r credit.Instalment) loanRow {
	return loanRow{Offset: r.MonthOffset, Due: l.dueDate(r.MonthOffset), Holiday: r.Payment == 0, Payment: r.Payment,
		Interest: r.Interest, Principal: r.Principal, Balance: r.Balance}
}

func (l *loanRec) post(now time.Time, typ string, amount int64, method, ref, desc string) loanTxn {
	t := loanTxn{ID: newID("txn_"), At: now, Type: typ, Amount: amount, Method: method, Reference: ref, Description: desc}
	l.Txns = append(l.Txns, t)
	return t
}

// settledRow: nothing more to do about it at today: fully paid, or a holiday month already reached.
func (r loanRow) settledRow(today time.Time) bool {
	return r.Paid >= r.Payment && (r.Payment > 0 || !r.Due.After(today))
}

// boundary is the index of the first row not settled at today (len(Rows) when none is left).
func (l *loanRec) boundary(today time.Time) int {
	for i, r := range l.Rows {
		if !r.settledRow(today) {
			return i
		}
	}
	return len(l.Rows)
}

// opening is the principal outstanding before row i.
func (l *loanRec) opening(i int) int64 {
	if i >= len(l.Rows) {
		return 0
	}
	r := l.Rows[i]
	return r.Balance + r.Principal
}

// offsetBefore is the month offset of the row before i (0 for the first).
func (l *loanRec) offsetBefore(i int) int {
	if i == 0 {
		return 0
	}
	return l.Rows[i-1].Offset
}

// dueBefore is the due date of the row before i (the drawdown day for the first).
func (l *loanRec) dueBefore(i int) time.Time {
	if i == 0 {
		return l.Drawdown
	}
	return l.Rows[i-1].Due
}

// arrearsAt are the rows past due and not fully paid at today.
func (l *loanRec) arrearsAt(today time.Time) lending.Arrears {
	var a lending.Arrears
	for _, r := range l.Rows {
		if r.Due.Before(today) && r.owed() > 0 {
			if a.InstalmentsMissed == 0 {
				a.OldestDueDate, a.DaysPastDue = isoDate(r.Due), daysBetween(r.Due, today)
			}
			a.AmountPence += r.owed()
			a.InstalmentsMissed++
		}
	}
	return a
}

// holidayAt is the holiday that today falls in or that is still to come, if any.
func (l *loanRec) holidayAt(today time.Time) (*holidayRec, bool) {
	for i := range l.Holidays {
		h := &l.Holidays[i]
		if !h.End.Before(today) {
			return h, !h.Start.After(today)
		}
	}
	return nil, false
}

// paidOff: every instalment is paid (the last ones perhaps in advance).
func (l *loanRec) paidOff() bool {
	for _, r := range l.Rows {
		if r.owed() > 0 {
			return false
		}
	}
	return true
}

// closed reports whether the loan is settled at today, on which day and how. A loan whose every
// instalment was paid in advance closes on its final due date, when the last interest is charged:
// until then it is open (its balance is the interest still to be charged, as a credit).
func (l *loanRec) closed(today time.Time) (bool, time.Time, string) {
	if l.Settled {
		return true, l.SettledAt, l.SettledBy
	}
	if n := len(l.Rows); n > 0 && l.paidOff() && !l.Rows[n-1].Due.After(today) {
		return true, l.Rows[n-1].Due, lending.SettledByFinalInstalment
	}
	return false, time.Time{}, ""
}

func (l *loanRec) settledAt(today time.Time) bool {
	done, _, _ := l.closed(today)
	return done
}

// status is the loan's status at today.
func (l *loanRec) status(today time.Time) string {
	switch {
	case l.settledAt(today):
		return lending.LoanStatusSettled
	case l.arrearsAt(today).AmountPence > 0:
		return lending.LoanStatusInArrears
	}
	if _, current := l.holidayAt(today); current {
		return lending.LoanStatusPaymentHoliday
	}
	return lending.LoanStatusActive
}

// paidToDate is everything repaid (regular repayments and a settlement).
func (l *loanRec) paidToDate() int64 {
	var paid int64
	for _, t := range l.Txns {
		if t.Type == lending.TransactionRepayment || t.Type == lending.TransactionSettlement {
			paid -= t.Amount
		}
	}
	return paid
}

// postings are the loan's transactions at today, oldest first: the recorded ones and the interest of
// every row due by today, each with the balance after it.
func (l *loanRec) postings(today time.Time) []lending.Transaction {
	type posting struct {
		at  time.Time
		seq int
		t   lending.Transaction
	}
	var ps []posting
	for i, t := range l.Txns {
		ps = append(ps, posting{at: t.At, seq: i, t: lending.Transaction{ID: t.ID, PostedAt: t.At, Type: t.Type,
			AmountPence: t.Amount, Description: t.Description, Method: t.Method, PaymentReference: t.Reference}})
	}
	for i, r := range l.Rows {
		if r.Due.After(today) || r.Interest == 0 {
			continue
		}
		desc := fmt.Sprintf("Interest for instalment %d", i+1)
		if r.Holiday {
			desc = fmt.Sprintf("Interest added during the payment holiday (instalment %d deferred)", i+1)
		} else if r.DateChange != 0 {
			desc += fmt.Sprintf(" (includes %s for the changed payment date)", credit.FormatPounds(r.DateChange))
		}
		// Interest is charged at the start of its due date, before that day's repayments.
		ps = append(ps, posting{at: r.Due, seq: -1, t: lending.Transaction{ID: fmt.Sprintf("%s-interest-%d", l.ID, i+1),
			PostedAt: r.Due, Type: lending.TransactionInterest, AmountPence: r.Interest, Description: desc}})
	}
	slices.SortStableFunc(ps, func(a, b posting) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return cmp.Compare(a.seq, b.seq)
	})
	out := make([]lending.Transaction, len(ps))
	var bal int64
	for i, p := range ps {
		bal += p.t.AmountPence
		p.t.BalancePence, p.t.Date = bal, isoDate(p.at)
		out[i] = p.t
	}
	return out
}

// balanceAt is the ledger balance at today.
func (l *loanRec) balanceAt(today time.Time) int64 {
	var bal int64
	for _, t := range l.Txns {
		bal += t.Amount
	}
	for _, r := range l.Rows {
		if !r.Due.After(today) {
			bal += r.Interest
		}
	}
	return bal
}

// view is the loan's summary at now.
func (l *loanRec) view(now time.Time) lending.Loan {
	today := loanDay(now)
	out := lending.Loan{
		ID: l.ID, CustomerID: l.CustomerID, ApplicationID: l.ApplicationID, TopUpID: l.TopUpID, Status: l.status(today),
		AmountPence: l.Amount, FeePence: l.Fee, CreditPence: l.creditPence(), TermMonths: l.Term,
		AnnualRatePercent: l.Rate.Percent(), AnnualRateBasisPoints: int64(l.Rate),
		APRPercent: l.APR.OneDecimal(), APRBasisPoints: int64(l.APR), MonthlyInstalmentPence: l.Instalment,
		DrawdownDate: isoDate(l.Drawdown), DueDayOfMonth: l.Anchor.Day(),
		BalancePence: l.balanceAt(today), MaxRepaymentPence: l.mostRepayment(today), PaidToDatePence: l.paidToDate(),
		Arrears:  l.arrearsAt(today),
		OpenedAt: l.OpenedAt, AsOf: now, ReplacedByLoanID: l.ReplacedBy,
	}
	if n := len(l.Rows); n > 0 {
		out.FirstDueDate, out.FinalDueDate = isoDate(l.Rows[0].Due), isoDate(l.Rows[n-1].Due)
		out.FinalInstalmentPence = l.Rows[n-1].Payment
	}
	for i, r := range l.Rows {
		if r.Payment == 0 {
			continue
		}
		if r.Paid >= r.Payment {
			out.InstalmentsPaid++
		} else {
			out.InstalmentsRemaining++
			out.RemainingPayablePence += r.owed()
			if out.NextPayment == nil && !r.Due.Before(today) {
				out.NextPayment = &lending.NextPayment{InstalmentNumber: i + 1, DueDate: isoDate(r.Due), AmountPence: r.owed()}
			}
		}
	}
	out.TotalPayablePence = out.PaidToDatePence + out.RemainingPayablePence
	done, on, by := l.closed(today)
	if done {
		out.SettledOn, out.SettledBy, out.NextPayment = isoDate(on), by, nil
	}
	if h, current := l.holidayAt(today); h != nil && !done {
		out.PaymentHoliday = &lending.HolidayPeriod{Months: h.Months, StartDate: isoDate(h.Start), EndDate: isoDate(h.End),
			ResumesOn: isoDate(h.Resumes), Current: current}
	}
	if from, ok := l.changesAllowedFrom(today); ok && !done {
		out.ChangesAllowedFrom = isoDate(from)
	}
	if n := len(l.Arrangements); n > 0 {
		a := l.Arrangements[n-1].view(l, now)
		out.Arrangement = &lending.ArrangementSummary{ID: a.ID, Type: a.Type, Status: a.Status, MonthlyAmountPence: a.MonthlyAmountPence}
	}
	return out
}

// rowStatus is a schedule row's status at today.
func (r loanRow) rowStatus(today time.Time) string {
	switch {
	case r.Holiday:
		return lending.InstalmentDeferred
	case r.Paid >= r.Payment:
		return lending.InstalmentPaid
	case r.Due.Before(today):
		return lending.InstalmentOverdue
	case r.Due.Equal(today):
		return lending.InstalmentDue
	case r.Paid > 0:
		return lending.InstalmentPartPaid
	}
	return lending.InstalmentUpcoming
}

func (r loanRow) wire(number int, today time.Time) lending.ScheduledInstalment {
	kind := lending.InstalmentKindInstalment
	if r.Holiday {
		kind = lending.InstalmentKindHoliday
	}
	return lending.ScheduledInstalment{Number: number, MonthOffset: r.Offset, DueDate: isoDate(r.Due), Kind: kind,
		PaymentPence: r.Payment, InterestPence: r.Interest, PrincipalPence: r.Principal, BalancePence: r.Balance,
		PaidPence: r.Paid, Status: r.rowStatus(today)}
}

// schedule is the loan's schedule at now.
func (l *loanRec) schedule(now time.Time) lending.LoanSchedule {
	today := loanDay(now)
	out := lending.LoanSchedule{LoanID: l.ID, AsOf: now, Instalments: make([]lending.ScheduledInstalment, len(l.Rows))}
	for i, r := range l.Rows {
		out.Instalments[i] = r.wire(i+1, today)
	}
	return out
}

// wireRows are replacement rows as the API shows them, numbered from first.
func wireRows(rows []loanRow, first int, today time.Time) []lending.ScheduledInstalment {
	out := make([]lending.ScheduledInstalment, len(rows))
	for i, r := range rows {
		out[i] = r.wire(first+i, today)
	}
	return out
}

// amortiseFrom builds the rows that replace the schedule from row b: principal repaid by instalment
// (the final one smaller), after holidayMonths deferred months (interest added) when that is not 0.
func (l *loanRec) amortiseFrom(b int, principal, instalment int64, holidayMonths int) ([]loanRow, error) {
	var rows []credit.Instalment
	off := l.offsetBefore(b)
	if holidayMonths > 0 {
		hq, err := credit.PaymentHoliday(credit.Position{BalancePence: principal, AnnualRate: l.Rate, InstalmentPence: instalment,
			RemainingInstalments: 1, MonthOffset: off}, holidayMonths)
		if err != nil {
			return nil, err
		}
		rows = hq.Schedule
	} else {
		plan, err := credit.TermForInstalment(principal, l.Rate, instalment)
		if err != nil {
			return nil, err
		}
		rows = shifted(plan.Schedule, off)
	}
	out := make([]loanRow, len(rows))
	for i, r := range rows {
		out[i] = l.row(r)
	}
	return out, nil
}

// shifted moves a plan's month offsets (which start at 1) to follow offset off.
func shifted(rows []credit.Instalment, off int) []credit.Instalment {
	out := slices.Clone(rows)
	for i := range out {
		out[i].MonthOffset += off
	}
	return out
}

// replaceFrom puts rows in place of the schedule from row b, carrying what was paid in advance on the
// replaced rows over to the new ones in order (withCarry). It reports false, changing nothing, when
// the carried amount is more than the new rows ask for.
func (l *loanRec) replaceFrom(b int, rows []loanRow) bool {
	rows, ok := withCarry(l.Rows[b:], rows)
	if !ok {
		return false
	}
	l.Rows = append(l.Rows[:b:b], rows...)
	l.Version++
	return true
}

// leadingHolidays counts the holiday rows from row b on that are still to come.
func (l *loanRec) leadingHolidays(b int, today time.Time) int {
	n := 0
	for _, r := range l.Rows[b:] {
		if !r.Holiday || !r.Due.After(today) {
			break
		}
		n++
	}
	return n
}

// remainingPlan is the remaining repayments from row b of rows in brief.
func remainingPlan(rows []loanRow, b int) lending.RepaymentPlan {
	var p lending.RepaymentPlan
	for _, r := range rows[b:] {
		if r.Payment == 0 {
			continue
		}
		if p.NextDueDate == "" {
			p.NextDueDate, p.NextPaymentPence = isoDate(r.Due), r.owed()
		}
		if p.MonthlyInstalmentPence == 0 && r.DateChange == 0 {
			p.MonthlyInstalmentPence = r.Payment
		}
		p.RemainingInstalments++
		p.RemainingPayablePence += r.owed()
		p.FinalInstalmentPence, p.FinalDueDate = r.Payment, isoDate(r.Due)
	}
	return p
}

// refuseChange answers why the loan's schedule cannot be changed now (holiday, repayment change), or nil.
func (l *loanRec) refuseChange(today time.Time) *problem {
	if perr := l.refuseClosed(today); perr != nil {
		return perr
	}
	if a := l.arrearsAt(today); a.AmountPence > 0 {
		return loanConflict(lending.CodeLoanInArrears, fmt.Sprintf(
			"the loan is %s in arrears; the arrears must be paid or a payment arrangement made first", credit.FormatPounds(a.AmountPence)))
	}
	if h, _ := l.holidayAt(today); h != nil {
		return loanConflict(lending.CodePaymentHolidayActive, "the loan has a payment holiday until "+isoDate(h.End))
	}
	if a := l.activeArrangement(loanDay(today)); a != nil {
		return loanConflict(lending.CodeArrangementExists, "the loan has an active payment arrangement")
	}
	if from, ok := l.changesAllowedFrom(today); ok {
		return loanConflict(lending.CodeLoanChangeNotAllowed, fmt.Sprintf(
			"the repayments were changed on %s: one change is allowed in any %d days, so the next can be asked for from %s",
			isoDate(l.LastChangeAt), lending.LoanChangeIntervalDays, isoDate(from)))
	}
	return nil
}

// changesAllowedFrom is the first day the repayments may be changed again after the last change, and
// whether that day is still to come at today.
func (l *loanRec) changesAllowedFrom(today time.Time) (time.Time, bool) {
	if l.LastChangeAt.IsZero() {
		return time.Time{}, false
	}
	from := loanDay(l.LastChangeAt).AddDate(0, 0, lending.LoanChangeIntervalDays)
	return from, today.Before(from)
}

// refuseClosed answers why nothing more can be paid or changed on a settled or paid-off loan, or nil.
func (l *loanRec) refuseClosed(today time.Time) *problem {
	if l.settledAt(today) {
		return loanConflict(lending.CodeLoanSettled, "the loan is settled")
	}
	if l.paidOff() {
		return loanConflict(lending.CodeLoanChangeNotAllowed, fmt.Sprintf(
			"every instalment is paid; the loan closes on its final due date, %s", isoDate(l.Rows[len(l.Rows)-1].Due)))
	}
	return nil
}

func loanConflict(code, message string) *problem {
	return &problem{status: http.StatusConflict, code: code, message: message}
}

func notFoundLoan() *problem {
	return &problem{status: http.StatusNotFound, code: lending.CodeLoanNotFound, message: "no loan has that id"}
}

// customerLoans are a customer's loans, newest first.
func (b *loanBook) customerLoans(customerID string) []*loanRec {
	var out []*loanRec
	for _, l := range b.Loans {
		if l.CustomerID == customerID {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(x, y *loanRec) int { return cmp.Compare(y.Seq, x.Seq) })
	return out
}
