// Package applicationview shapes what the lending core recorded of an application into the API's
// words: the legacy "Application info" of spec §3, the loan and decision, the one-page status, and the
// answers of each step. Both journeys and the stages after approval show an application through it,
// so they never show different figures.
package applicationview

import (
	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
)

// Info shapes an application into spec §3's "Application info".
func Info(a lending.Application) (apigen.ApplicationInfo, error) {
	loan, err := Loan(a)
	if err != nil {
		return apigen.ApplicationInfo{}, err
	}
	dec, err := Decision(a.Decision)
	if err != nil {
		return apigen.ApplicationInfo{}, err
	}
	ops := make([]apigen.ApplicationInfoAdditionalOps, 0, len(a.AdditionalOps))
	for _, op := range a.AdditionalOps {
		ops = append(ops, apigen.ApplicationInfoAdditionalOps(op))
	}
	info := apigen.ApplicationInfo{
		ApplicationId:      a.ID,
		Uuid:               a.CustomerID,
		Status:             apigen.ApplicationStatus(a.Status),
		ApprovalStatus:     apigen.ApplicationInfoApprovalStatus(a.ApprovalStatus),
		OnePage:            a.OnePage,
		ApplicationOwner:   owner(a.ApplicationOwner),
		DecisionId:         a.DecisionID,
		ApplicationTypeId:  a.ApplicationTypeID,
		PreDispersalStatus: apigen.ApplicationInfoPreDispersalStatus(a.PreDispersalStatus),
		RegStage:           regStages(a.RegStage),
		AbChoice:           apigen.ABChoice{Welcome: a.ABChoice.Welcome, EmailConf: a.ABChoice.EmailConf},
		Aggregator:         apigen.ApplicationInfoAggregator(a.Aggregator),
		EmailVerification:  apigen.ApplicationInfoEmailVerification(a.EmailVerification),
		Loan:               loan,
		Decision:           dec,
		AdditionalOps:      ops,
	}
	info.Application.LoanPurpose = a.Purpose
	info.Application.LoanPurposeText = a.PurposeText
	info.RenderData.RenderApplicantId = a.RenderApplicantID
	return info, nil
}

// owner is the brand's clientName; the core may leave the default brand empty.
func owner(o string) string {
	if o == "" {
		return "default"
	}
	return o
}

func regStages(r lending.RegStages) apigen.RegStages {
	return apigen.RegStages{
		Welcome: r.Welcome, RentInfo: r.RentInfo, EmailConf: r.EmailConf, OpenBanking: r.OpenBanking,
		PreApproval: r.PreApproval, IncomeVerification: r.IncomeVerification, ContractSubmitted: r.ContractSubmitted,
		WaitingPage: r.WaitingPage, SetPassword: r.SetPassword, SetPhone: r.SetPhone,
		ConfirmationPayee: r.ConfirmationPayee, SetCpa: r.SetCPA, CommissionConsent: r.CommissionConsent,
		Signature: r.Signature, Idv: r.IDV, AdditionalOps: r.AdditionalOps,
	}
}

// Loan is the application's loan with whether the applicant confirmed it.
func Loan(a lending.Application) (apigen.ApplicationLoan, error) {
	q, err := loanquote.Shape(a.Quote)
	if err != nil {
		return apigen.ApplicationLoan{}, err
	}
	return apigen.ApplicationLoan{
		AmountPence: q.AmountPence, TermMonths: q.TermMonths, AnnualRatePercent: q.AnnualRatePercent,
		AprPercent: q.AprPercent, MonthlyInstalmentPence: q.MonthlyInstalmentPence,
		FinalInstalmentPence: q.FinalInstalmentPence, TotalPayablePence: q.TotalPayablePence,
		TotalInterestPence: q.TotalInterestPence, FirstDueDate: q.FirstDueDate,
		RepresentativeExample: q.RepresentativeExample,
		Confirmed:             a.JourneyMap.YourLoan.LoanValueConfirm,
	}, nil
}

