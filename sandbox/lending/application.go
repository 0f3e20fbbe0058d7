package lending

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
	"lender/sandbox/lending/credit"
)

// Applications (the API is the "Applications" section of bff/upstream/lending's package doc).
//
// An application keeps facts: the loan, what each journey step recorded, the submission, the
// decision and the after-approval steps. Everything a journey shows is derived from those facts when
// the application is answered (wire): the legacy RegStages, the one-page JourneyMap, the legacy
// approvalStatus and preDispersalStatus codes, and the ready_for_drawdown status. So the two journey
// models can never disagree with the data or with each other, and the stages that depend on the
// customer (setPassword: a PIN; setPhone: a mobile number) follow the customer record whichever API
// changed it.
//
// Time comes from the sandbox clock only. A referral is decided lazily: whenever the application is
// read or changed at or after its DecisionDueAt, the decision is made as of DecisionDueAt (see
// settle), so moving the clock with POST /_sandbox/clock is all a test needs.

const (
	// CheckValidity is how long after a soft check an application may still be opened from it.
	CheckValidity = OfferValidity
	// CommissionPercent is the broker commission the sandbox discloses, in percent of the amount of
	// credit (rounded down to the penny).
	CommissionPercent = 3
)

// applicationBook holds the applications. It lives in state, so Provider.mu guards it.
type applicationBook struct {
	byID map[string]*application
	seq  int // creation order, for listing newest first
}

func newApplicationBook() *applicationBook {
	return &applicationBook{byID: map[string]*application{}}
}

// application is an application's facts. status is stored as in_progress, referred, counteroffer,
// approved, declined, withdrawn or drawn_down; ready_for_drawdown is derived from approved.
type application struct {
	id, customerID string
	seq            int
	onePage        bool
	owner          string // brand clientName
	aggregator     string
	brokerID       string
	brokerFirm     string
	ab             lending.ABChoice
	checkID        string
	status         string

	quote           lending.Quote // the loan as last priced
	offer           *checkOffer   // the eligibility check's counteroffer this application took, if any
	loanConfirmedAt time.Time
	emailVerifiedAt time.Time
	purpose         string
	purposeText     string
	housing         *lending.HousingDetails
	addresses       []lending.AddressHistoryEntry
	income          *lending.Income
	future          *lending.FutureIncomeChange
	answers         []lending.CreditAssessmentAnswer
	ob              lending.OpenBankingState

	submittedAt time.Time
	decision    *lending.Decision

	payee               *payeeAccount
	cpa                 *lending.CPA
	commissionConsented time.Time
	signature           *lending.Signature
	signed              *signedDocuments // the documents as they were signed (document.go)
	identity            *lending.IdentityVerification
	ops                 []string

	withdrawal  *lending.Withdrawal
	loanID      string
	drawnDownAt time.Time
	createdAt   time.Time
	updatedAt   time.Time
}

// checkOffer is the counteroffer of an eligibility check that an application was opened from: opening
// it is the applicant's acceptance. The loan first asked for is kept for the decision at submission,
// which is made on it (decideApplication), and the amount offered caps the application's loan.
// Exported for the snapshot.
type checkOffer struct {
	AskedPence      int64 `json:"askedPence"`
	AskedTermMonths int   `json:"askedTermMonths"`
	OfferPence      int64 `json:"offerPence"`
}

// aboveOffer refuses a loan of amount above the counteroffer the application took (nil without one).
func (a *application) aboveOffer(amount int64) *problem {
	if a.offer == nil || amount <= a.offer.OfferPence {
		return nil
	}
	return invalid(lending.CodeAmountAboveApproved, "amountPence must be at most the counteroffer taken, "+credit.FormatPounds(a.offer.OfferPence))
}

// payeeAccount is the confirmed pay-out account, in full (the API answers only the last 4 digits).
type payeeAccount struct {
	AccountName   string
	SortCode      string // 6 digits
	AccountNumber string // 8 digits
	ConfirmedAt   time.Time
}

func (pa *payeeAccount) wire() *lending.Payee {
	if pa == nil {
		return nil
	}
	return &lending.Payee{AccountName: pa.AccountName, SortCode: formatSortCode(pa.SortCode),
		AccountNumberLast4: pa.AccountNumber[len(pa.AccountNumber)-4:], ConfirmedAt: pa.ConfirmedAt}
}

