package lending

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
	"lender/sandbox/personas"
)

// Top-ups (borrow more): a new loan whose credit first settles the borrower's current loan.
//
// Eligibility (GET /customers/{id}/top-up-eligibility) looks at the customer's newest loan that is not
// settled: it must not be in arrears, on or due to start a payment holiday, or under an active payment
// arrangement, and at least TopUpMinInstalmentsPaid (6) of its instalments must be paid in full. The
// settlement figure is the early-settlement total for a request today (regulations 4 to 6, no
// deferral: settlement date 28 days on), as if the borrower settled it themselves; the new credit must
// cover it and pay out at least TopUpMinCashPence (£500), within the product's £1,000–£25,000.
//
// A top-up application (POST /top-ups) is decided like an eligibility check: the customer's e-mail
// tag first (+decline declines on credit history; +counteroffer offers 60% of the new money asked
// for, rounded down to £100), then affordability — the new instalment, at the table rate, must be at
// most half the disposable income from the income and housing cost given (the old instalment goes,
// so only the new one counts); when it is not, the counteroffer is the most new money, in £100 steps,
// that is affordable; when even £500 is not, it is declined. An offer stands for 30 days. A
// counteroffer waits for the borrower's decision (accept: approved; decline: withdrawn).
//
// The drawdown (POST /top-ups/{id}/drawdown, Idempotency-Key required) opens the new loan, settles
// the old one at that day's settlement figure from the new credit (a settlement posting by top_up,
// with its rebate), and pays the rest out: pending for TopUpPayoutDelay on the sandbox clock, then
// paid_out.

// topUpRec is a top-up application.
type topUpRec struct {
	ID            string                 `json:"id"`
	Seq           int                    `json:"seq"`
	CustomerID    string                 `json:"customerId"`
	LoanID        string                 `json:"loanId"`
	Status        string                 `json:"status"` // expired is derived
	Rule          string                 `json:"rule"`
	Reasons       []lending.Reason       `json:"reasons"`
	Requested     lending.TopUpTerms     `json:"requested"`
	Offer         *lending.TopUpOffer    `json:"offer,omitempty"`
	Affordability *lending.Affordability `json:"affordability,omitempty"`
	Purpose       string                 `json:"purpose,omitempty"`
	Drawdown      *topUpDrawdownRec      `json:"drawdown,omitempty"`
	CreatedAt     time.Time              `json:"createdAt"`
	ExpiresAt     time.Time              `json:"expiresAt"`
}

type topUpDrawdownRec struct {
	NewLoanID     string    `json:"newLoanId"`
	SettledLoanID string    `json:"settledLoanId"`
	Settlement    int64     `json:"settlement"`
	Cash          int64     `json:"cash"`
	RequestedAt   time.Time `json:"requestedAt"`
}

func (t *topUpRec) view(now time.Time) lending.TopUp {
	out := lending.TopUp{ID: t.ID, CustomerID: t.CustomerID, LoanID: t.LoanID, Status: t.Status, Rule: t.Rule,
		Reasons: slices.Clone(t.Reasons), Requested: t.Requested, Offer: t.Offer, Affordability: t.Affordability,
		Purpose: t.Purpose, CreatedAt: t.CreatedAt, ExpiresAt: t.ExpiresAt}
	if out.Reasons == nil {
		out.Reasons = []lending.Reason{}
	}
	if (t.Status == lending.TopUpApproved || t.Status == lending.TopUpCounteroffer) && !now.Before(t.ExpiresAt) {
		out.Status = lending.TopUpExpired
	}
	if d := t.Drawdown; d != nil {
		out.Drawdown = &lending.TopUpDrawdown{Status: lending.DrawdownPending, NewLoanID: d.NewLoanID, SettledLoanID: d.SettledLoanID,
			SettlementPence: d.Settlement, CashToBorrowerPence: d.Cash, RequestedAt: d.RequestedAt}
		if paid := d.RequestedAt.Add(lending.TopUpPayoutDelay); !now.Before(paid) {
			out.Drawdown.Status, out.Drawdown.PaidOutAt = lending.DrawdownPaidOut, &paid
		}
	}
	return out
}

