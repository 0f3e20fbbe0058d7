package lending

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
	"lender/sandbox/lending/gazetteer"
)

// The journey steps before submission. Each validates its body first (422 with the field's name),
// then, under the lock, checks the application's status (409) and records its facts; the journey
// flags follow from the facts (application.go).

var (
	payMethods = []string{lending.PayDirectDebit, lending.PayStandingOrder, lending.PayBankTransfer, lending.PayCard,
		lending.PayCash}
	employmentStatuses = []string{lending.EmploymentFullTime, lending.EmploymentPartTime, lending.EmploymentSelfEmployed,
		lending.EmploymentRetired, lending.EmploymentStudent, lending.EmploymentUnemployed, lending.EmploymentHomemaker,
		lending.EmploymentOther}
	payFrequencies = []string{lending.PayWeekly, lending.PayFortnightly, lending.PayFourWeekly, lending.PayMonthly,
		lending.PayIrregular}
	incomeChangeReasons = []string{lending.IncomeChangeRetirement, lending.IncomeChangeRedundancy,
		lending.IncomeChangeNewJob, lending.IncomeChangeReducedHours, lending.IncomeChangeParentalLeave,
		lending.IncomeChangeHealth, lending.IncomeChangeOther}
)

func oneOf(field, v string, allowed []string) *problem {
	if !slices.Contains(allowed, v) {
		return invalid(lending.CodeInvalidRequest, field+" must be one of "+strings.Join(allowed, ", "))
	}
	return nil
}

// purposeComplete: a purpose, with its text when it is "other".
func purposeComplete(purpose, text string) bool {
	return purpose != "" && (purpose != lending.PurposeOther || strings.TrimSpace(text) != "")
}

// checkPurpose validates a purpose; needText requires the text of "other".
func checkPurpose(purpose, text string, needText bool) *problem {
	if perr := oneOf("purpose", purpose, purposes); perr != nil {
		return perr
	}
	if !validText(text, lending.MaxPurposeText) {
		return invalid(lending.CodeInvalidRequest, fmt.Sprintf("purposeText must be at most %d characters of text", lending.MaxPurposeText))
	}
	if needText && purpose == lending.PurposeOther && strings.TrimSpace(text) == "" {
		return invalid(lending.CodeInvalidRequest, `purposeText is required when purpose is "other"`)
	}
	return nil
}

func checkHousing(h lending.HousingDetails) *problem {
	if perr := oneOf("status", h.Status, housingStatuses); perr != nil {
		return perr
	}
	if h.MonthlyCostPence < 0 || h.MonthlyCostPence > maxHousingPence {
		return invalid(lending.CodeInvalidRequest, "monthlyCostPence must be between 0 and 10000000")
	}
	if h.MonthlyCostPence == 0 && h.PayMethod != "" {
		return invalid(lending.CodeInvalidRequest, "payMethod must be empty when monthlyCostPence is 0")
	}
	if h.MonthlyCostPence > 0 {
		if perr := oneOf("payMethod", h.PayMethod, payMethods); perr != nil {
			return perr
		}
	}
	return nil
}

// parseMonth parses YYYY-MM as the first day of that month, UTC.
func parseMonth(s string) (time.Time, bool) {
	t, err := time.Parse("2006-01", s)
	return t, err == nil && len(s) == 7
}