// open reports whether the application still counts as the customer's live one.
func (a *application) open() bool {
	switch a.status {
	case lending.ApplicationDeclined, lending.ApplicationWithdrawn, lending.ApplicationDrawnDown:
		return false
	}
	return true
}

// facts are the yes/no facts both journey models are derived from.
type facts struct {
	loanConfirmed, emailVerified, purpose, housing, addresses, income, futureChange, assessment bool
	obLinked, obSkipped, submitted, decided, approved                                           bool
	pin, phone, payee, cpa, commission, signed, identity, noOps                                 bool
}

func (a *application) facts(c *customer, now time.Time) facts {
	f := facts{
		loanConfirmed: !a.loanConfirmedAt.IsZero(),
		emailVerified: !a.emailVerifiedAt.IsZero(),
		purpose:       purposeComplete(a.purpose, a.purposeText),
		housing:       a.housing != nil,
		addresses:     coversHistory(a.addresses, now),
		income:        a.income != nil,
		futureChange:  a.future != nil,
		assessment:    len(a.answers) > 0,
		obLinked:      a.ob.Status == lending.OpenBankingLinked,
		obSkipped:     a.ob.Status == lending.OpenBankingSkipped,
		submitted:     !a.submittedAt.IsZero(),
		decided:       a.decision != nil && a.decision.Outcome != lending.OutcomeReferred,
		approved:      a.status == lending.ApplicationApproved || a.status == lending.ApplicationDrawnDown,
		payee:         a.payee != nil,
		cpa:           a.cpa != nil,
		commission:    a.brokerID == "" || !a.commissionConsented.IsZero(),
		signed:        a.signature != nil,
		identity:      a.identity != nil,
		noOps:         len(a.ops) == 0,
	}
	if c != nil {
		f.pin, f.phone = c.pin.set, c.phone != ""
	}
	return f
}

func (f facts) incomeFinished() bool { return f.income && f.futureChange && f.assessment }

// afterApprovalDone: every step after approval is done and nothing more is asked.
func (f facts) afterApprovalDone() bool {
	return f.pin && f.phone && f.payee && f.cpa && f.commission && f.signed && f.identity && f.noOps
}

func stage(done bool) int {
	if done {
		return lending.StageDone
	}
	return lending.StagePending
}

// regStages derives the legacy stage model (the table in the package doc of bff/upstream/lending).
func (f facts) regStages() lending.RegStages {
	var r lending.RegStages
	for _, s := range []struct {
		name string
		done bool
	}{
		{lending.StageWelcome, f.loanConfirmed},
		{lending.StageRentInfo, f.housing && f.addresses},
		{lending.StageEmailConf, f.emailVerified},
		{lending.StageOpenBanking, f.obLinked || f.obSkipped},
		{lending.StagePreApproval, true}, // an application exists only after a soft check that was not declined
		{lending.StageIncomeVerification, f.incomeFinished()},
		{lending.StageContractSubmitted, f.submitted},
		{lending.StageWaitingPage, f.decided},
		{lending.StageSetPassword, f.pin},
		{lending.StageSetPhone, f.phone},
		{lending.StageConfirmationPayee, f.payee},
		{lending.StageSetCPA, f.cpa},
		{lending.StageCommissionConsent, f.commission},
		{lending.StageSignature, f.signed},
		{lending.StageIDV, f.identity},
		{lending.StageAdditionalOps, f.noOps},
	} {
		r.Set(s.name, stage(s.done))
	}
	return r
}

// journeyMap derives the one-page model.
func (f facts) journeyMap() lending.JourneyMap {
	return lending.JourneyMap{
		AboutYou: lending.AboutYou{EmailVerification: f.emailVerified, LoanPurposeConfirm: f.purpose,
			RentConfirm: f.housing, AddressUpdate: f.addresses, IncomeConfirm: f.income, OBSkip: f.obSkipped},
		YourLoan:     lending.YourLoan{LoanValueConfirm: f.loanConfirmed},
		VerifyIncome: lending.VerifyIncome{OpenBanking: f.obLinked, IsFinished: f.incomeFinished()},
		Submission:   lending.Submission{IsFinished: f.submitted},
	}
}

// status is the status the API shows: approved with every after-approval step done is
// ready_for_drawdown.
func (a *application) wireStatus(f facts) string {
	if a.status == lending.ApplicationApproved && f.afterApprovalDone() {
		return lending.ApplicationReadyForDrawdown
	}
	return a.status
}