// topUpCheck is a customer's top-up eligibility at now and the loan it would settle (nil if none).
// The caller holds Provider.mu and has checked the customer exists.
func (p *Provider) topUpCheck(customerID string, now time.Time) (lending.TopUpEligibility, *loanRec) {
	today := loanDay(now)
	e := lending.TopUpEligibility{CustomerID: customerID, Reasons: []lending.Reason{}, AsOf: now}
	var open *loanRec
	for _, l := range p.st.loanState().customerLoans(customerID) {
		if !l.settledAt(today) {
			open = l
			break
		}
	}
	reason := func(code, text string) { e.Reasons = append(e.Reasons, lending.Reason{Code: code, Text: text}) }
	if open == nil {
		reason(lending.TopUpReasonNoActiveLoan, "You need a loan with us that you are repaying to borrow more.")
		return e, nil
	}
	e.LoanID = open.ID
	e.InstalmentsPaid = open.view(now).InstalmentsPaid
	if a := open.arrearsAt(today); a.AmountPence > 0 {
		reason(lending.TopUpReasonInArrears, fmt.Sprintf("Your loan is %s behind: please catch up before borrowing more.", credit.FormatPounds(a.AmountPence)))
	}
	if h, _ := open.holidayAt(today); h != nil {
		reason(lending.TopUpReasonPaymentHoliday, "You can't borrow more during a payment holiday.")
	}
	if open.activeArrangement(today) != nil {
		reason(lending.TopUpReasonArrangement, "You can't borrow more while a payment arrangement is in place.")
	}
	if e.InstalmentsPaid < lending.TopUpMinInstalmentsPaid {
		reason(lending.TopUpReasonTooFewPayments, fmt.Sprintf("You can borrow more once you have made %d monthly payments; you have made %d.",
			lending.TopUpMinInstalmentsPaid, e.InstalmentsPaid))
	}
	if len(e.Reasons) > 0 {
		return e, open
	}
	sq, perr := open.settlementQuote(now, credit.NoDeferral, lending.DeferralNone)
	if perr != nil {
		reason(lending.TopUpReasonSettlementTooLarge, "Your loan cannot be settled by a top-up today.")
		return e, open
	}
	e.SettlementFigurePence, e.SettlementDate = sq.TotalToSettlePence, sq.SettlementDate
	e.MinAmountPence = max(credit.MinAmountPence, sq.TotalToSettlePence+lending.TopUpMinCashPence)
	e.MaxAmountPence = credit.MaxAmountPence
	if e.MinAmountPence > e.MaxAmountPence {
		reason(lending.TopUpReasonSettlementTooLarge, "Your loan's settlement figure leaves no room to borrow more.")
		e.MinAmountPence, e.MaxAmountPence = 0, 0
		return e, open
	}
	e.Eligible = true
	return e, open
}

// notEligible is 409 top_up_not_eligible listing the reasons.
func notEligible(e lending.TopUpEligibility) *problem {
	codes := make([]string, len(e.Reasons))
	for i, r := range e.Reasons {
		codes[i] = r.Code
	}
	return loanConflict(lending.CodeTopUpNotEligible, "not eligible for a top-up: "+strings.Join(codes, ", "))
}

