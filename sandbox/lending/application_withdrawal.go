package lending

import (
	"net/http"
	"slices"
	"strings"

	"lender/bff/upstream/lending"
)

// withdrawApplication withdraws an open application at the applicant's request (POST
// /applications/{id}/withdrawal): it becomes withdrawn, with the reason and the time, and no loan can
// be drawn down from it. Once a loan is drawn down the application is closed, so the answer is 409:
// the borrower then withdraws from the credit agreement itself, which is the loans' business.
//
// Idempotent with an Idempotency-Key, as start-over is: a double click or a retried call with the
// same key answers the withdrawn application again. Without a key a second call is 409, as the
// application is no longer open.
func (p *Provider) withdrawApplication(w http.ResponseWriter, r *http.Request) {
	var req lending.WithdrawalRequest
	if !decode(w, r, &req) {
		return
	}
	if !slices.Contains(lending.WithdrawalReasons(), req.Reason) {
		invalid(lending.CodeInvalidRequest, "reason must be one of "+strings.Join(lending.WithdrawalReasons(), ", ")).write(w)
		return
	}
	id := r.PathValue("id")
	p.Idem.Do(w, r, "POST /applications/"+id+"/withdrawal", req, func() (int, any) {
		now := p.Clock.Now()
		p.mu.Lock()
		defer p.mu.Unlock()
		a, perr := p.st.application(id, now) // decides a due referral first: what is withdrawn is what it is now
		if perr == nil && !a.open() {
			perr = conflict(a, "only an open application can be withdrawn")
		}
		if perr != nil {
			return perr.status, errorBody(perr.code, perr.message)
		}
		a.status, a.updatedAt = lending.ApplicationWithdrawn, now
		a.withdrawal = &lending.Withdrawal{Reason: req.Reason, At: now}
		p.stateChanged()
		return http.StatusOK, p.st.wireApplication(a, now)
	})
}
