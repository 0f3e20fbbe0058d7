package lending

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
)

// maxRepaymentPence caps one repayment (more than any loan of the product can owe).
const maxRepaymentPence int64 = 100_000_00

// Repayments: allocation.
//
// A regular repayment goes, in this order, to
//
//  1. the arrears, oldest instalment first;
//  2. the current instalment: the next one due (today's, or the next in the future, paid in
//     advance), as far as it is unpaid — once it is paid, more is an overpayment, so at most one
//     instalment is ever paid ahead;
//  3. an overpayment, which reduces the principal at once: the schedule from the first instalment not
//     yet due is rebuilt from the reduced principal with the same instalment (what was paid ahead on
//     it carried over), so that month's interest is charged on the reduced principal, the term
//     shortens and the final instalment is smaller. A payment that would leave no principal this
//     way is refused (repayment_exceeds_balance, naming the most a repayment can be): repaying in full
//     is an early settlement, with its quote.
//
// When every instalment is paid and the last one is due, the loan is settled (final_instalment); a
// final instalment paid ahead closes the loan on its due date.

// mostRepayment is the most a regular repayment can be at today: the arrears and the current
// instalment, plus an overpayment that leaves at least a penny of principal (a payment that would leave
// none is an early settlement); 0 once the loan is settled or every instalment is paid. repay refuses
// exactly what is more than this, and the loan's view shows it (maxRepaymentPence).
func (l *loanRec) mostRepayment(today time.Time) int64 {
	if l.settledAt(today) || l.paidOff() {
		return 0
	}
	rows := slices.Clone(l.Rows)
	var most int64
	for i := range rows {
		if rows[i].Due.Before(today) {
			most += rows[i].owed()
			rows[i].Paid = rows[i].Payment
		}
	}
	for i := range rows {
		if rows[i].Payment > 0 && !rows[i].Due.Before(today) {
			most += rows[i].owed()
			rows[i].Paid = rows[i].Payment
			break
		}
	}
	b := slices.IndexFunc(rows, func(r loanRow) bool { return r.Due.After(today) })
	if b < 0 {
		return min(most, maxRepaymentPence)
	}
	var ahead int64 // paid ahead on the rows an overpayment rebuilds
	for _, r := range rows[b:] {
		ahead += r.Paid
	}
	principal := (&loanRec{Rows: rows}).opening(b)
	return min(most+max(principal-ahead-1, 0), maxRepaymentPence)
}

// repay allocates a regular repayment at now.
func (l *loanRec) repay(amount int64, now time.Time) (lending.RepaymentAllocation, *problem) {
	var alloc lending.RepaymentAllocation
	today := loanDay(now)
	if most := l.mostRepayment(today); amount > most {
		return alloc, &problem{status: http.StatusUnprocessableEntity, code: lending.CodeRepaymentTooLarge, message: fmt.Sprintf(
			"a regular repayment can be at most %s today; to repay the loan in full, ask for a settlement quote", credit.FormatPounds(most))}
	}
	rows := slices.Clone(l.Rows)
	rem := amount
	take := func(i int) int64 {
		t := min(rem, rows[i].owed())
		rows[i].Paid += t
		rem -= t
		return t
	}
	for i := range rows {
		if rem > 0 && rows[i].Due.Before(today) && rows[i].owed() > 0 {
			alloc.ArrearsPence += take(i)
		}
	}
	for i := range rows {
		if rows[i].Payment > 0 && !rows[i].Due.Before(today) {
			if rem > 0 {
				alloc.CurrentInstalmentPence += take(i)
			}
			break
		}
	}
	if rem == 0 {
		l.Rows = rows
		l.closeIfPaid(now)
		return alloc, nil
	}
	// An overpayment: rebuild the schedule from the first row not yet due.
	shadow := &loanRec{Rows: rows}
	b := len(rows)
	for i, r := range rows {
		if r.Due.After(today) {
			b = i
			break
		}
	}
	principal := shadow.opening(b)
	var ahead int64 // paid ahead on the rows being rebuilt
	for _, r := range rows[b:] {
		ahead += r.Paid
	}
	if b == len(rows) || rem+ahead >= principal {
		// mostRepayment refused this above: the two are one rule.
		return alloc, invalid(lending.CodeInvalidRequest, "the overpayment cannot be applied to this schedule")
	}
	next, err := l.amortiseFrom(b, principal-rem, l.Instalment, shadow.leadingHolidays(b, today))
	if err != nil {
		return alloc, invalid(lending.CodeInvalidRequest, "the overpayment cannot be applied: "+err.Error())
	}
	saved := l.Rows
	l.Rows = rows
	if !l.replaceFrom(b, next) {
		l.Rows = saved
		return alloc, invalid(lending.CodeInvalidRequest, "the overpayment cannot be applied to this schedule")
	}
	l.Overpayments = append(l.Overpayments, credit.Repayment{DueDate: today, AmountPence: rem})
	alloc.OverpaymentPence = rem
	return alloc, nil
}