func (p *Provider) topUpEligibility(w http.ResponseWriter, r *http.Request) {
	now := p.Clock.Now()
	p.mu.Lock()
	_, ok := p.st.customers[r.PathValue("id")]
	var e lending.TopUpEligibility
	if ok {
		e, _ = p.topUpCheck(r.PathValue("id"), now)
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, lending.CodeCustomerNotFound, "no customer has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, e)
}

// topUpPricing checks an amount and term against an eligible customer's settlement figure and
// prices the new loan (the caller holds Provider.mu).
func (p *Provider) topUpPricing(customerID string, amount int64, term int, now time.Time) (lending.TopUpEligibility, lending.Quote, *problem) {
	if _, ok := p.st.customers[customerID]; !ok {
		return lending.TopUpEligibility{}, lending.Quote{}, invalid(lending.CodeCustomerNotFound, "customerId is not a customer")
	}
	e, _ := p.topUpCheck(customerID, now)
	if !e.Eligible {
		return e, lending.Quote{}, notEligible(e)
	}
	if amount < e.MinAmountPence {
		return e, lending.Quote{}, invalid(lending.CodeTopUpAmountTooLow, fmt.Sprintf(
			"amountPence must be at least %d (%s): the settlement figure of %s plus at least %s to you",
			e.MinAmountPence, credit.FormatPounds(e.MinAmountPence), credit.FormatPounds(e.SettlementFigurePence), credit.FormatPounds(lending.TopUpMinCashPence)))
	}
	q, perr := priceLoan(amount, term, nil, 0, now)
	return e, q, perr
}

func (p *Provider) createTopUpQuote(w http.ResponseWriter, r *http.Request) {
	var req lending.TopUpQuoteRequest
	if !decode(w, r, &req) {
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	e, q, perr := p.topUpPricing(req.CustomerID, req.AmountPence, req.TermMonths, now)
	p.mu.Unlock()
	if perr != nil {
		perr.write(w)
		return
	}
	httpjson.Write(w, http.StatusOK, lending.TopUpQuote{CustomerID: req.CustomerID, LoanID: e.LoanID, AmountPence: q.AmountPence,
		SettlementPence: e.SettlementFigurePence, CashToBorrowerPence: q.AmountPence - e.SettlementFigurePence,
		SettlementDate: e.SettlementDate, Quote: q})
}

func checkTopUpRequest(req lending.CreateTopUpRequest) *problem {
	switch {
	case req.AnnualIncomePence < 0 || req.AnnualIncomePence > maxIncomePence:
		return invalid(lending.CodeInvalidRequest, "annualIncomePence must be between 0 and 1000000000")
	case req.MonthlyHousingCostPence < 0 || req.MonthlyHousingCostPence > maxHousingPence:
		return invalid(lending.CodeInvalidRequest, "monthlyHousingCostPence must be between 0 and 10000000")
	case req.Purpose != "" && !slices.Contains(purposes, req.Purpose):
		return invalid(lending.CodeInvalidRequest, "purpose must be one of "+strings.Join(purposes, ", "))
	}
	return nil
}

// decideTopUp decides a top-up application (see the rules above).
func decideTopUp(t *topUpRec, email string, e lending.TopUpEligibility, asked lending.Quote, income, housing int64, now time.Time) {
	settlement := e.SettlementFigurePence
	cash := asked.AmountPence - settlement
	offer := func(q lending.Quote) *lending.TopUpOffer {
		return &lending.TopUpOffer{AmountPence: q.AmountPence, TermMonths: q.TermMonths, SettlementPence: settlement,
			CashToBorrowerPence: q.AmountPence - settlement, Quote: q, SettlementDate: e.SettlementDate}
	}
	lowest := max(lending.TopUpMinCashPence, credit.MinAmountPence-settlement)
	counter := func(newCash int64, text string) bool {
		newCash = newCash / CounterofferStepPence * CounterofferStepPence
		if newCash < lowest {
			return false
		}
		q, perr := priceLoan(settlement+newCash, asked.TermMonths, nil, 0, now)
		if perr != nil {
			return false
		}
		t.Status, t.Offer = lending.TopUpCounteroffer, offer(q)
		t.Reasons = append(t.Reasons, lending.Reason{Code: lending.ReasonLowerAmount, Text: fmt.Sprintf(text,
			credit.FormatPounds(cash), credit.FormatPounds(newCash), asked.TermMonths)})
		return true
	}
	aff := affordability(income, housing, asked.MonthlyInstalmentPence)
	t.Affordability = &aff
	declineAffordability := func() {
		t.Status = lending.TopUpDeclined
		t.Reasons = append(t.Reasons, affordabilityReason(aff))
	}
	if rule, ok := personas.RuleFor(email); ok && rule.Outcome != lending.OutcomeReferred {
		t.Rule = lending.RuleEmailTag
		switch rule.Outcome {
		case lending.OutcomeDeclined:
			t.Status = lending.TopUpDeclined
			t.Reasons = append(t.Reasons, lending.Reason{Code: lending.ReasonCreditHistory,
				Text: "We can't lend you more at the moment, based on the information from the credit reference agency."})
		case lending.OutcomeCounteroffer:
			if !counter(cash*CounterofferPercent/100, "We can't lend you %s more, but we can offer you %s more over %d months.") {
				declineAffordability()
			}
		}
		return
	}
	if !aff.Affordable {
		t.Rule = lending.RuleAffordability
		for c := (cash - 1) / CounterofferStepPence * CounterofferStepPence; c >= lowest; c -= CounterofferStepPence {
			q, perr := priceLoan(settlement+c, asked.TermMonths, nil, 0, now)
			if perr == nil && q.MonthlyInstalmentPence <= aff.MaxInstalmentPence {
				counter(c, "We can't lend you %s more, but we can offer you %s more over %d months, which fits what you can afford.")
				return
			}
		}
		declineAffordability()
		return
	}
	t.Rule, t.Status, t.Offer = lending.RuleDefault, lending.TopUpApproved, offer(asked)
}

// createTopUp answers POST /top-ups. An Idempotency-Key is optional.
func (p *Provider) createTopUp(w http.ResponseWriter, r *http.Request) {
	var req lending.CreateTopUpRequest
	if !decode(w, r, &req) {
		return
	}
	if perr := checkTopUpRequest(req); perr != nil {
		perr.write(w)
		return
	}
	p.Idem.Do(w, r, "POST /top-ups", req, func() (int, any) {
		now := p.Clock.Now()
		p.mu.Lock()
		e, asked, perr := p.topUpPricing(req.CustomerID, req.AmountPence, req.TermMonths, now)
		if perr != nil {
			p.mu.Unlock()
			return perr.reply()
		}
		b := p.st.loanState()
		b.Seq++
		t := &topUpRec{ID: newID("tu_"), Seq: b.Seq, CustomerID: req.CustomerID, LoanID: e.LoanID,
			Requested: lending.TopUpTerms{AmountPence: req.AmountPence, TermMonths: req.TermMonths}, Purpose: req.Purpose,
			CreatedAt: now, ExpiresAt: now.Add(OfferValidity)}
		decideTopUp(t, p.st.customers[req.CustomerID].email, e, asked, req.AnnualIncomePence, req.MonthlyHousingCostPence, now)
		b.TopUps[t.ID] = t
		out := t.view(now)
		p.mu.Unlock()
		p.stateChanged()
		return http.StatusCreated, out
	})
}

// withTopUp runs f on the top-up of the path's id under the lock, or answers 404 top_up_not_found.
func (p *Provider) withTopUp(w http.ResponseWriter, r *http.Request, mutating bool, f func(b *loanBook, t *topUpRec, now time.Time) (int, any)) {
	now := p.Clock.Now()
	p.mu.Lock()
	b := p.st.loanState()
	t, ok := b.TopUps[r.PathValue("id")]
	if !ok {
		p.mu.Unlock()
		httpjson.Error(w, http.StatusNotFound, lending.CodeTopUpNotFound, "no top-up has that id")
		return
	}
	status, body := f(b, t, now)
	p.mu.Unlock()
	if mutating && status >= 200 && status < 300 {
		p.stateChanged()
	}
	httpjson.Write(w, status, body)
}

func (p *Provider) getTopUp(w http.ResponseWriter, r *http.Request) {
	p.withTopUp(w, r, false, func(_ *loanBook, t *topUpRec, now time.Time) (int, any) { return http.StatusOK, t.view(now) })
}

// listTopUps answers GET /top-ups?customerId=…, newest first.
func (p *Provider) listTopUps(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("customerId")
	if id == "" || len(q) != 1 || len(q["customerId"]) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "give one customerId, such as ?customerId=cus_top_up")
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	var mine []*topUpRec
	for _, t := range p.st.loanState().TopUps {
		if t.CustomerID == id {
			mine = append(mine, t)
		}
	}
	slices.SortFunc(mine, func(a, b *topUpRec) int { return cmp.Compare(b.Seq, a.Seq) })
	out := lending.TopUpList{TopUps: make([]lending.TopUp, len(mine))}
	for i, t := range mine {
		out.TopUps[i] = t.view(now)
	}
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, out)
}