func (a *application) approvalStatus() int {
	switch {
	case a.decision == nil || a.decision.Outcome == lending.OutcomeReferred:
		return lending.ApprovalPending
	case a.decision.Outcome == lending.OutcomeDeclined:
		return lending.ApprovalDeclined
	case a.decision.Outcome == lending.OutcomeCounteroffer && a.decision.Response != lending.CounterofferAccepted:
		return lending.ApprovalCounteroffer
	}
	return lending.ApprovalApproved
}

func (a *application) preDispersalStatus() int {
	switch a.status {
	case lending.ApplicationDrawnDown:
		return lending.PreDispersalDisbursed
	case lending.ApplicationDeclined:
		return lending.PreDispersalFailed
	}
	return lending.PreDispersalPending
}

// commission is the broker commission disclosure.
func (a *application) commission() lending.Commission {
	if a.brokerID == "" {
		return lending.Commission{Disclosure: "No broker introduced you to us, so no commission is paid on this loan."}
	}
	amount := a.quote.AmountPence * CommissionPercent / 100
	return lending.Commission{Required: true, BrokerID: a.brokerID, BrokerFirm: a.brokerFirm, AmountPence: amount,
		ConsentedAt: a.commissionConsented,
		Disclosure: fmt.Sprintf("%s introduced you to us. If you take out this loan we will pay %s a commission of %s "+
			"(%d%% of the amount of credit). The commission does not change what you repay.",
			a.brokerFirm, a.brokerFirm, credit.FormatPounds(amount), CommissionPercent)}
}

// renderApplicantID is the decision service's id of a customer as applicant: derived from the customer's
// id, so every application of one customer carries the same one, a reset or a snapshot keeps it, and it
// says nothing about the person. "ra_" and 16 hex digits.
func renderApplicantID(customerID string) string {
	sum := sha256.Sum256([]byte("render-applicant/" + customerID))
	return "ra_" + hex.EncodeToString(sum[:8])
}

// wire is the application as the API answers it; c is its customer (nil only if it vanished).
func (a *application) wire(c *customer, now time.Time) lending.Application {
	f := a.facts(c, now)
	out := lending.Application{
		ID: a.id, CustomerID: a.customerID, RenderApplicantID: renderApplicantID(a.customerID),
		Status: a.wireStatus(f), OnePage: a.onePage,
		ApplicationTypeID: lending.ApplicationTypeNewLoan, ApplicationOwner: a.owner, Aggregator: a.aggregator,
		BrokerID: a.brokerID, ABChoice: a.ab, EligibilityCheckID: a.checkID,
		ApprovalStatus: a.approvalStatus(), PreDispersalStatus: a.preDispersalStatus(),
		EmailVerification: stage(f.emailVerified),
		RegStage:          f.regStages(), JourneyMap: f.journeyMap(),
		AdditionalOps: append([]string{}, a.ops...),
		Quote:         a.quote, LoanConfirmedAt: a.loanConfirmedAt, EmailVerifiedAt: a.emailVerifiedAt,
		Purpose: a.purpose, PurposeText: a.purposeText,
		Addresses:        append([]lending.AddressHistoryEntry{}, a.addresses...),
		CreditAssessment: append([]lending.CreditAssessmentAnswer{}, a.answers...),
		OpenBanking:      a.ob, SubmittedAt: a.submittedAt,
		Payee: a.payee.wire(), Commission: a.commission(),
		LoanID: a.loanID, DrawnDownAt: a.drawnDownAt, CreatedAt: a.createdAt, UpdatedAt: a.updatedAt,
	}
	out.Quote.Schedule = slices.Clone(a.quote.Schedule)
	if a.decision != nil {
		out.DecisionID = a.decision.ID
		out.Decision = copyDecision(a.decision)
	}
	if a.housing != nil {
		h := *a.housing
		out.Housing = &h
	}
	if a.income != nil {
		i := *a.income
		out.Income = &i
	}
	if a.future != nil {
		fc := *a.future
		out.FutureIncomeChange = &fc
	}
	if a.cpa != nil {
		v := *a.cpa
		out.CPA = &v
	}
	if a.signature != nil {
		v := *a.signature
		out.Signature = &v
	}
	if a.identity != nil {
		v := *a.identity
		out.Identity = &v
	}
	if a.withdrawal != nil {
		v := *a.withdrawal
		out.Withdrawal = &v
	}
	return out
}