// historyStart is the month an address history must reach back to on now's date: the same calendar
// month AddressHistoryYears years ago.
func historyStart(now time.Time) time.Time {
	return time.Date(now.Year()-lending.AddressHistoryYears, now.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// coversHistory: the oldest address was moved into no later than historyStart.
func coversHistory(h []lending.AddressHistoryEntry, now time.Time) bool {
	if len(h) == 0 {
		return false
	}
	oldest, ok := parseMonth(h[len(h)-1].MovedIn)
	return ok && !oldest.After(historyStart(now))
}

// checkAddressHistory validates an address history and resolves its gazetteer ids. A history that
// does not yet reach back 3 years is accepted (the journey may add addresses one at a time); it just
// leaves the address step undone.
func checkAddressHistory(req lending.AddressHistoryRequest, now time.Time) ([]lending.AddressHistoryEntry, *problem) {
	if len(req.Addresses) == 0 || len(req.Addresses) > lending.MaxAddresses {
		return nil, invalid(lending.CodeInvalidRequest, fmt.Sprintf("addresses must hold 1 to %d addresses, the current one first", lending.MaxAddresses))
	}
	thisMonth := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	out := make([]lending.AddressHistoryEntry, len(req.Addresses))
	var later time.Time
	for i, in := range req.Addresses {
		field := fmt.Sprintf("addresses[%d]", i)
		month, ok := parseMonth(in.MovedIn)
		if !ok {
			return nil, invalid(lending.CodeInvalidRequest, field+".movedIn must be a month as YYYY-MM")
		}
		if month.After(thisMonth) {
			return nil, invalid(lending.CodeInvalidRequest, field+".movedIn must not be in the future")
		}
		if i > 0 && !month.Before(later) {
			return nil, invalid(lending.CodeInvalidRequest, fmt.Sprintf("%s.movedIn must be before addresses[%d].movedIn: list the current address first", field, i-1))
		}
		later = month
		e := lending.AddressHistoryEntry{MovedIn: in.MovedIn}
		switch {
		case (in.GazetteerID == "") == (in.Address == nil):
			return nil, invalid(lending.CodeInvalidRequest, field+" needs exactly one of gazetteerId and address")
		case in.GazetteerID != "":
			g, ok := gazetteer.Find(in.GazetteerID)
			if !ok {
				return nil, invalid(lending.CodeInvalidRequest, field+".gazetteerId is not a gazetteer address")
			}
			e.Address, e.GazetteerID, e.Label = g.Address, g.ID, g.Label
		default:
			a, perr := checkAddress(*in.Address)
			if perr != nil { // name the entry: "addresses[1].postcode is not …"
				perr.message = strings.ReplaceAll(perr.message, "address.", field+".")
				if rest, ok := strings.CutPrefix(perr.message, "address "); ok {
					perr.message = field + " " + rest
				}
				return nil, perr
			}
			e.Address, e.Manual, e.Label = a, true, gazetteer.Label(a)
		}
		out[i] = e
	}
	return out, nil
}

func checkIncome(in lending.Income) *problem {
	if in.AnnualIncomePence < 0 || in.AnnualIncomePence > maxIncomePence {
		return invalid(lending.CodeInvalidRequest, "annualIncomePence must be between 0 and 1000000000")
	}
	if perr := oneOf("employmentStatus", in.EmploymentStatus, employmentStatuses); perr != nil {
		return perr
	}
	return oneOf("payFrequency", in.PayFrequency, payFrequencies)
}

func checkFutureIncomeChange(fc lending.FutureIncomeChange) *problem {
	if !fc.Expected {
		if fc.Direction != "" || fc.Reason != "" || fc.NewAnnualIncomePence != 0 {
			return invalid(lending.CodeInvalidRequest, "direction, reason and newAnnualIncomePence must be empty when expected is false")
		}
		return nil
	}
	if perr := oneOf("direction", fc.Direction, []string{lending.IncomeIncrease, lending.IncomeDecrease}); perr != nil {
		return perr
	}
	if perr := oneOf("reason", fc.Reason, incomeChangeReasons); perr != nil {
		return perr
	}
	if fc.NewAnnualIncomePence < 0 || fc.NewAnnualIncomePence > maxIncomePence {
		return invalid(lending.CodeInvalidRequest, "newAnnualIncomePence must be between 0 and 1000000000")
	}
	return nil
}

// checkAnswers validates credit-assessment answers against the questionnaire, in its order.
func checkAnswers(answers []lending.CreditAssessmentAnswer) ([]lending.CreditAssessmentAnswer, *problem) {
	byID := map[string]string{}
	for i, an := range answers {
		if _, dup := byID[an.QuestionID]; dup {
			return nil, invalid(lending.CodeInvalidRequest, fmt.Sprintf("answers[%d] answers %s a second time", i, an.QuestionID))
		}
		byID[an.QuestionID] = an.Value
	}
	var out []lending.CreditAssessmentAnswer
	for _, q := range creditAssessmentQuestions() {
		v, ok := byID[q.ID]
		delete(byID, q.ID)
		if !ok {
			if q.Required {
				return nil, invalid(lending.CodeInvalidRequest, "answers must answer "+q.ID)
			}
			continue
		}
		if perr := checkAnswer(q, v); perr != nil {
			return nil, perr
		}
		out = append(out, lending.CreditAssessmentAnswer{QuestionID: q.ID, Value: v})
	}
	for id := range byID {
		return nil, invalid(lending.CodeInvalidRequest, "answers names "+strconv.Quote(id)+", which is not a question")
	}
	return out, nil
}

func checkAnswer(q lending.CreditAssessmentQuestion, v string) *problem {
	bad := func(rule string) *problem {
		return invalid(lending.CodeInvalidRequest, "the answer to "+q.ID+" must be "+rule)
	}
	switch q.Type {
	case lending.QuestionBoolean:
		if v != "yes" && v != "no" {
			return bad(`"yes" or "no"`)
		}
	case lending.QuestionChoice:
		if !slices.ContainsFunc(q.Options, func(o lending.Choice) bool { return o.Code == v }) {
			codes := make([]string, len(q.Options))
			for i, o := range q.Options {
				codes[i] = o.Code
			}
			return bad("one of " + strings.Join(codes, ", "))
		}
	case lending.QuestionAmount:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > maxHousingPence || strings.TrimLeft(v, "0123456789") != "" {
			return bad("whole pence from 0 to 10000000, such as \"25000\"")
		}
	}
	return nil
}

// validToken: an id another provider issued (letters, digits, '_' and '-', 1 to 64).
func validToken(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	})
}