func notOpen(msg string) (int, any) {
	return loanConflict(lending.CodeTopUpNotOpen, msg).reply()
}

func (p *Provider) decideTopUpCounteroffer(w http.ResponseWriter, r *http.Request) {
	var req lending.TopUpDecisionRequest
	if !decode(w, r, &req) {
		return
	}
	p.withTopUp(w, r, true, func(_ *loanBook, t *topUpRec, now time.Time) (int, any) {
		v := t.view(now)
		switch {
		case v.Status == lending.TopUpCounteroffer:
			t.Status = lending.TopUpWithdrawn
			if req.Accept {
				t.Status = lending.TopUpApproved
			}
			return http.StatusOK, t.view(now)
		case (req.Accept && v.Status == lending.TopUpApproved && t.Rule != lending.RuleDefault) || (!req.Accept && v.Status == lending.TopUpWithdrawn):
			return http.StatusOK, v // the same decision again
		}
		return notOpen("only a counteroffer waits for a decision; this top-up is " + v.Status)
	})
}

// drawDownTopUp answers POST /top-ups/{id}/drawdown. It moves money: an Idempotency-Key is required
// and kept durably.
func (p *Provider) drawDownTopUp(w http.ResponseWriter, r *http.Request) {
	var req struct{} // the body, if any, is not read: the top-up has the terms
	key := r.Header.Get(transport.IdempotencyKeyHeader)
	if key == "" {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeIdempotencyKeyRequired, "a drawdown moves money: send an Idempotency-Key header")
		return
	}
	if !validKeyText(key) {
		httpjson.Error(w, http.StatusBadRequest, httpjson.CodeInvalidIdempotencyKey, "Idempotency-Key must be 1 to 255 visible ASCII characters")
		return
	}
	id := r.PathValue("id")
	now := p.Clock.Now()
	p.mu.Lock()
	b := p.st.loanState()
	t, ok := b.TopUps[id]
	if !ok {
		p.mu.Unlock()
		httpjson.Error(w, http.StatusNotFound, lending.CodeTopUpNotFound, "no top-up has that id")
		return
	}
	res := b.once("top-up-drawdown:"+key, "POST /top-ups/"+id+"/drawdown", req, now, func() (int, any) {
		return p.topUpDrawdown(b, t, now)
	})
	p.mu.Unlock()
	p.finish(w, res)
}

