package lending

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
)

// Payment arrangements (plans) for borrowers in difficulty.
//
// An arrangement is an agreement to accept a reduced monthly amount (less than the contractual
// instalment, more than a token) or a token payment (£1 to £10) for 1 to 12 months, the first on
// FirstPaymentDate (by default the next due date) and then monthly. The contractual instalments keep
// falling due — the arrangement does not rewrite the agreement — so the unpaid part of each still adds
// to the arrears; every repayment recorded goes to the arrears first (allocation rules), so the
// arrears fall as the planned payments are made.
//
// Its status is derived on the sandbox clock from the repayments recorded since it was made:
//
//	active ──a planned date passes with less paid by then than planned so far──► breached
//	active ──the last planned date passes without a miss, or the loan is settled──► completed
//
// A breach is final: paying later does not undo it (a new arrangement can be made). Only one
// arrangement can be active at a time.

type arrangementRec struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	Amount         int64     `json:"amount"`
	Months         int       `json:"months"`
	Start          time.Time `json:"start"`
	Reason         string    `json:"reason,omitempty"`
	ArrearsAtStart int64     `json:"arrearsAtStart"`
	CreatedAt      time.Time `json:"createdAt"`
}

// view is the arrangement at now.
func (a *arrangementRec) view(l *loanRec, now time.Time) lending.Arrangement {
	today := loanDay(now)
	type pay struct {
		on     time.Time
		amount int64
	}
	var pays []pay
	var total int64
	for _, t := range l.Txns {
		if (t.Type == lending.TransactionRepayment || t.Type == lending.TransactionSettlement) && !t.At.Before(a.CreatedAt) {
			pays = append(pays, pay{on: loanDay(t.At), amount: -t.Amount})
			total -= t.Amount
		}
	}
	paidBy := func(d time.Time) (sum int64) {
		for _, p := range pays {
			if !p.on.After(d) {
				sum += p.amount
			}
		}
		return sum
	}
	out := lending.Arrangement{
		ID: a.ID, LoanID: l.ID, Type: a.Type, Status: lending.ArrangementActive, MonthlyAmountPence: a.Amount, Months: a.Months,
		StartDate: isoDate(a.Start), EndDate: isoDate(credit.AddMonths(a.Start, a.Months-1)), Reason: a.Reason,
		ArrearsAtStartPence: a.ArrearsAtStart, ArrearsPence: l.arrearsAt(today).AmountPence, PaidPence: total,
		Payments: make([]lending.PlannedPayment, a.Months), CreatedAt: a.CreatedAt,
	}
	var planned int64
	for i := range a.Months {
		due := credit.AddMonths(a.Start, i)
		paid := min(max(total-planned, 0), a.Amount)
		planned += a.Amount
		pp := lending.PlannedPayment{DueDate: isoDate(due), AmountPence: a.Amount, PaidPence: paid}
		switch {
		case paid >= a.Amount:
			pp.Status = lending.PlannedPaymentPaid
		case due.Before(today):
			pp.Status = lending.PlannedPaymentMissed
		case due.Equal(today):
			pp.Status = lending.PlannedPaymentDue
		case paid > 0:
			pp.Status = lending.PlannedPaymentPartPaid
		default:
			pp.Status = lending.PlannedPaymentUpcoming
		}
		out.Payments[i] = pp
		if out.BreachedOn == "" && due.Before(today) && paidBy(due) < planned {
			out.Status, out.BreachedOn = lending.ArrangementBreached, isoDate(due.AddDate(0, 0, 1))
		}
	}
	if out.Status == lending.ArrangementActive {
		last := credit.AddMonths(a.Start, a.Months-1)
		switch {
		case l.settledAt(today):
			_, on, _ := l.closed(today)
			out.Status, out.CompletedOn = lending.ArrangementCompleted, isoDate(on)
		case last.Before(today):
			out.Status, out.CompletedOn = lending.ArrangementCompleted, isoDate(last)
		}
	}
	return out
}

// activeArrangement is the loan's active arrangement at today, or nil.
func (l *loanRec) activeArrangement(today time.Time) *arrangementRec {
	for _, a := range l.Arrangements {
		if a.view(l, today).Status == lending.ArrangementActive {
			return a
		}
	}
	return nil
}

