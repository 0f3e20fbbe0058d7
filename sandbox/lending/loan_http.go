package lending

import (
	"net/http"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
	"lender/sandbox/lending/credit"
)

// registerLoans adds the loans routes (loans, repayments, settlement, holidays, repayment changes,
// arrangements, statements and top-ups) under prefix.
func (p *Provider) registerLoans(mux *http.ServeMux, prefix string) {
	provider.AddRoutes(mux, prefix, provider.Routes{
		"/loans":                                   {http.MethodPost: p.createLoan, http.MethodGet: p.listLoans},
		"/loans/{id}":                              {http.MethodGet: p.getLoan},
		"/loans/{id}/schedule":                     {http.MethodGet: p.loanSchedule},
		"/loans/{id}/transactions":                 {http.MethodGet: p.loanTransactions},
		"/loans/{id}/repayments":                   {http.MethodPost: p.createRepayment},
		"/loans/{id}/settlement-quotes":            {http.MethodPost: p.createSettlementQuote},
		"/loans/{id}/settlement-quotes/{quoteId}":  {http.MethodGet: p.settlementQuoteByID},
		"/loans/{id}/payment-holiday-quotes":       {http.MethodPost: p.createHolidayQuote},
		"/loans/{id}/payment-holidays":             {http.MethodPost: p.applyHoliday},
		"/loans/{id}/repayment-change-quotes":      {http.MethodPost: p.createChangeQuote},
		"/loans/{id}/repayment-changes":            {http.MethodPost: p.applyChange},
		"/loans/{id}/arrangements":                 {http.MethodPost: p.createArrangement, http.MethodGet: p.listArrangements},
		"/loans/{id}/arrangements/{arrangementId}": {http.MethodGet: p.getArrangement},
		"/loans/{id}/statements":                   {http.MethodGet: p.periodStatement},
		"/loans/{id}/statements/annual":            {http.MethodGet: p.annualStatement},
		"/loans/{id}/statements/closing":           {http.MethodGet: p.closingStatement},
		"/loans/{id}/documents":                    {http.MethodGet: p.loanDocuments},
		"/loans/{id}/documents/{kind}":             {http.MethodGet: p.loanDocument},
		"/customers/{id}/top-up-eligibility":       {http.MethodGet: p.topUpEligibility},
		"/top-up-quotes":                           {http.MethodPost: p.createTopUpQuote},
		"/top-ups":                                 {http.MethodPost: p.createTopUp, http.MethodGet: p.listTopUps},
		"/top-ups/{id}":                            {http.MethodGet: p.getTopUp},
		"/top-ups/{id}/counteroffer-decision":      {http.MethodPost: p.decideTopUpCounteroffer},
		"/top-ups/{id}/drawdown":                   {http.MethodPost: p.drawDownTopUp},
	})
}

// withLoan runs f on the loan of the path's id under the lock, or answers 404 loan_not_found. A
// successful answer of a mutating call is a change for the snapshot.
func (p *Provider) withLoan(w http.ResponseWriter, r *http.Request, mutating bool, f func(b *loanBook, l *loanRec, now time.Time) (int, any)) {
	now := p.Clock.Now()
	p.mu.Lock()
	b := p.st.loanState()
	l, ok := b.Loans[r.PathValue("id")]
	if !ok {
		p.mu.Unlock()
		notFoundLoan().write(w)
		return
	}
	status, body := f(b, l, now)
	p.mu.Unlock()
	if mutating && status >= 200 && status < 300 {
		p.stateChanged()
	}
	httpjson.Write(w, status, body)
}

// checkCreateLoan validates POST /loans: an application id alone, or a customer with the loan's terms.
func checkCreateLoan(req lending.CreateLoanRequest) (*credit.Rate, *problem) {
	if req.ApplicationID != "" {
		if req.CustomerID != "" || req.AmountPence != 0 || req.TermMonths != 0 || req.AnnualRatePercent != nil || req.FeePence != 0 {
			return nil, invalid(lending.CodeInvalidRequest, "give applicationId alone: the application has the loan's terms")
		}
		return nil, nil
	}
	if req.CustomerID == "" {
		return nil, invalid(lending.CodeInvalidRequest, "give applicationId, or customerId with amountPence and termMonths")
	}
	if req.AnnualRatePercent == nil {
		return nil, nil
	}
	rt, err := credit.ParseRate(string(*req.AnnualRatePercent))
	if err != nil {
		return nil, invalid(lending.CodeRateInvalid, "annualRatePercent must be a percentage with at most two decimal places, such as \"6.7\"")
	}
	return &rt, nil
}