// Decision shapes the lending core's decision; nil before submission.
func Decision(d *lending.Decision) (*apigen.ApplicationDecision, error) {
	if d == nil {
		return nil, nil
	}
	out := &apigen.ApplicationDecision{
		Outcome: apigen.ApplicationDecisionOutcome(d.Outcome),
		Reasons: make([]apigen.DecisionReason, 0, len(d.Reasons)),
	}
	for _, r := range d.Reasons {
		out.Reasons = append(out.Reasons, apigen.DecisionReason{Code: r.Code, Text: r.Text})
	}
	if !d.DecisionDueAt.IsZero() {
		t := d.DecisionDueAt
		out.DecisionDueAt = &t
	}
	if !d.DecidedAt.IsZero() {
		t := d.DecidedAt
		out.DecidedAt = &t
	}
	if d.Offer != nil {
		q, err := loanquote.Shape(*d.Offer)
		if err != nil {
			return nil, err
		}
		out.Counteroffer = &q
	}
	if d.Response != "" {
		r := apigen.ApplicationDecisionCounterofferResponse(d.Response)
		out.CounterofferResponse = &r
	}
	return out, nil
}

// Status is where the application stands, with its decision.
func Status(a lending.Application) (apigen.OnePageApplicationStatus, error) {
	dec, err := Decision(a.Decision)
	if err != nil {
		return apigen.OnePageApplicationStatus{}, err
	}
	return apigen.OnePageApplicationStatus{
		ApplicationId:  a.ID,
		Phase:          phase(a.Status),
		Status:         apigen.ApplicationStatus(a.Status),
		ApprovalStatus: apigen.OnePageApplicationStatusApprovalStatus(a.ApprovalStatus),
		Decision:       dec,
	}, nil
}

func phase(status string) apigen.OnePageApplicationStatusPhase {
	switch status {
	case lending.ApplicationInProgress:
		return apigen.OnePageApplicationStatusPhaseInProgress
	case lending.ApplicationReferred:
		return apigen.OnePageApplicationStatusPhaseSubmitted
	case lending.ApplicationWithdrawn:
		return apigen.OnePageApplicationStatusPhaseClosed
	default:
		return apigen.OnePageApplicationStatusPhaseDecided
	}
}

// Addresses shapes a recorded address history.
func Addresses(in []lending.AddressHistoryEntry) []apigen.AddressHistoryEntry {
	out := make([]apigen.AddressHistoryEntry, 0, len(in))
	for _, e := range in {
		a := apigen.AddressHistoryEntry{Address: Address(e.Address), Manual: e.Manual, MovedIn: e.MovedIn, Label: e.Label}
		if e.GazetteerID != "" {
			id := e.GazetteerID
			a.GazetteerId = &id
		}
		out = append(out, a)
	}
	return out
}

// Address shapes one address's parts.
func Address(a lending.Address) apigen.ApplicationAddress {
	return apigen.ApplicationAddress{Flat: a.Flat, HouseName: a.HouseName, HouseNumber: a.HouseNumber,
		Street: a.Street, Town: a.Town, County: a.County, Postcode: a.Postcode}
}

// Answers shapes recorded credit-assessment answers.
func Answers(in []lending.CreditAssessmentAnswer) []apigen.CreditAssessmentAnswer {
	out := make([]apigen.CreditAssessmentAnswer, 0, len(in))
	for _, a := range in {
		out = append(out, apigen.CreditAssessmentAnswer{QuestionId: a.QuestionID, Value: a.Value})
	}
	return out
}

// Housing shapes recorded housing details.
func Housing(h lending.HousingDetails) *apigen.HousingDetails {
	out := &apigen.HousingDetails{HousingStatus: apigen.HousingDetailsHousingStatus(h.Status), MonthlyCostPence: h.MonthlyCostPence}
	if h.PayMethod != "" {
		m := apigen.HousingDetailsPayMethod(h.PayMethod)
		out.PayMethod = &m
	}
	return out
}

// FutureIncomeChange shapes a recorded future-income-change answer.
func FutureIncomeChange(f lending.FutureIncomeChange) *apigen.FutureIncomeChange {
	out := &apigen.FutureIncomeChange{Expected: f.Expected}
	if f.Expected {
		d := apigen.FutureIncomeChangeDirection(f.Direction)
		r := apigen.FutureIncomeChangeReason(f.Reason)
		n := f.NewAnnualIncomePence
		out.Direction, out.Reason, out.NewAnnualIncomePence = &d, &r, &n
	}
	return out
}