func copyDecision(d *lending.Decision) *lending.Decision {
	out := *d
	out.Reasons = append([]lending.Reason{}, d.Reasons...)
	if d.Affordability != nil {
		af := *d.Affordability
		out.Affordability = &af
	}
	if d.Offer != nil {
		o := *d.Offer
		o.Schedule = slices.Clone(d.Offer.Schedule)
		out.Offer = &o
	}
	return &out
}

// wireApplication answers the application with its customer.
func (st *state) wireApplication(a *application, now time.Time) lending.Application {
	return a.wire(st.customers[a.customerID], now)
}

// application finds an application and decides a due referral; the caller holds Provider.mu.
func (st *state) application(id string, now time.Time) (*application, *problem) {
	a, ok := st.apps.byID[id]
	if !ok {
		return nil, &problem{status: http.StatusNotFound, code: lending.CodeApplicationNotFound, message: "no application has that id"}
	}
	st.settle(a, now)
	return a, nil
}

// applicant is the application's customer; customers are never deleted, but a problem beats a panic.
func (st *state) applicant(a *application) (*customer, *problem) {
	if c := st.customers[a.customerID]; c != nil {
		return c, nil
	}
	return nil, invalid(lending.CodeCustomerNotFound, "the application's customer no longer exists")
}

// conflict is a 409 application_wrong_status.
func conflict(a *application, what string) *problem {
	return &problem{status: http.StatusConflict, code: lending.CodeApplicationStatus,
		message: fmt.Sprintf("the application is %s: %s", a.status, what)}
}

// editable allows a change to what the applicant gave before submission: while in progress, or
// after approval when the additional operation op asks for it.
func (a *application) editable(op, what string) *problem {
	if a.status == lending.ApplicationInProgress {
		return nil
	}
	if op != "" && a.status == lending.ApplicationApproved && slices.Contains(a.ops, op) {
		return nil
	}
	if op != "" {
		return conflict(a, what+" can change only while it is in progress, or after approval when the "+op+" operation asks for it")
	}
	return conflict(a, what+" can change only while it is in progress")
}

// afterApproval allows the after-approval steps.
func (a *application) afterApproval(what string) *problem {
	if a.status == lending.ApplicationApproved {
		return nil
	}
	return conflict(a, what+" comes after approval and before drawdown")
}

// completeOp removes an outstanding additional operation.
func (a *application) completeOp(op string) {
	a.ops = slices.DeleteFunc(a.ops, func(o string) bool { return o == op })
}

// withApplication answers f's result on the application of the path's id, under the lock. f
// answers the application (nil body) or another body, or a problem. A successful call other than a
// GET is a change for the snapshot.
func (p *Provider) withApplication(w http.ResponseWriter, r *http.Request, f func(a *application, now time.Time) (any, *problem)) {
	now := p.Clock.Now()
	p.mu.Lock()
	a, perr := p.st.application(r.PathValue("id"), now)
	var body any
	if perr == nil {
		body, perr = f(a, now)
		if perr == nil && body == nil {
			body = p.st.wireApplication(a, now)
		}
	}
	p.mu.Unlock()
	if perr != nil {
		perr.write(w)
		return
	}
	if r.Method != http.MethodGet {
		p.stateChanged()
	}
	httpjson.Write(w, http.StatusOK, body)
}

// registerApplications adds the applications routes (called from Register).
func (p *Provider) registerApplications(mux *http.ServeMux, prefix string) {
	provider.AddRoutes(mux, prefix, provider.Routes{
		"/credit-assessment-questions":             {http.MethodGet: p.creditAssessmentQuestions},
		"/housing-options":                         {http.MethodGet: p.housingOptions},
		"/applications":                            {http.MethodPost: p.createApplication, http.MethodGet: p.listApplications},
		"/applications/{id}":                       {http.MethodGet: p.getApplication},
		"/applications/{id}/loan-confirmation":     {http.MethodPost: p.confirmLoan},
		"/applications/{id}/email-verification":    {http.MethodPost: p.recordEmailVerified},
		"/applications/{id}/purpose":               {http.MethodPut: p.updatePurpose},
		"/applications/{id}/housing":               {http.MethodPut: p.updateHousing},
		"/applications/{id}/addresses":             {http.MethodPut: p.updateAddresses},
		"/applications/{id}/income":                {http.MethodPut: p.updateIncome},
		"/applications/{id}/future-income-change":  {http.MethodPut: p.updateFutureIncomeChange},
		"/applications/{id}/credit-assessment":     {http.MethodPut: p.answerCreditAssessment},
		"/applications/{id}/open-banking":          {http.MethodPut: p.updateOpenBanking},
		"/applications/{id}/start-over":            {http.MethodPost: p.startOver},
		"/applications/{id}/withdrawal":            {http.MethodPost: p.withdrawApplication},
		"/applications/{id}/submission":            {http.MethodPost: p.submitApplication},
		"/applications/{id}/decision":              {http.MethodGet: p.getDecision},
		"/applications/{id}/counteroffer-response": {http.MethodPost: p.respondToCounteroffer},
		"/applications/{id}/phone":                 {http.MethodPut: p.setApplicationPhone},
		"/applications/{id}/payee-confirmation":    {http.MethodPost: p.confirmPayee},
		"/applications/{id}/cpa":                   {http.MethodPut: p.attachCPA},
		"/applications/{id}/commission":            {http.MethodGet: p.getCommission},
		"/applications/{id}/commission-consent":    {http.MethodPost: p.consentToCommission},
		"/applications/{id}/signature":             {http.MethodPost: p.signAgreement},
		"/applications/{id}/identity-verification": {http.MethodPost: p.recordIdentityVerified},
		"/applications/{id}/additional-operations": {http.MethodPost: p.requestAdditionalOperation},
		"/applications/{id}/documents/{kind}":      {http.MethodGet: p.getDocument},
	})
}

