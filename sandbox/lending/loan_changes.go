package lending

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

// Payment holidays and repayment changes: quote, then apply.
//
// Both need a loan that is not settled, not in arrears, not on (or due to start) a payment holiday,
// without an active payment arrangement, and whose repayments were not changed (a holiday or a
// repayment change applied) in the last lending.LoanChangeIntervalDays days. They change the schedule from the boundary: the next
// instalment not yet paid (one due today included). A quote holds for LoanQuoteTTL while the loan
// keeps the shape it was quoted on (a repayment recorded meanwhile makes it stale); applying a quote
// a second time answers the loan again without a second change.
//
// A payment holiday (credit.PaymentHoliday) defers the next 1 to 3 instalments: each deferred month's
// interest is added to the principal, the instalment stays the same and the term grows until the
// larger principal is repaid.
//
// A repayment-date change moves the next instalment to the new day (1 to 28) in the month it falls
// due, or in the next month when that day is not after both today and the previous due date; later
// instalments follow monthly on the new day. The interest for the changed period is handled on the
// first moved instalment only: the period is longer (or shorter) by the days it moved, so that
// instalment carries the principal outstanding × the nominal rate × days ÷ 365, rounded half-up, more
// (or less) interest, and its payment changes by the same amount. Later instalments, the principal
// schedule and the end of the term in months are unchanged.
//
// An alternative instalment (credit.TermForInstalment) keeps the rate and finds the term; an
// alternative term (credit.InstalmentForTerm) finds the instalment. Either re-amortises the principal
// outstanding before the next instalment.

// withCarry applies what was paid in advance on the rows being replaced (old) to the new rows in
// order; false when it is more than they ask for.
func withCarry(old, rows []loanRow) ([]loanRow, bool) {
	var carry, room int64
	for _, r := range old {
		carry += r.Paid
	}
	rows = slices.Clone(rows)
	for i := range rows {
		room += rows[i].Payment
		rows[i].Paid = 0
	}
	if carry > room {
		return nil, false
	}
	for i := range rows {
		take := min(carry, rows[i].Payment)
		rows[i].Paid, carry = take, carry-take
	}
	return rows, true
}

// holidayQuote quotes deferring the next months instalments.
func (l *loanRec) holidayQuote(months int, now time.Time) (*loanQuoteRec, *problem) {
	today := loanDay(now)
	if perr := l.refuseChange(today); perr != nil {
		return nil, perr
	}
	if months < 1 || months > credit.MaxHolidayMonths {
		return nil, invalid(lending.CodeHolidayMonthsInvalid, fmt.Sprintf("months must be 1 to %d", credit.MaxHolidayMonths))
	}
	b := l.boundary(today)
	if b == len(l.Rows) {
		return nil, loanConflict(lending.CodeLoanChangeNotAllowed, "no instalment is left to defer")
	}
	var carry, remaining int64
	count := 0
	for _, r := range l.Rows[b:] {
		carry += r.Paid
		remaining += r.Payment
		if r.Payment > 0 {
			count++
		}
	}
	hq, err := credit.PaymentHoliday(credit.Position{BalancePence: l.opening(b), AnnualRate: l.Rate, InstalmentPence: l.Instalment,
		RemainingPayablePence: remaining, RemainingInstalments: count, PaidToDatePence: l.paidToDate() - carry,
		MonthOffset: l.offsetBefore(b)}, months)
	if err != nil {
		return nil, loanConflict(lending.CodeLoanChangeNotAllowed, "a payment holiday cannot be quoted on this loan: "+err.Error())
	}
	rows := make([]loanRow, len(hq.Schedule))
	for i, r := range hq.Schedule {
		rows[i] = l.row(r)
	}
	shown, ok := withCarry(l.Rows[b:], rows)
	if !ok {
		return nil, loanConflict(lending.CodeLoanChangeNotAllowed, "the instalments paid in advance do not fit a payment holiday")
	}
	q := &lending.PaymentHolidayQuote{
		LoanID: l.ID, Months: months, FirstDeferredDueDate: isoDate(rows[0].Due), LastDeferredDueDate: isoDate(rows[months-1].Due),
		ResumesOn: isoDate(rows[months].Due), InterestAddedPence: hq.InterestAddedPence, BalanceAfterHolidayPence: hq.BalanceAfterHolidayPence,
		MonthlyInstalmentPence: hq.InstalmentPence, FinalInstalmentPence: hq.FinalInstalmentPence, RemainingInstalments: hq.RemainingInstalments,
		PreviousFinalDueDate: isoDate(l.Rows[len(l.Rows)-1].Due), NewFinalDueDate: isoDate(rows[len(rows)-1].Due),
		PreviousTotalPayablePence: hq.PreviousTotalPayablePence, NewTotalPayablePence: hq.NewTotalPayablePence,
		ExtraCostPence: hq.ExtraCostPence, Schedule: wireRows(shown, b+1, today), CreatedAt: now, ExpiresAt: now.Add(lending.LoanQuoteTTL),
	}
	return &loanQuoteRec{LoanID: l.ID, Kind: quoteHoliday, Version: l.Version, Boundary: b, CreatedAt: now, ExpiresAt: q.ExpiresAt,
		Holiday: q, Rows: rows, Instalment: l.Instalment}, nil
}

