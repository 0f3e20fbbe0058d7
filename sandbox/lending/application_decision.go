package lending

import (
	"net/http"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// Submission and decisions.
//
// Submitting runs the eligibility rules (eligibility.go: age, e-mail tag, affordability, default)
// on the application's own figures: the customer's name, date of birth and e-mail; the income (the
// lower of the current and the expected future income); the housing cost; the current address; the
// loan as confirmed. So an applicant approved at the soft check can still be declined when the income
// they confirmed is lower, and the e-mail tags of sandbox/personas choose the outcome as they do for
// checks:
//
//   - no tag: approved (or declined on affordability);
//   - +decline: declined (credit_history), the reasons kept on the decision;
//   - +counteroffer: a counteroffer at 60% of the amount, which the applicant accepts or declines;
//     an application opened from a check's counteroffer is decided on the amount asked at the check,
//     so the same offer comes again, and is the loan approved (the applicant took it already);
//   - +refer: referred (manual_review), decided at DecisionDueAt, ReferralDelay (24 hours) after the
//     submission on the sandbox clock. An underwriter's decision is the rules again without the
//     +refer tag: a later tag in the address chooses the outcome (jo+refer+decline@… is declined
//     after the referral, jo+refer+counteroffer@… countered), else affordability decides.
//
// A referral is decided lazily by settle, which every read and change of an application calls first:
// once the sandbox clock reaches DecisionDueAt, the decision is made as of DecisionDueAt (so its
// DecidedAt, quote dates and age rule use that instant, whenever it is read).

// decisionRequest is the eligibility request of an application's figures.
func (a *application) decisionRequest(c *customer) lending.EligibilityRequest {
	req := lending.EligibilityRequest{
		FirstName: c.firstName, LastName: c.lastName, DateOfBirth: c.dateOfBirth, Email: c.email,
		AmountPence: a.quote.AmountPence, TermMonths: a.quote.TermMonths, Purpose: a.purpose, PurposeText: a.purposeText,
		FeePence: a.quote.FeePence, // the brand's fee, priced at the check, stays with the application
	}
	if a.income != nil {
		req.AnnualIncomePence = a.income.AnnualIncomePence
	}
	if a.future != nil && a.future.Expected && a.future.NewAnnualIncomePence < req.AnnualIncomePence {
		req.AnnualIncomePence = a.future.NewAnnualIncomePence
	}
	if a.housing != nil {
		req.Housing = lending.Housing{Status: a.housing.Status, MonthlyCostPence: a.housing.MonthlyCostPence}
	}
	if len(a.addresses) > 0 {
		req.Address = a.addresses[0].Address
	}
	if a.offer != nil {
		// The counteroffer taken at the check stands if the rules, run on the loan asked for then,
		// still offer at least the loan confirmed (decideApplication).
		req.AmountPence, req.TermMonths = a.offer.AskedPence, a.offer.AskedTermMonths
	}
	return req
}

// missing lists the steps an application lacks to be submitted, in journey order.
func (a *application) missing(now time.Time) []string {
	f := a.facts(nil, now)
	var out []string
	for _, s := range []struct {
		name string
		done bool
	}{
		{"loanConfirmation", f.loanConfirmed}, {"emailVerification", f.emailVerified}, {"purpose", f.purpose},
		{"housing", f.housing}, {"addresses", f.addresses}, {"income", f.income}, {"futureIncomeChange", f.futureChange},
		{"creditAssessment", f.assessment}, {"openBanking", f.obLinked || f.obSkipped},
	} {
		if !s.done {
			out = append(out, s.name)
		}
	}
	return out
}

// afterReferral is the e-mail an underwriter's decision reads: the address without the tags up to and
// including the one that referred it, so a later tag still chooses the outcome.
func afterReferral(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return email
	}
	parts := strings.Split(email[:at], "+")
	for i, tag := range parts[1:] {
		if r, ok := personas.RuleFor("x+" + tag + "@x"); ok {
			if r.Outcome != lending.OutcomeReferred {
				return email // the first rule tag is not +refer
			}
			return strings.Join(append([]string{parts[0]}, parts[i+2:]...), "+") + email[at:]
		}
	}
	return email
}

// decideApplication runs the rules on the application as of at and records the outcome. A referral
// keeps its decision id and ReferredAt.
func (st *state) decideApplication(a *application, req lending.EligibilityRequest, at time.Time) *problem {
	check, perr := decide(req, at)
	if perr != nil {
		return perr
	}
	d := a.decision
	if d == nil {
		d = &lending.Decision{ID: newID("dec_")}
		a.decision = d
	}
	d.Outcome, d.Rule, d.Reasons, d.Affordability, d.Offer = check.Outcome, check.Rule, check.Reasons, check.Affordability, nil
	switch check.Outcome {
	case lending.OutcomeReferred:
		d.ReferredAt, d.DecisionDueAt = at, check.DecisionDueAt
		a.status = lending.ApplicationReferred
		return nil
	case lending.OutcomeApproved:
		a.status, a.quote = lending.ApplicationApproved, *check.Quote
		if a.offer != nil { // approved on the loan first asked for: the loan is the one confirmed
			a.quote = a.repriced(at)
		}
	case lending.OutcomeCounteroffer:
		if a.offer != nil && check.Quote.AmountPence >= a.quote.AmountPence {
			// The rules offer at least the loan confirmed, which is the counteroffer the applicant
			// took at the check (or less): that is the loan approved, and nothing is offered again.
			d.Outcome, d.Reasons = lending.OutcomeApproved, []lending.Reason{}
			a.status, a.quote = lending.ApplicationApproved, a.repriced(at)
			break
		}
		a.status, d.Offer = lending.ApplicationCounteroffer, check.Quote
	case lending.OutcomeDeclined:
		a.status = lending.ApplicationDeclined
	}
	d.DecidedAt = at
	a.updatedAt = at
	st.emit(decisionEvents[d.Outcome], a, at)
	return nil
}