func (p *Provider) getApplication(w http.ResponseWriter, r *http.Request) {
	p.withApplication(w, r, func(*application, time.Time) (any, *problem) { return nil, nil })
}

// listApplications answers GET /applications?customerId=…, newest first.
func (p *Provider) listApplications(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cid := q.Get("customerId")
	if cid == "" || len(q["customerId"]) != 1 || len(q) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeInvalidQuery, "give one customerId, such as ?customerId=cus_up_to_date")
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	var mine []*application
	for _, a := range p.st.apps.byID {
		if a.customerID == cid {
			p.st.settle(a, now)
			mine = append(mine, a)
		}
	}
	sort.Slice(mine, func(i, j int) bool { return mine[i].seq > mine[j].seq })
	out := lending.ApplicationList{Applications: make([]lending.Application, len(mine))}
	for i, a := range mine {
		out.Applications[i] = p.st.wireApplication(a, now)
	}
	p.mu.Unlock()
	httpjson.Write(w, http.StatusOK, out)
}

// checkCreateApplication validates what does not depend on state.
func checkCreateApplication(req lending.CreateApplicationRequest) *problem {
	if req.CustomerID == "" || req.EligibilityCheckID == "" {
		return invalid(lending.CodeInvalidRequest, "customerId and eligibilityCheckId are required")
	}
	if req.Purpose != "" || req.PurposeText != "" {
		if perr := checkPurpose(req.Purpose, req.PurposeText, false); perr != nil {
			return perr
		}
	}
	switch req.Aggregator {
	case lending.AggregatorNone, lending.AggregatorOwn, lending.AggregatorPartner:
	default:
		return invalid(lending.CodeInvalidRequest, `aggregator must be "", "own" or "partner"`)
	}
	if req.ABChoice != nil {
		for _, c := range []struct{ name, v string }{{"abChoice.welcome", req.ABChoice.Welcome}, {"abChoice.emailConf", req.ABChoice.EmailConf}} {
			if c.v != lending.ChoiceA && c.v != lending.ChoiceB {
				return invalid(lending.CodeInvalidRequest, c.name+` must be "a" or "b"`)
			}
		}
	}
	if req.AmountPence < 0 || req.TermMonths < 0 {
		return invalid(lending.CodeInvalidRequest, "amountPence and termMonths must not be negative")
	}
	return nil
}

func (p *Provider) createApplication(w http.ResponseWriter, r *http.Request) {
	var req lending.CreateApplicationRequest
	if !decode(w, r, &req) {
		return
	}
	if perr := checkCreateApplication(req); perr != nil {
		perr.write(w)
		return
	}
	p.Idem.Do(w, r, "POST /applications", req, func() (int, any) {
		now := p.Clock.Now()
		p.mu.Lock()
		defer p.mu.Unlock()
		a, perr := p.st.newApplication(req, now)
		if perr != nil {
			return perr.status, errorBody(perr.code, perr.message)
		}
		p.stateChanged()
		return http.StatusCreated, p.st.wireApplication(a, now)
	})
}