func checkOpenBanking(u lending.OpenBankingUpdate) *problem {
	switch u.Status {
	case lending.OpenBankingLinked:
		if !validToken(u.ConsentID) {
			return invalid(lending.CodeInvalidRequest, "consentId must be the open-banking consent's id (letters, digits, '_' and '-')")
		}
	case lending.OpenBankingSkipped:
		if u.ConsentID != "" {
			return invalid(lending.CodeInvalidRequest, "consentId must be empty when the step is skipped")
		}
	default:
		return invalid(lending.CodeInvalidRequest, `status must be "linked" or "skipped"`)
	}
	return nil
}

// decodeAction reads the body of an action that takes none: empty or {}.
func decodeAction(w http.ResponseWriter, r *http.Request, req *struct{}) bool {
	if err := httpjson.Decode(w, r, req); err != nil && !errors.Is(err, io.EOF) {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeBadRequest, "the body must be empty or {}")
		return false
	}
	return true
}

// step decodes a body into req, validates it, and runs apply on the path's application.
func step[T any](p *Provider, w http.ResponseWriter, r *http.Request, check func(T) *problem, apply func(a *application, req T, now time.Time) (any, *problem)) {
	var req T
	if !decode(w, r, &req) {
		return
	}
	if check != nil {
		if perr := check(req); perr != nil {
			perr.write(w)
			return
		}
	}
	p.withApplication(w, r, func(a *application, now time.Time) (any, *problem) {
		body, perr := apply(a, req, now)
		if perr == nil {
			a.updatedAt = now
		}
		return body, perr
	})
}

// confirmLoan records the loan as confirmed, re-pricing it when the amount or term changes. After
// approval (the change_loan operation) the amount may only go down, and the signature and the
// commission consent are cleared: the agreement's figures changed. An application that took an
// eligibility check's counteroffer keeps its loan within the offer.
func (p *Provider) confirmLoan(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.ConfirmLoanRequest) *problem {
		if req.AmountPence < 0 || req.TermMonths < 0 {
			return invalid(lending.CodeInvalidRequest, "amountPence and termMonths must not be negative")
		}
		return nil
	}, func(a *application, req lending.ConfirmLoanRequest, now time.Time) (any, *problem) {
		if perr := a.editable(lending.OpChangeLoan, "the loan"); perr != nil {
			return nil, perr
		}
		amount, term := orDefault(req.AmountPence, a.quote.AmountPence), orDefault(req.TermMonths, a.quote.TermMonths)
		if a.status == lending.ApplicationApproved && amount > a.quote.AmountPence {
			return nil, invalid(lending.CodeAmountAboveApproved, "amountPence must be at most the loan as approved, "+credit.FormatPounds(a.quote.AmountPence))
		}
		if perr := a.aboveOffer(amount); perr != nil {
			return nil, perr
		}
		if amount != a.quote.AmountPence || term != a.quote.TermMonths {
			q, perr := priceLoan(amount, term, nil, a.quote.FeePence, now)
			if perr != nil {
				return nil, perr
			}
			a.quote = q
			if a.status == lending.ApplicationApproved {
				a.clearSignature()
				a.commissionConsented = time.Time{}
			}
		}
		a.loanConfirmedAt = now
		if a.status == lending.ApplicationApproved {
			a.completeOp(lending.OpChangeLoan)
		}
		return nil, nil
	})
}