// closeIfPaid settles the loan once every instalment is paid and the last is due. (One paid off in
// advance closes on its final due date: see loanRec.closed.)
func (l *loanRec) closeIfPaid(now time.Time) {
	if n := len(l.Rows); n == 0 || !l.paidOff() || l.Rows[n-1].Due.After(loanDay(now)) {
		return
	}
	l.Settled, l.SettledAt, l.SettledBy = true, now, lending.SettledByFinalInstalment
	l.Version++
}

var repaymentMethods = []string{lending.RepaymentMethodCard, lending.RepaymentMethodCPA, lending.RepaymentMethodBank}

func methodName(m string) string {
	switch m {
	case lending.RepaymentMethodCard:
		return "card"
	case lending.RepaymentMethodCPA:
		return "continuous payment authority"
	case lending.RepaymentMethodBank:
		return "bank transfer"
	case lending.RepaymentMethodTopUp:
		return "top-up"
	}
	return m
}

// checkRepayment validates a repayment request and fills in its default type.
func checkRepayment(req *lending.RepaymentRequest, r *http.Request) *problem {
	switch {
	case req.AmountPence < 1 || req.AmountPence > maxRepaymentPence:
		return invalid(lending.CodeInvalidRequest, fmt.Sprintf("amountPence must be 1 to %d", maxRepaymentPence))
	case !slices.Contains(repaymentMethods, req.Method):
		return invalid(lending.CodeInvalidRequest, "method must be card, cpa or bank")
	case !validKeyText(req.PaymentReference):
		return invalid(lending.CodeInvalidRequest, "paymentReference (the idempotency key) must be 1 to 255 visible ASCII characters")
	}
	if k := r.Header.Get(transport.IdempotencyKeyHeader); k != "" && k != req.PaymentReference {
		return invalid(lending.CodeInvalidRequest, "an Idempotency-Key header, when sent, must equal paymentReference")
	}
	switch req.Type {
	case "":
		req.Type = lending.RepaymentTypeRegular
		fallthrough
	case lending.RepaymentTypeRegular:
		if req.SettlementQuoteID != "" {
			return invalid(lending.CodeInvalidRequest, "settlementQuoteId goes only with type settlement")
		}
	case lending.RepaymentTypeSettlement:
		if req.SettlementQuoteID == "" {
			return invalid(lending.CodeInvalidRequest, "a settlement repayment names its settlementQuoteId")
		}
	default:
		return invalid(lending.CodeInvalidRequest, "type must be regular or settlement")
	}
	return nil
}