// topUpDrawdown opens the new loan and settles the old one from it (the caller holds Provider.mu).
func (p *Provider) topUpDrawdown(b *loanBook, t *topUpRec, now time.Time) (int, any) {
	v := t.view(now)
	switch v.Status {
	case lending.TopUpApproved:
	case lending.TopUpDrawnDown:
		return notOpen("the top-up was drawn down already as loan " + t.Drawdown.NewLoanID)
	default:
		return notOpen("only an approved top-up can be drawn down; this one is " + v.Status)
	}
	e, old := p.topUpCheck(t.CustomerID, now)
	if !e.Eligible || old == nil || old.ID != t.LoanID {
		return notEligible(e).reply()
	}
	sq, perr := old.settlementQuote(now, credit.NoDeferral, lending.DeferralNone)
	if perr != nil {
		return perr.reply()
	}
	settlement := sq.TotalToSettlePence
	cash := t.Offer.AmountPence - settlement
	if cash < 1 {
		return loanConflict(lending.CodeTopUpNotEligible, "the settlement figure today is more than the offer").reply()
	}
	rate, err := credit.ParseRate(t.Offer.Quote.AnnualRatePercent)
	if err != nil {
		return http.StatusInternalServerError, errorBody("internal", "the offer's rate is not a rate")
	}
	nl, perr := b.openLoan("", loanTerms{customerID: t.CustomerID, topUpID: t.ID, amount: t.Offer.AmountPence, term: t.Offer.TermMonths,
		rate: &rate, description: fmt.Sprintf("Top-up loan: %s settles loan %s, %s paid to you",
			credit.FormatPounds(settlement), old.ID, credit.FormatPounds(cash))}, now)
	if perr != nil {
		return perr.reply()
	}
	old.settle(settlement, lending.RepaymentMethodTopUp, nl.ID, lending.SettledByTopUp,
		fmt.Sprintf("Settled by top-up loan %s (rebate %s)", nl.ID, credit.FormatPounds(sq.RebatePence)), now)
	old.ReplacedBy = nl.ID
	t.Status = lending.TopUpDrawnDown
	t.Drawdown = &topUpDrawdownRec{NewLoanID: nl.ID, SettledLoanID: old.ID, Settlement: settlement, Cash: cash, RequestedAt: now}
	return http.StatusCreated, t.view(now)
}