func (p *Provider) recordEmailVerified(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.EmailVerificationRequest) *problem {
		if _, ok := normaliseEmail(req.Email); !ok {
			return invalid(lending.CodeEmailInvalid, "email must be one e-mail address such as jo@example.com")
		}
		return nil
	}, func(a *application, req lending.EmailVerificationRequest, now time.Time) (any, *problem) {
		if perr := a.editable("", "the e-mail verification"); perr != nil {
			return nil, perr
		}
		email, _ := normaliseEmail(req.Email)
		c := p.st.customers[a.customerID]
		if c == nil || c.email != email {
			return nil, invalid(lending.CodeEmailMismatch, "email is not the customer's e-mail address")
		}
		if a.emailVerifiedAt.IsZero() {
			a.emailVerifiedAt = now
		}
		c.provisional = false // the address is proved: the customer is settled
		return nil, nil
	})
}

func (p *Provider) updatePurpose(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.PurposeRequest) *problem {
		return checkPurpose(req.Purpose, req.PurposeText, true)
	}, func(a *application, req lending.PurposeRequest, _ time.Time) (any, *problem) {
		if perr := a.editable("", "the purpose"); perr != nil {
			return nil, perr
		}
		a.purpose, a.purposeText = req.Purpose, strings.TrimSpace(req.PurposeText)
		return nil, nil
	})
}

func (p *Provider) updateHousing(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, checkHousing, func(a *application, req lending.HousingDetails, _ time.Time) (any, *problem) {
		if perr := a.editable("", "the housing details"); perr != nil {
			return nil, perr
		}
		a.housing = &req
		return nil, nil
	})
}

func (p *Provider) updateAddresses(w http.ResponseWriter, r *http.Request) {
	var entries []lending.AddressHistoryEntry
	step(p, w, r, func(req lending.AddressHistoryRequest) *problem {
		var perr *problem
		entries, perr = checkAddressHistory(req, p.Clock.Now())
		return perr
	}, func(a *application, _ lending.AddressHistoryRequest, now time.Time) (any, *problem) {
		if perr := a.editable(lending.OpAddress, "the address history"); perr != nil {
			return nil, perr
		}
		a.addresses = entries
		if a.status == lending.ApplicationApproved && coversHistory(entries, now) {
			a.completeOp(lending.OpAddress)
		}
		return nil, nil
	})
}

func (p *Provider) updateIncome(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, checkIncome, func(a *application, req lending.Income, _ time.Time) (any, *problem) {
		if perr := a.editable("", "the income"); perr != nil {
			return nil, perr
		}
		a.income = &req
		return nil, nil
	})
}

func (p *Provider) updateFutureIncomeChange(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, checkFutureIncomeChange, func(a *application, req lending.FutureIncomeChange, _ time.Time) (any, *problem) {
		if perr := a.editable("", "the future income change"); perr != nil {
			return nil, perr
		}
		a.future = &req
		return nil, nil
	})
}

func (p *Provider) answerCreditAssessment(w http.ResponseWriter, r *http.Request) {
	var answers []lending.CreditAssessmentAnswer
	step(p, w, r, func(req lending.CreditAssessmentRequest) *problem {
		var perr *problem
		answers, perr = checkAnswers(req.Answers)
		return perr
	}, func(a *application, _ lending.CreditAssessmentRequest, _ time.Time) (any, *problem) {
		if perr := a.editable("", "the credit-assessment answers"); perr != nil {
			return nil, perr
		}
		a.answers = answers
		return nil, nil
	})
}