// decisionEvents are the events of the decisions (a referral is not one: its decision comes later).
var decisionEvents = map[string]string{
	lending.OutcomeApproved:     lending.EventApplicationApproved,
	lending.OutcomeDeclined:     lending.EventApplicationDeclined,
	lending.OutcomeCounteroffer: lending.EventApplicationCounteroffered,
}

// repriced is the application's loan priced as of at (its amount and term are within the bounds:
// they were priced before).
func (a *application) repriced(at time.Time) lending.Quote {
	q, perr := priceLoan(a.quote.AmountPence, a.quote.TermMonths, nil, a.quote.FeePence, at)
	if perr != nil {
		return a.quote
	}
	return q
}

// settle decides a referral whose time has come; the caller holds Provider.mu.
func (st *state) settle(a *application, now time.Time) {
	if a.status != lending.ApplicationReferred || a.decision == nil || now.Before(a.decision.DecisionDueAt) {
		return
	}
	c := st.customers[a.customerID]
	if c == nil {
		return
	}
	req := a.decisionRequest(c)
	req.Email = afterReferral(req.Email)
	due := a.decision.DecisionDueAt
	if perr := st.decideApplication(a, req, due); perr != nil || a.status == lending.ApplicationReferred {
		// The figures were valid at submission and cannot have changed since, and without the
		// +refer tag the rules never refer: decline rather than refer for ever.
		a.status = lending.ApplicationDeclined
		a.decision.Outcome, a.decision.Rule, a.decision.DecidedAt = lending.OutcomeDeclined, lending.RuleDefault, due
		a.decision.Reasons = []lending.Reason{{Code: lending.ReasonManualReview, Text: "An underwriter could not approve the application."}}
		st.emit(lending.EventApplicationDeclined, a, due)
	}
}

// submitApplication submits and decides. It takes an optional Idempotency-Key: the same key answers
// the first outcome again; without it a second submission is 409 application_wrong_status.
func (p *Provider) submitApplication(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if !decodeAction(w, r, &req) {
		return
	}
	id := r.PathValue("id")
	p.Idem.Do(w, r, "POST /applications/"+id+"/submission", req, func() (int, any) {
		now := p.Clock.Now()
		p.mu.Lock()
		defer p.mu.Unlock()
		a, perr := p.st.submit(id, now)
		if perr != nil {
			return perr.status, errorBody(perr.code, perr.message)
		}
		p.stateChanged()
		return http.StatusOK, p.st.wireApplication(a, now)
	})
}

func (st *state) submit(id string, now time.Time) (*application, *problem) {
	a, perr := st.application(id, now)
	if perr != nil {
		return nil, perr
	}
	if a.status != lending.ApplicationInProgress {
		return nil, conflict(a, "it was submitted already")
	}
	if miss := a.missing(now); len(miss) > 0 {
		return nil, &problem{status: http.StatusConflict, code: lending.CodeApplicationIncomplete,
			message: "the application is missing: " + strings.Join(miss, ", ")}
	}
	c := st.customers[a.customerID]
	if c == nil {
		return nil, invalid(lending.CodeCustomerNotFound, "the application's customer no longer exists")
	}
	// re-price at submission so the decision's quote is dated today
	if q, perr := priceLoan(a.quote.AmountPence, a.quote.TermMonths, nil, a.quote.FeePence, now); perr == nil {
		a.quote = q
	}
	if perr := st.decideApplication(a, a.decisionRequest(c), now); perr != nil {
		return nil, perr
	}
	a.submittedAt, a.updatedAt = now, now
	return a, nil
}

func (p *Provider) getDecision(w http.ResponseWriter, r *http.Request) {
	p.withApplication(w, r, func(a *application, _ time.Time) (any, *problem) {
		if a.decision == nil {
			return nil, conflict(a, "there is no decision before it is submitted")
		}
		return copyDecision(a.decision), nil
	})
}

// respondToCounteroffer accepts the offer (approved at the lower amount) or declines it (withdrawn).
func (p *Provider) respondToCounteroffer(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, nil, func(a *application, req lending.CounterofferResponse, now time.Time) (any, *problem) {
		if a.status != lending.ApplicationCounteroffer {
			return nil, conflict(a, "there is no counteroffer to answer")
		}
		d := a.decision
		d.RespondedAt = now
		if req.Accept {
			d.Response = lending.CounterofferAccepted
			// the offer as dated today
			q, perr := priceLoan(d.Offer.AmountPence, d.Offer.TermMonths, nil, a.quote.FeePence, now)
			if perr != nil {
				return nil, perr
			}
			a.status, a.quote, a.loanConfirmedAt = lending.ApplicationApproved, q, now
			p.st.emit(lending.EventApplicationApproved, a, now)
			return nil, nil
		}
		d.Response = lending.CounterofferDeclined
		a.status = lending.ApplicationWithdrawn
		a.withdrawal = &lending.Withdrawal{Reason: lending.WithdrawnCounterofferDeclined, At: now}
		return nil, nil
	})
}