// newApplication checks req against the state and records a new in-progress application.
func (st *state) newApplication(req lending.CreateApplicationRequest, now time.Time) (*application, *problem) {
	c, ok := st.customers[req.CustomerID]
	if !ok {
		return nil, invalid(lending.CodeCustomerNotFound, "customerId is not a customer")
	}
	if c.dateOfBirth == "" {
		return nil, invalid(lending.CodeInvalidRequest, "the customer has no dateOfBirth, which the decision needs")
	}
	check, ok := st.checks[req.EligibilityCheckID]
	if !ok {
		return nil, invalid(lending.CodeEligibilityCheckNotFound, "eligibilityCheckId is not an eligibility check")
	}
	if check.Outcome == lending.OutcomeDeclined {
		return nil, &problem{status: http.StatusConflict, code: lending.CodeEligibilityCheckDeclined,
			message: "the eligibility check was declined, so no application can follow it"}
	}
	if !now.Before(check.CheckedAt.Add(CheckValidity)) {
		return nil, &problem{status: http.StatusConflict, code: lending.CodeEligibilityCheckExpired,
			message: "the eligibility check is more than 30 days old: run a new one"}
	}
	// The loan is the one asked for at the check; a counteroffer's check opens an application at its
	// offer, which caps the loan from then on.
	amount, term := check.RequestedAmountPence, check.RequestedTermMonths
	var offer *checkOffer
	if check.Outcome == lending.OutcomeCounteroffer && check.Quote != nil {
		offer = &checkOffer{AskedPence: check.RequestedAmountPence, AskedTermMonths: check.RequestedTermMonths,
			OfferPence: check.Quote.AmountPence}
		amount, term = check.Quote.AmountPence, check.Quote.TermMonths
	}
	amount, term = orDefault(req.AmountPence, amount), orDefault(req.TermMonths, term)
	if offer != nil && amount > offer.OfferPence {
		return nil, (&application{offer: offer}).aboveOffer(amount)
	}
	q, perr := priceLoan(amount, term, nil, check.feePence(), now)
	if perr != nil {
		return nil, perr
	}
	owner := req.ApplicationOwner
	if owner == "" {
		owner = lending.DefaultBrand
	}
	if _, ok := st.brands[owner]; !ok {
		return nil, invalid(lending.CodeInvalidRequest, "applicationOwner is not a brand's clientName")
	}
	firm := ""
	if req.BrokerID != "" {
		if firm = st.brokerFirm(req.BrokerID); firm == "" {
			return nil, invalid(lending.CodeInvalidRequest, "brokerId is not a broker firm")
		}
	}
	if other := st.openApplicationOf(c.id, now); other != nil {
		return nil, &problem{status: http.StatusConflict, code: lending.CodeApplicationExists,
			message: "the customer already has an open application (" + other.id + "); start it over instead"}
	}
	ab := lending.ABChoice{Welcome: lending.ChoiceA, EmailConf: lending.ChoiceA}
	if req.ABChoice != nil {
		ab = *req.ABChoice
	}
	a := &application{
		id: newID("app_"), customerID: c.id, onePage: req.OnePage, owner: owner, aggregator: req.Aggregator,
		brokerID: req.BrokerID, brokerFirm: firm, ab: ab, checkID: check.ID, status: lending.ApplicationInProgress,
		quote: q, offer: offer, purpose: req.Purpose, purposeText: strings.TrimSpace(req.PurposeText),
		ob: lending.OpenBankingState{Status: lending.OpenBankingNone}, createdAt: now, updatedAt: now,
	}
	st.addApplication(a)
	if check.UsedBy == "" {
		check.UsedBy = a.id // a registration may not use it now (registration.go)
	}
	return a, nil
}

// openApplicationOf is the customer's open application as of now (one a referral decided since is
// settled first), nil when they have none.
func (st *state) openApplicationOf(customerID string, now time.Time) *application {
	for _, a := range st.apps.byID {
		if a.customerID == customerID && a.open() {
			st.settle(a, now)
			if a.open() {
				return a
			}
		}
	}
	return nil
}

// orDefault is v, or def when v is zero.
func orDefault[T int | int64](v, def T) T {
	if v == 0 {
		return def
	}
	return v
}

func (st *state) addApplication(a *application) {
	st.apps.seq++
	a.seq = st.apps.seq
	st.apps.byID[a.id] = a
}

// brokerFirm is the name of the broker firm with that id, "" when there is none.
func (st *state) brokerFirm(id string) string {
	for _, u := range st.portalByID {
		if u.user.BrokerID == id {
			return u.user.BrokerFirm
		}
	}
	return ""
}
