package credit

import (
	"fmt"
	"math"
	"time"
)

// Deferral chooses the regulation 6 deferral of the settlement date.
type Deferral int

const (
	// NoDeferral: the settlement date is 28 days after the request.
	NoDeferral Deferral = iota
	// DeferOneMonth defers the settlement date by one calendar month
	// (clamped to month end), where more than a year would still run.
	DeferOneMonth
	// DeferThirtyDays defers it by 30 days, on the same condition.
	DeferThirtyDays
)

// SettlementNoticeDays is the regulation 5 period from request to settlement
// date.
const SettlementNoticeDays = 28

// Repayment is a scheduled repayment of credit (with its charges) and its due
// date.
type Repayment struct {
	DueDate     time.Time `json:"dueDate"`
	AmountPence int64     `json:"amountPence"`
}

// Repayments pairs a schedule's payments with their due dates, given the
// loan's first due date.
func Repayments(rows []Instalment, firstDue time.Time) []Repayment {
	out := make([]Repayment, len(rows))
	for i, r := range rows {
		out[i] = Repayment{DueDate: DueDate(firstDue, r.MonthOffset), AmountPence: r.Payment}
	}
	return out
}

// SettlementRequest asks for an early-settlement figure.
type SettlementRequest struct {
	// CreditProvidedPence is the credit advanced to the borrower on
	// DrawdownDate (the loan amount, excluding a fee added to the loan).
	CreditProvidedPence int64
	DrawdownDate        time.Time
	// Repayments is the full contractual schedule, in due-date order.
	Repayments []Repayment
	// APR is the APR stated in the agreement (one decimal place, e.g. 820).
	APR Rate
	// RequestDate is when the borrower asked to settle.
	RequestDate time.Time
	Deferral    Deferral
}

// SettlementQuote is the early-settlement figure. Amounts are pence.
type SettlementQuote struct {
	RequestDate    time.Time `json:"requestDate"`
	SettlementDate time.Time `json:"settlementDate"`
	// Deferred is true when a regulation 6 deferral was asked for and
	// applied.
	Deferred bool `json:"deferred"`
	// DueBeforeSettlement are repayments due after the request date but on
	// or before the settlement date: still payable as normal.
	DueBeforeSettlement      []Repayment `json:"dueBeforeSettlement"`
	DueBeforeSettlementPence int64       `json:"dueBeforeSettlementPence"`
	// RemainingRepayments falling due after the settlement date, and their
	// total: what would be paid without early settlement.
	RemainingRepayments     int   `json:"remainingRepayments"`
	RemainingScheduledPence int64 `json:"remainingScheduledPence"`
	// SettlementAmountPence is payable on the settlement date in place of
	// the remaining repayments; RebatePence = remaining − settlement.
	SettlementAmountPence int64  `json:"settlementAmountPence"`
	RebatePence           int64  `json:"rebatePence"`
	APR                   Rate   `json:"aprBasisPoints"`
	APRPercent            string `json:"aprPercent"`
}

// Settle computes the early-settlement amount and rebate per the Consumer
// Credit (Early Settlement) Regulations 2004; see the package documentation
// for the conventions.
func Settle(req SettlementRequest) (SettlementQuote, error) {
	if req.CreditProvidedPence <= 0 || len(req.Repayments) == 0 {
		return SettlementQuote{}, fmt.Errorf("%w: settlement needs positive credit and a schedule", ErrInvalidInput)
	}
	if req.APR < 0 {
		return SettlementQuote{}, fmt.Errorf("%w: negative APR", ErrInvalidInput)
	}
	drawdown, request := civil(req.DrawdownDate), civil(req.RequestDate)
	if request.Before(drawdown) {
		return SettlementQuote{}, fmt.Errorf("%w: request date %s is before drawdown %s", ErrInvalidInput, request.Format(time.DateOnly), drawdown.Format(time.DateOnly))
	}
	prev := drawdown
	for _, r := range req.Repayments {
		d := civil(r.DueDate)
		if d.Before(prev) || r.AmountPence < 0 {
			return SettlementQuote{}, fmt.Errorf("%w: repayments must be non-negative and in due-date order from drawdown", ErrInvalidInput)
		}
		prev = d
	}
	final := civil(req.Repayments[len(req.Repayments)-1].DueDate)

	settlement := request.AddDate(0, 0, SettlementNoticeDays)
	deferred := false
	if req.Deferral != NoDeferral && AddMonths(settlement, 12).Before(final) {
		deferred = true
		if req.Deferral == DeferOneMonth {
			settlement = AddMonths(settlement, 1)
		} else {
			settlement = settlement.AddDate(0, 0, 30)
		}
	}

	q := SettlementQuote{RequestDate: request, SettlementDate: settlement, Deferred: deferred, APR: req.APR, APRPercent: req.APR.OneDecimal()}
	base := 1 + float64(req.APR)/10000
	// Regulation 4: Σ A_i (1+r)^a_i − Σ B_j (1+r)^b_j, times to the settlement date.
	value := float64(req.CreditProvidedPence) * math.Pow(base, YearsBetween(drawdown, settlement))
	for _, r := range req.Repayments {
		d := civil(r.DueDate)
		if d.After(settlement) {
			q.RemainingRepayments++
			q.RemainingScheduledPence += r.AmountPence
			continue
		}
		value -= float64(r.AmountPence) * math.Pow(base, YearsBetween(d, settlement))
		if d.After(request) {
			q.DueBeforeSettlement = append(q.DueBeforeSettlement, Repayment{DueDate: d, AmountPence: r.AmountPence})
			q.DueBeforeSettlementPence += r.AmountPence
		}
	}
	if q.RemainingRepayments == 0 {
		return SettlementQuote{}, ErrNothingToSettle
	}
	amount := int64(math.Floor(value + 0.5)) // half-up to the penny
	q.SettlementAmountPence = min(max(amount, 0), q.RemainingScheduledPence)
	q.RebatePence = q.RemainingScheduledPence - q.SettlementAmountPence
	return q, nil
}