// newArrangement makes an arrangement on l at now.
func (l *loanRec) newArrangement(req lending.ArrangementRequest, now time.Time) (*arrangementRec, *problem) {
	today := loanDay(now)
	if perr := l.refuseClosed(today); perr != nil {
		return nil, perr
	}
	if l.activeArrangement(today) != nil {
		return nil, loanConflict(lending.CodeArrangementExists, "the loan already has an active payment arrangement")
	}
	bad := func(msg string) (*arrangementRec, *problem) { return nil, invalid(lending.CodeArrangementInvalid, msg) }
	switch req.Type {
	case lending.ArrangementToken:
		if req.MonthlyAmountPence < lending.ArrangementMinTokenPence || req.MonthlyAmountPence > lending.ArrangementMaxTokenPence {
			return bad(fmt.Sprintf("a token payment is %s to %s a month", credit.FormatPounds(lending.ArrangementMinTokenPence),
				credit.FormatPounds(lending.ArrangementMaxTokenPence)))
		}
	case lending.ArrangementReduced:
		if req.MonthlyAmountPence <= lending.ArrangementMaxTokenPence || req.MonthlyAmountPence >= l.Instalment {
			return bad(fmt.Sprintf("a reduced payment is more than %s and less than the instalment of %s",
				credit.FormatPounds(lending.ArrangementMaxTokenPence), credit.FormatPounds(l.Instalment)))
		}
	default:
		return bad("type must be reduced or token")
	}
	if req.Months < 1 || req.Months > lending.ArrangementMaxMonths {
		return bad(fmt.Sprintf("months must be 1 to %d", lending.ArrangementMaxMonths))
	}
	if !validText(req.Reason, 200) {
		return bad("reason must be at most 200 characters of text")
	}
	start := today
	for _, r := range l.Rows {
		if !r.Due.Before(today) && r.owed() > 0 {
			start = r.Due
			break
		}
	}
	if req.FirstPaymentDate != "" {
		d, ok := parseDate(req.FirstPaymentDate)
		if !ok || d.Before(today) || d.After(today.AddDate(0, 0, lending.ArrangementMaxStartDelayDay)) {
			return bad(fmt.Sprintf("firstPaymentDate must be a date from today to %d days ahead, as YYYY-MM-DD", lending.ArrangementMaxStartDelayDay))
		}
		start = d
	}
	a := &arrangementRec{ID: newID("arr_"), Type: req.Type, Amount: req.MonthlyAmountPence, Months: req.Months, Start: start,
		Reason: strings.TrimSpace(req.Reason), ArrearsAtStart: l.arrearsAt(today).AmountPence, CreatedAt: now}
	l.Arrangements = append(l.Arrangements, a)
	return a, nil
}

// createArrangement answers POST /loans/{id}/arrangements. An Idempotency-Key is optional.
func (p *Provider) createArrangement(w http.ResponseWriter, r *http.Request) {
	var req lending.ArrangementRequest
	if !decode(w, r, &req) {
		return
	}
	id := r.PathValue("id")
	p.Idem.Do(w, r, "POST /loans/"+id+"/arrangements", req, func() (int, any) {
		now := p.Clock.Now()
		p.mu.Lock()
		l, ok := p.st.loanState().Loans[id]
		if !ok {
			p.mu.Unlock()
			return notFoundLoan().reply()
		}
		a, perr := l.newArrangement(req, now)
		var out lending.Arrangement
		if perr == nil {
			out = a.view(l, now)
		}
		p.mu.Unlock()
		if perr != nil {
			return perr.reply()
		}
		p.stateChanged()
		return http.StatusCreated, out
	})
}

func (p *Provider) listArrangements(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(_ *loanBook, l *loanRec, now time.Time) (int, any) {
		out := lending.ArrangementList{Arrangements: make([]lending.Arrangement, len(l.Arrangements))}
		for i, a := range l.Arrangements {
			out.Arrangements[i] = a.view(l, now)
		}
		return http.StatusOK, out
	})
}

func (p *Provider) getArrangement(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(_ *loanBook, l *loanRec, now time.Time) (int, any) {
		for _, a := range l.Arrangements {
			if a.ID == r.PathValue("arrangementId") {
				return http.StatusOK, a.view(l, now)
			}
		}
		return http.StatusNotFound, errorBody(lending.CodeArrangementNotFound, "this loan has no arrangement with that id")
	})
}