func (p *Provider) updateOpenBanking(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, checkOpenBanking, func(a *application, req lending.OpenBankingUpdate, now time.Time) (any, *problem) {
		op := lending.OpOpenBanking
		if req.Status == lending.OpenBankingSkipped {
			op = "" // the open_banking operation asks for a bank, so skipping does not satisfy it
		}
		if perr := a.editable(op, "the open-banking step"); perr != nil {
			return nil, perr
		}
		a.ob = lending.OpenBankingState{Status: req.Status, ConsentID: req.ConsentID, UpdatedAt: now}
		if a.status == lending.ApplicationApproved {
			a.completeOp(lending.OpOpenBanking)
		}
		return nil, nil
	})
}

// startOver answers a new application for the same customer, check, journey, brand, aggregator,
// broker and A/B choices, with the same loan re-priced today, unconfirmed, and every step to do again.
// It follows either an open application (not yet drawn down), which it withdraws (start_over), or one
// its applicant closed (withdrawn because they changed their mind or declined a counteroffer) that
// nothing has followed yet: that withdrawal keeps its reason and time and names the new application
// in ReplacedBy. The check is not re-validated: starting over is not a new soft search, and the new
// application is decided afresh at its own submission.
func (p *Provider) startOver(w http.ResponseWriter, r *http.Request) {
	var req struct{}
	if !decodeAction(w, r, &req) {
		return
	}
	id := r.PathValue("id")
	p.Idem.Do(w, r, "POST /applications/"+id+"/start-over", req, func() (int, any) {
		now := p.Clock.Now()
		p.mu.Lock()
		defer p.mu.Unlock()
		old, perr := p.st.application(id, now)
		if perr == nil {
			perr = p.st.startOverRefusal(old, now)
		}
		if perr != nil {
			return perr.status, errorBody(perr.code, perr.message)
		}
		q, _ := priceLoan(old.quote.AmountPence, old.quote.TermMonths, nil, old.quote.FeePence, now) // priced before: within bounds
		a := &application{
			id: newID("app_"), customerID: old.customerID, onePage: old.onePage, owner: old.owner,
			aggregator: old.aggregator, brokerID: old.brokerID, brokerFirm: old.brokerFirm, ab: old.ab, checkID: old.checkID,
			status: lending.ApplicationInProgress, quote: q, offer: old.offer,
			ob: lending.OpenBankingState{Status: lending.OpenBankingNone}, createdAt: now, updatedAt: now,
		}
		if old.open() {
			old.status = lending.ApplicationWithdrawn
			old.withdrawal = &lending.Withdrawal{Reason: lending.WithdrawnStartOver, At: now, ReplacedBy: a.id}
		} else {
			closed := *old.withdrawal
			closed.ReplacedBy = a.id
			old.withdrawal = &closed
		}
		old.updatedAt = now
		p.st.addApplication(a)
		p.stateChanged()
		return http.StatusCreated, p.st.wireApplication(a, now)
	})
}

// reopenableWithdrawals are the withdrawals a new application may follow: the applicant's own choices.
// A declined application cannot be followed this way (lending policy), nor a drawn-down one (it is a
// loan now), nor one started over already.
var reopenableWithdrawals = []string{lending.WithdrawnApplicantChangedMind, lending.WithdrawnCounterofferDeclined}

// startOverRefusal says why old cannot be started over; nil when it can. Under p.mu.
func (st *state) startOverRefusal(old *application, now time.Time) *problem {
	if old.open() {
		return nil
	}
	if old.status != lending.ApplicationWithdrawn || old.withdrawal == nil || !slices.Contains(reopenableWithdrawals, old.withdrawal.Reason) {
		return conflict(old, "only an open application, or one its applicant withdrew or closed by declining a counteroffer, can be started over")
	}
	if old.withdrawal.ReplacedBy != "" {
		return conflict(old, "it has been started over already, by "+old.withdrawal.ReplacedBy)
	}
	if other := st.openApplicationOf(old.customerID, now); other != nil {
		return &problem{status: http.StatusConflict, code: lending.CodeApplicationExists,
			message: "the customer already has an open application (" + other.id + "); start it over instead"}
	}
	return nil
}
