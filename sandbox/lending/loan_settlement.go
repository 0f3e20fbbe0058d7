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

// Quote kinds of loanQuoteRec.
const (
	quoteSettlement = "settlement"
	quoteHoliday    = "holiday"
	quoteChange     = "change"
)

// loanQuoteRec is a quote given on a loan: it can be used while the loan's schedule keeps the shape it
// was quoted on (Version, Boundary) and until it expires.
type loanQuoteRec struct {
	ID        string    `json:"id"`
	LoanID    string    `json:"loanId"`
	Kind      string    `json:"kind"`
	Version   int       `json:"version"`
	Boundary  int       `json:"boundary"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	UsedAt    time.Time `json:"usedAt,omitzero"`

	Settlement *lending.SettlementQuote      `json:"settlement,omitempty"`
	Holiday    *lending.PaymentHolidayQuote  `json:"holiday,omitempty"`
	Change     *lending.RepaymentChangeQuote `json:"change,omitempty"`
	// Rows replace the schedule from Boundary when a holiday or change quote is applied; Instalment is
	// the level instalment afterwards; Anchor and AnchorOffset re-date it (a due-day change).
	Rows         []loanRow `json:"rows,omitempty"`
	Instalment   int64     `json:"instalment,omitempty"`
	Anchor       time.Time `json:"anchor,omitzero"`
	AnchorOffset int       `json:"anchorOffset,omitempty"`
}

// quoteFor finds quote id of kind on loan l.
func (b *loanBook) quoteFor(l *loanRec, id, kind string) (*loanQuoteRec, *problem) {
	q, ok := b.Quotes[id]
	if !ok || q.LoanID != l.ID || q.Kind != kind {
		return nil, &problem{status: http.StatusNotFound, code: lending.CodeQuoteNotFound, message: "this loan has no " + kind + " quote with that id"}
	}
	return q, nil
}

// usable: the quote has not expired and the loan's schedule has the shape it was quoted on.
func (q *loanQuoteRec) usable(l *loanRec, now time.Time) *problem {
	if !now.Before(q.ExpiresAt) {
		return &problem{status: http.StatusGone, code: lending.CodeQuoteExpired, message: "the quote expired at " + q.ExpiresAt.Format(time.RFC3339) + "; ask for a new one"}
	}
	if q.Version != l.Version || (q.Kind != quoteSettlement && q.Boundary != l.boundary(loanDay(now))) {
		return loanConflict(lending.CodeQuoteStale, "the loan has changed since the quote; ask for a new one")
	}
	return nil
}

func (b *loanBook) addQuote(q *loanQuoteRec) {
	q.ID = newID("lq_")
	b.Quotes[q.ID] = q
}

// deferralOf parses a settlement quote's deferral.
func deferralOf(s string) (credit.Deferral, string, bool) {
	switch s {
	case "", lending.DeferralNone:
		return credit.NoDeferral, lending.DeferralNone, true
	case lending.DeferralOneMonth:
		return credit.DeferOneMonth, s, true
	case lending.DeferralThirtyDays:
		return credit.DeferThirtyDays, s, true
	}
	return 0, "", false
}

// settlementQuote is the early-settlement figure for a request today (credit.Settle: regulations 4 to
// 6), with what is owed on top: arrears and the instalments due from today to the settlement date,
// less anything paid in advance on instalments after it. The schedule's rows are the contractual
// repayments (assumed paid on their due dates up to the settlement date, as the regulations assume);
// overpayments count as repayments made on their dates.
func (l *loanRec) settlementQuote(now time.Time, deferral credit.Deferral, deferralName string) (lending.SettlementQuote, *problem) {
	today := loanDay(now)
	if perr := l.refuseClosed(today); perr != nil {
		return lending.SettlementQuote{}, perr
	}
	reps := make([]credit.Repayment, 0, len(l.Rows)+len(l.Overpayments))
	for _, r := range l.Rows {
		reps = append(reps, credit.Repayment{DueDate: r.Due, AmountPence: r.Payment})
	}
	reps = append(reps, l.Overpayments...)
	slices.SortStableFunc(reps, func(a, b credit.Repayment) int { return a.DueDate.Compare(b.DueDate) })
	q, err := credit.Settle(credit.SettlementRequest{CreditProvidedPence: l.Amount, DrawdownDate: l.Drawdown, Repayments: reps,
		APR: l.APR, RequestDate: today, Deferral: deferral})
	switch {
	case errors.Is(err, credit.ErrNothingToSettle):
		// Every instalment falls due by the settlement date: there is nothing to rebate.
		q = credit.SettlementQuote{RequestDate: today, SettlementDate: today.AddDate(0, 0, credit.SettlementNoticeDays), APR: l.APR}
	case err != nil:
		return lending.SettlementQuote{}, loanConflict(lending.CodeLoanChangeNotAllowed, "the loan cannot be settled on this date: "+err.Error())
	}
	out := lending.SettlementQuote{
		LoanID: l.ID, RequestDate: isoDate(today), SettlementDate: isoDate(q.SettlementDate), Deferral: deferralName,
		Deferred: q.Deferred, SettlementAmountPence: q.SettlementAmountPence, RemainingScheduledPence: q.RemainingScheduledPence,
		RebatePence: q.RebatePence, RemainingRepayments: q.RemainingRepayments, DueBeforeSettlement: []lending.DueRepayment{},
		APRPercent: l.APR.OneDecimal(), CreatedAt: now,
		ExpiresAt: q.SettlementDate.AddDate(0, 0, 1), // the figure holds to the end of the settlement date
	}
	var prepaid int64
	for _, r := range l.Rows {
		switch {
		case r.Due.Before(today):
			out.ArrearsPence += r.owed()
		case !r.Due.After(q.SettlementDate):
			if r.owed() > 0 {
				out.DueBeforeSettlement = append(out.DueBeforeSettlement, lending.DueRepayment{DueDate: isoDate(r.Due), AmountPence: r.owed()})
				out.DueBeforeSettlementPence += r.owed()
			}
		default:
			prepaid += r.Paid
		}
	}
	out.TotalToSettlePence = out.SettlementAmountPence + out.ArrearsPence + out.DueBeforeSettlementPence - prepaid
	return out, nil
}

// toSettle is what settles the loan now under quote q: its settlement amount, plus what is still
// unpaid on instalments due by its settlement date, less what was paid in advance on later ones.
func (l *loanRec) toSettle(q *lending.SettlementQuote) int64 {
	sd, _ := time.Parse(time.DateOnly, q.SettlementDate)
	total := q.SettlementAmountPence
	for _, r := range l.Rows {
		if r.Due.After(sd) {
			total -= r.Paid
		} else {
			total += r.owed()
		}
	}
	return total
}

// settle closes the loan now with a payment of amount (already checked to be the figure): the rows
// due by today are paid by it, the later ones are replaced by it, and an adjustment brings the ledger
// to the settlement figure, so the balance ends at zero.
func (l *loanRec) settle(amount int64, method, ref, by, desc string, now time.Time) {
	today := loanDay(now)
	before := l.balanceAt(today)
	kept := l.Rows[:0:0]
	for _, r := range l.Rows {
		if r.Due.After(today) {
			continue
		}
		r.Paid = r.Payment
		kept = append(kept, r)
	}
	l.Rows = kept
	l.post(now, lending.TransactionSettlementAdjustment, amount-before, "", "",
		"Interest to the settlement date under the Consumer Credit (Early Settlement) Regulations 2004, net of the instalments it replaces")
	l.post(now, lending.TransactionSettlement, -amount, method, ref, desc)
	l.Settled, l.SettledAt, l.SettledBy = true, now, by
	l.Version++
}

func (p *Provider) createSettlementQuote(w http.ResponseWriter, r *http.Request) {
	var req lending.SettlementQuoteRequest
	if !decode(w, r, &req) {
		return
	}
	def, name, ok := deferralOf(req.Deferral)
	if !ok {
		invalid(lending.CodeInvalidRequest, "deferral must be none, one_month or thirty_days").write(w)
		return
	}
	p.withLoan(w, r, true, func(b *loanBook, l *loanRec, now time.Time) (int, any) {
		q, perr := l.settlementQuote(now, def, name)
		if perr != nil {
			return perr.reply()
		}
		rec := &loanQuoteRec{LoanID: l.ID, Kind: quoteSettlement, Version: l.Version, CreatedAt: now, ExpiresAt: q.ExpiresAt}
		b.addQuote(rec)
		q.ID = rec.ID
		rec.Settlement = &q
		return http.StatusCreated, q
	})
}

func (p *Provider) settlementQuoteByID(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(b *loanBook, l *loanRec, _ time.Time) (int, any) {
		q, perr := b.quoteFor(l, r.PathValue("quoteId"), quoteSettlement)
		if perr != nil {
			return perr.reply()
		}
		return http.StatusOK, q.Settlement
	})
}

// payOffWithQuote records a settlement repayment against quote id. The amount must be exactly what
// settles the loan now (toSettle); the quote must be unexpired and the schedule unchanged.
func (b *loanBook) payOffWithQuote(l *loanRec, id string, req lending.RepaymentRequest, now time.Time) (lending.Repayment, *problem) {
	if perr := l.refuseClosed(loanDay(now)); perr != nil {
		return lending.Repayment{}, perr
	}
	q, perr := b.quoteFor(l, id, quoteSettlement)
	if perr != nil {
		return lending.Repayment{}, perr
	}
	if perr := q.usable(l, now); perr != nil {
		return lending.Repayment{}, perr
	}
	due := l.toSettle(q.Settlement)
	if req.AmountPence != due {
		return lending.Repayment{}, &problem{status: http.StatusUnprocessableEntity, code: lending.CodeSettlementMismatch,
			message: fmt.Sprintf("amountPence must be %d (%s) to settle the loan under this quote", due, credit.FormatPounds(due))}
	}
	l.settle(req.AmountPence, req.Method, req.PaymentReference, lending.SettledBySettlement,
		fmt.Sprintf("Early settlement by %s (rebate %s)", methodName(req.Method), credit.FormatPounds(q.Settlement.RebatePence)), now)
	q.UsedAt = now
	return lending.Repayment{Allocation: lending.RepaymentAllocation{SettlementPence: req.AmountPence}}, nil
}