// createLoan draws a loan down (POST /loans). It moves money, so an Idempotency-Key is required and
// kept durably: the same key and body answer the first loan again; another body answers 409.
func (p *Provider) createLoan(w http.ResponseWriter, r *http.Request) {
	var req lending.CreateLoanRequest
	if !decode(w, r, &req) {
		return
	}
	key := r.Header.Get(transport.IdempotencyKeyHeader)
	if key == "" {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeIdempotencyKeyRequired, "a drawdown moves money: send an Idempotency-Key header")
		return
	}
	if !validKeyText(key) {
		httpjson.Error(w, http.StatusBadRequest, httpjson.CodeInvalidIdempotencyKey, "Idempotency-Key must be 1 to 255 visible ASCII characters")
		return
	}
	rate, perr := checkCreateLoan(req)
	if perr != nil {
		perr.write(w)
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	b := p.st.loanState()
	res := b.once("loan:"+key, "POST /loans", req, now, func() (int, any) {
		if req.ApplicationID != "" {
			return p.drawDownApplication(b, req.ApplicationID, now)
		}
		if _, ok := p.st.customers[req.CustomerID]; !ok {
			return http.StatusUnprocessableEntity, errorBody(lending.CodeCustomerNotFound, "customerId is not a customer")
		}
		l, perr := b.openLoan("", loanTerms{customerID: req.CustomerID, amount: req.AmountPence, fee: req.FeePence,
			term: req.TermMonths, rate: rate}, now)
		if perr != nil {
			return perr.reply()
		}
		return http.StatusCreated, l.view(now)
	})
	p.mu.Unlock()
	p.finish(w, res)
}

// drawDownApplication opens the loan of an application that is ready for drawdown and marks the
// application drawn down, in one critical section (the caller holds Provider.mu).
func (p *Provider) drawDownApplication(b *loanBook, id string, now time.Time) (int, any) {
	d, perr := p.st.ApplicationForDrawdown(id, now)
	if perr != nil {
		return perr.reply()
	}
	rate, err := credit.ParseRate(string(d.Terms.AnnualRatePercent))
	if err != nil {
		return http.StatusInternalServerError, errorBody("internal", "the application's rate is not a rate")
	}
	desc := "Loan paid out"
	if n := len(d.Payee.AccountNumber); n >= 4 {
		desc += " to the account ending " + d.Payee.AccountNumber[n-4:]
	}
	l, perr := b.openLoan("", loanTerms{customerID: d.CustomerID, applicationID: id, cpaCardToken: d.CPACardToken,
		amount: d.Terms.AmountPence, fee: d.Terms.FeePence, term: d.Terms.TermMonths, rate: &rate, description: desc,
		agreed: d.Signature.SignedAt}, now)
	if perr != nil {
		return perr.reply()
	}
	if perr := p.st.MarkDrawnDown(id, l.ID, now); perr != nil {
		delete(b.Loans, l.ID)
		return perr.reply()
	}
	p.st.emit(lending.EventLoanPaidOut, p.st.apps.byID[id], now)
	return http.StatusCreated, l.view(now)
}

// listLoans answers GET /loans?customerId=…, newest first.
func (p *Provider) listLoans(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("customerId")
	if id == "" || len(q) != 1 || len(q["customerId"]) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "give one customerId, such as ?customerId=cus_up_to_date")
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	out := lending.LoanList{Loans: []lending.Loan{}}
	for _, l := range p.st.loanState().customerLoans(id) {
		out.Loans = append(out.Loans, l.view(now))
	}
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, out)
}

func (p *Provider) getLoan(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(_ *loanBook, l *loanRec, now time.Time) (int, any) { return http.StatusOK, l.view(now) })
}

func (p *Provider) loanSchedule(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(_ *loanBook, l *loanRec, now time.Time) (int, any) { return http.StatusOK, l.schedule(now) })
}

func (p *Provider) loanTransactions(w http.ResponseWriter, r *http.Request) {
	p.withLoan(w, r, false, func(_ *loanBook, l *loanRec, now time.Time) (int, any) {
		return http.StatusOK, lending.LoanTransactions{LoanID: l.ID, AsOf: now, Transactions: l.postings(loanDay(now))}
	})
}