// applyQuote applies a holiday or repayment-change quote. A quote already applied answers the loan
// again; applying one records the change (LastChangeAt), which holds the next one off for
// lending.LoanChangeIntervalDays.
func (l *loanRec) applyQuote(q *loanQuoteRec, now time.Time) (int, any) {
	if !q.UsedAt.IsZero() {
		return http.StatusOK, l.view(now)
	}
	// A quote the loan has moved on from (or that expired) says so first: whatever else now stands in
	// the way, it is that quote that can no longer be applied.
	if perr := q.usable(l, now); perr != nil {
		return perr.reply()
	}
	if perr := l.refuseChange(loanDay(now)); perr != nil {
		return perr.reply()
	}
	b := q.Boundary
	start := l.dueBefore(b).AddDate(0, 0, 1)
	if !l.replaceFrom(b, q.Rows) {
		return loanConflict(lending.CodeQuoteStale, "the loan has changed since the quote; ask for a new one").reply()
	}
	if q.Kind == quoteChange && q.Change.Kind == lending.RepaymentChangeDueDay {
		l.Anchor, l.AnchorOffset = q.Anchor, q.AnchorOffset // later rows are dated from the new day
	}
	l.Instalment = q.Instalment
	if q.Kind == quoteHoliday {
		n := q.Holiday.Months
		l.Holidays = append(l.Holidays, holidayRec{Months: n, Start: start, End: q.Rows[n-1].Due, Resumes: q.Rows[n].Due,
			AppliedAt: now, QuoteID: q.ID})
	}
	q.UsedAt, l.LastChangeAt = now, now
	return http.StatusOK, l.view(now)
}

func (p *Provider) createHolidayQuote(w http.ResponseWriter, r *http.Request) {
	var req lending.PaymentHolidayQuoteRequest
	if !decode(w, r, &req) {
		return
	}
	p.withLoan(w, r, true, func(b *loanBook, l *loanRec, now time.Time) (int, any) {
		q, perr := l.holidayQuote(req.Months, now)
		if perr != nil {
			return perr.reply()
		}
		b.addQuote(q)
		q.Holiday.ID = q.ID
		return http.StatusCreated, q.Holiday
	})
}

func (p *Provider) applyHoliday(w http.ResponseWriter, r *http.Request) {
	p.applyLoanQuote(w, r, quoteHoliday)
}

func (p *Provider) applyChange(w http.ResponseWriter, r *http.Request) {
	p.applyLoanQuote(w, r, quoteChange)
}