// validKeyText: 1 to 255 visible ASCII characters, the rule of idempotency keys.
func validKeyText(k string) bool {
	if k == "" || len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

// recordRepayment records a repayment on l at now (under the lock).
func (b *loanBook) recordRepayment(l *loanRec, req lending.RepaymentRequest, now time.Time) (int, any) {
	var (
		rep  lending.Repayment
		perr *problem
	)
	if req.Type == lending.RepaymentTypeSettlement {
		rep, perr = b.payOffWithQuote(l, req.SettlementQuoteID, req, now)
	} else if perr = l.refuseClosed(loanDay(now)); perr == nil {
		rep.Allocation, perr = l.repay(req.AmountPence, now)
		if perr == nil {
			l.post(now, lending.TransactionRepayment, -req.AmountPence, req.Method, req.PaymentReference, "Repayment by "+methodName(req.Method))
		}
	}
	if perr != nil {
		return perr.reply()
	}
	today := loanDay(now)
	rep.ID, rep.LoanID, rep.PaymentReference, rep.AmountPence = newID("rep_"), l.ID, req.PaymentReference, req.AmountPence
	rep.Method, rep.Type, rep.ReceivedAt = req.Method, req.Type, now
	rep.BalanceAfterPence, rep.LoanStatus = l.balanceAt(today), l.status(today)
	return http.StatusCreated, rep
}

func (p *Provider) createRepayment(w http.ResponseWriter, r *http.Request) {
	var req lending.RepaymentRequest
	if !decode(w, r, &req) {
		return
	}
	if perr := checkRepayment(&req, r); perr != nil {
		perr.write(w)
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	b := p.st.loanState()
	l, ok := b.Loans[r.PathValue("id")]
	if !ok {
		p.mu.Unlock()
		notFoundLoan().write(w)
		return
	}
	res := b.once("repayment:"+req.PaymentReference, "POST /loans/"+l.ID+"/repayments", req, now, func() (int, any) {
		return b.recordRepayment(l, req, now)
	})
	p.mu.Unlock()
	p.finish(w, res)
}

// keyRec is the first successful answer to an idempotency key, kept durably (in the snapshot).
type keyRec struct {
	Fingerprint string          `json:"fingerprint"` // hex SHA-256 of the route and the request
	Status      int             `json:"status"`
	Body        json.RawMessage `json:"body"`
	At          time.Time       `json:"at"`
}

// keyed is the outcome of once.
type keyed struct {
	status   int
	body     []byte
	replayed bool
	changed  bool // the effect ran and succeeded
}

// once runs effect at most once per key, the caller holding Provider.mu (so concurrent duplicates
// wait and then replay): the same key with the same scope and request answers the first answer
// again; with another, 409 idempotency_conflict. Only a successful answer uses a key up.
func (b *loanBook) once(key, scope string, request any, now time.Time, effect func() (int, any)) keyed {
	raw, err := json.Marshal(request)
	if err != nil {
		body, _ := json.Marshal(errorBody("internal", "the sandbox could not fingerprint the request"))
		return keyed{status: http.StatusInternalServerError, body: body}
	}
	sum := sha256.Sum256(append([]byte(scope+"\n"), raw...))
	fp := hex.EncodeToString(sum[:])
	if k, ok := b.Keys[key]; ok {
		if k.Fingerprint != fp {
			body, _ := json.Marshal(errorBody(httpjson.CodeIdempotencyConflict, "this idempotency key was already used with a different request"))
			return keyed{status: http.StatusConflict, body: body}
		}
		return keyed{status: k.Status, body: k.Body, replayed: true}
	}
	status, v := effect()
	body, err := json.Marshal(v)
	if err != nil {
		body, _ = json.Marshal(errorBody("internal", "the sandbox could not encode its answer"))
		return keyed{status: http.StatusInternalServerError, body: body}
	}
	ok := status >= 200 && status < 300
	if ok {
		b.Keys[key] = &keyRec{Fingerprint: fp, Status: status, Body: body, At: now}
	}
	return keyed{status: status, body: body, changed: ok}
}

// finish writes a keyed answer and notes a change for the snapshot.
func (p *Provider) finish(w http.ResponseWriter, res keyed) {
	if res.changed {
		p.stateChanged()
	}
	if res.replayed {
		w.Header().Set(httpjson.ReplayedHeader, "true")
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(res.body)+1))
	w.WriteHeader(res.status)
	out := make([]byte, 0, len(res.body)+1) // never append to a remembered body
	_, _ = w.Write(append(append(out, res.body...), '\n'))
}

// reply is the problem as an answer written after a state change decided it.
func (e *problem) reply() (int, any) { return e.status, errorBody(e.code, e.message) }
