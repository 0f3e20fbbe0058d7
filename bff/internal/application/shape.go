package application

import (
	"lender/bff/internal/apigen"
	"lender/bff/internal/quote"
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
	q, err := quote.LoanQuote(a.Quote)
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
		q, err := quote.LoanQuote(*d.Offer)
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