func (p *Provider) applyLoanQuote(w http.ResponseWriter, r *http.Request, kind string) {
	var req lending.ApplyQuoteRequest
	if !decode(w, r, &req) {
		return
	}
	p.withLoan(w, r, true, func(b *loanBook, l *loanRec, now time.Time) (int, any) {
		q, perr := b.quoteFor(l, req.QuoteID, kind)
		if perr != nil {
			return perr.reply()
		}
		return l.applyQuote(q, now)
	})
}

// changeQuote quotes a repayment change: exactly one of a due day, an instalment or a term.
func (l *loanRec) changeQuote(req lending.RepaymentChangeRequest, now time.Time) (*loanQuoteRec, *problem) {
	set := 0
	for _, v := range []bool{req.DueDayOfMonth != 0, req.InstalmentPence != 0, req.TermMonths != 0} {
		if v {
			set++
		}
	}
	if set != 1 {
		return nil, invalid(lending.CodeInvalidRequest, "give exactly one of dueDayOfMonth, instalmentPence or termMonths")
	}
	today := loanDay(now)
	if perr := l.refuseChange(today); perr != nil {
		return nil, perr
	}
	b := l.boundary(today)
	if b == len(l.Rows) {
		return nil, loanConflict(lending.CodeLoanChangeNotAllowed, "no instalment is left to change")
	}
	rec := &loanQuoteRec{LoanID: l.ID, Kind: quoteChange, Version: l.Version, Boundary: b, CreatedAt: now,
		ExpiresAt: now.Add(lending.LoanQuoteTTL), Instalment: l.Instalment}
	q := &lending.RepaymentChangeQuote{LoanID: l.ID, Current: remainingPlan(l.Rows, b), CreatedAt: now, ExpiresAt: rec.ExpiresAt}
	principal := l.opening(b)
	var rows []loanRow
	switch {
	case req.DueDayOfMonth != 0:
		q.Kind, q.DueDayOfMonth = lending.RepaymentChangeDueDay, req.DueDayOfMonth
		var perr *problem
		if rows, perr = l.moveDueDay(b, req.DueDayOfMonth, today, q, rec); perr != nil {
			return nil, perr
		}
	case req.InstalmentPence != 0:
		q.Kind = lending.RepaymentChangeInstalment
		plan, err := credit.TermForInstalment(principal, l.Rate, req.InstalmentPence)
		if err != nil {
			return nil, changeProblem(err, principal, l.Rate)
		}
		rows, rec.Instalment = l.planRows(b, plan), plan.InstalmentPence
	default:
		q.Kind = lending.RepaymentChangeTerm
		if req.TermMonths < 1 || req.TermMonths > credit.MaxTermMonths {
			return nil, invalid(lending.CodeRepaymentChangeInvalid, fmt.Sprintf("termMonths must be 1 to %d", credit.MaxTermMonths))
		}
		plan, err := credit.InstalmentForTerm(principal, l.Rate, req.TermMonths)
		if err != nil {
			return nil, changeProblem(err, principal, l.Rate)
		}
		rows, rec.Instalment = l.planRows(b, plan), plan.InstalmentPence
	}
	shown, ok := withCarry(l.Rows[b:], rows)
	if !ok {
		return nil, invalid(lending.CodeRepaymentChangeInvalid, "the new schedule asks for less than was already paid in advance")
	}
	q.Proposed = remainingPlan(shown, 0)
	if q.Kind == lending.RepaymentChangeDueDay {
		q.Proposed.MonthlyInstalmentPence = l.Instalment
	}
	q.Schedule = wireRows(shown, b+1, today)
	rec.Rows, rec.Change = rows, q
	return rec, nil
}

// planRows dates a credit plan (offsets from 1) to follow row b-1.
func (l *loanRec) planRows(b int, plan credit.Plan) []loanRow {
	rows := shifted(plan.Schedule, l.offsetBefore(b))
	out := make([]loanRow, len(rows))
	for i, r := range rows {
		out[i] = l.row(r)
	}
	return out
}

// moveDueDay re-dates the rows from b to the new day and puts the changed period's interest on the
// first moved instalment.
func (l *loanRec) moveDueDay(b, d int, today time.Time, q *lending.RepaymentChangeQuote, rec *loanQuoteRec) ([]loanRow, *problem) {
	if d < 1 || d > 28 {
		return nil, invalid(lending.CodeDueDayInvalid, "dueDayOfMonth must be 1 to 28, a day every month has")
	}
	first := l.Rows[b]
	if first.Due.Day() == d {
		return nil, invalid(lending.CodeDueDayInvalid, fmt.Sprintf("the next instalment already falls due on day %d", d))
	}
	if !first.Due.After(today) {
		return nil, loanConflict(lending.CodeLoanChangeNotAllowed, "an instalment is due today: pay it, then change the date")
	}
	if first.Paid > 0 {
		return nil, loanConflict(lending.CodeLoanChangeNotAllowed, "the next instalment is part paid: the date can change once it is paid")
	}
	prev := l.dueBefore(b)
	moved := time.Date(first.Due.Year(), first.Due.Month(), d, 0, 0, 0, 0, time.UTC)
	if !moved.After(today) || !moved.After(prev) {
		moved = credit.AddMonths(moved, 1)
	}
	days := daysBetween(first.Due, moved)
	adj := dateChangeInterest(l.opening(b), l.Rate, days)
	rows := slices.Clone(l.Rows[b:])
	for i := range rows {
		rows[i].Due = credit.AddMonths(moved, rows[i].Offset-first.Offset)
	}
	rows[0].Interest += adj
	rows[0].Payment += adj
	rows[0].DateChange = adj
	if rows[0].Payment <= 0 {
		return nil, invalid(lending.CodeDueDayInvalid, "that day cannot be used for this loan")
	}
	q.AdjustmentDays, q.AdjustmentInterestPence = days, adj
	rec.Anchor, rec.AnchorOffset = moved, first.Offset
	return rows, nil
}

// dateChangeInterest is principal × rate × days ÷ 365, rounded half-up (away from zero), negative for
// a shorter period.
func dateChangeInterest(principal int64, r credit.Rate, days int) int64 {
	sign := int64(1)
	if days < 0 {
		sign, days = -1, -days
	}
	// rate is in basis points: principal × bp × days / (10000 × 365)
	num := principal * int64(r) * int64(days)
	den := int64(10000 * 365)
	return sign * ((2*num + den) / (2 * den))
}

// changeProblem explains why an instalment or term cannot repay the balance.
func changeProblem(err error, principal int64, r credit.Rate) *problem {
	var be *credit.BoundError
	switch {
	case errors.Is(err, credit.ErrInstalmentTooSmall):
		return invalid(lending.CodeRepaymentChangeInvalid, fmt.Sprintf("the instalment must be more than %s, a month's interest on %s",
			credit.FormatPounds((2*principal*int64(r)+120000)/240000), credit.FormatPounds(principal)))
	case errors.As(err, &be) && be.Field == "termMonths":
		return invalid(lending.CodeRepaymentChangeInvalid, fmt.Sprintf("that instalment would take more than %d months", credit.MaxTermMonths))
	}
	return invalid(lending.CodeRepaymentChangeInvalid, "that change cannot repay the balance: "+err.Error())
}

func (p *Provider) createChangeQuote(w http.ResponseWriter, r *http.Request) {
	var req lending.RepaymentChangeRequest
	if !decode(w, r, &req) {
		return
	}
	p.withLoan(w, r, true, func(b *loanBook, l *loanRec, now time.Time) (int, any) {
		q, perr := l.changeQuote(req, now)
		if perr != nil {
			return perr.reply()
		}
		b.addQuote(q)
		q.Change.ID = q.ID
		return http.StatusCreated, q.Change
	})
}
