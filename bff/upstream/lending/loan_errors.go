package lending

import "errors"

// Error codes of the loans API, with their statuses.
const (
	CodeLoanNotFound           = "loan_not_found"             // 404
	CodeLoanSettled            = "loan_settled"               // 409: the loan is settled
	CodeLoanInArrears          = "loan_in_arrears"            // 409: not while instalments are overdue
	CodePaymentHolidayActive   = "payment_holiday_active"     // 409: a holiday is running or still to come
	CodeArrangementExists      = "arrangement_exists"         // 409: an active payment arrangement
	CodeLoanChangeNotAllowed   = "loan_change_not_allowed"    // 409: any other state that forbids the change (the message says)
	CodeQuoteNotFound          = "quote_not_found"            // 404: no such quote for this loan
	CodeQuoteExpired           = "quote_expired"              // 410
	CodeQuoteStale             = "quote_stale"                // 409: the loan changed since the quote
	CodeIdempotencyKeyRequired = "idempotency_key_required"   // 400: money-moving calls need a key
	CodeRepaymentTooLarge      = "repayment_exceeds_balance"  // 422: more than a regular repayment can take (use a settlement quote)
	CodeSettlementMismatch     = "settlement_amount_mismatch" // 422: not the settlement's total
	CodeHolidayMonthsInvalid   = "holiday_months_invalid"     // 422: not 1 to 3
	CodeDueDayInvalid          = "due_day_invalid"            // 422: not 1 to 28, or today's day
	CodeRepaymentChangeInvalid = "repayment_change_invalid"   // 422: an instalment or term that cannot repay the balance
	CodeArrangementInvalid     = "arrangement_invalid"        // 422
	CodeArrangementNotFound    = "arrangement_not_found"      // 404
	CodeStatementNotAvailable  = "statement_not_available"    // 404: no completed agreement year yet
	CodeTopUpNotFound          = "top_up_not_found"           // 404
	CodeTopUpNotEligible       = "top_up_not_eligible"        // 409: the message lists the reasons
	CodeTopUpNotOpen           = "top_up_not_open"            // 409: not approved (declined, a counteroffer not accepted, expired, drawn down)
	CodeTopUpAmountTooLow      = "top_up_amount_too_low"      // 422: the credit does not cover the settlement plus £500
)

// Errors of the loans API. Each wraps the *transport.StatusError it came from, except where a method
// says it answers without a call.
var (
	ErrLoanNotFound = errors.New("lending: loan not found")
	// ErrLoanConflict: loan_settled, loan_in_arrears, payment_holiday_active, arrangement_exists or
	// loan_change_not_allowed — the loan's state does not allow the call now (read the exact code from
	// the StatusError).
	ErrLoanConflict        = errors.New("lending: not allowed in the loan's state")
	ErrQuoteNotFound       = errors.New("lending: quote not found")
	ErrArrangementNotFound = errors.New("lending: arrangement not found")
	// ErrQuoteUnusable: quote_expired or quote_stale — ask for a new quote.
	ErrQuoteUnusable = errors.New("lending: the quote can no longer be applied")
	// ErrRepaymentRefused: repayment_exceeds_balance or settlement_amount_mismatch.
	ErrRepaymentRefused      = errors.New("lending: repayment refused")
	ErrStatementNotAvailable = errors.New("lending: statement not available")
	ErrTopUpNotFound         = errors.New("lending: top-up not found")
	ErrTopUpNotEligible      = errors.New("lending: not eligible for a top-up")
	ErrTopUpNotOpen          = errors.New("lending: the top-up is not open for that")
)

// loanCodeErrors extends codeErrors with the loans API's codes.
var loanCodeErrors = map[string]error{
	CodeLoanNotFound:           ErrLoanNotFound,
	CodeLoanSettled:            ErrLoanConflict,
	CodeLoanInArrears:          ErrLoanConflict,
	CodePaymentHolidayActive:   ErrLoanConflict,
	CodeArrangementExists:      ErrLoanConflict,
	CodeLoanChangeNotAllowed:   ErrLoanConflict,
	CodeQuoteNotFound:          ErrQuoteNotFound,
	CodeQuoteExpired:           ErrQuoteUnusable,
	CodeQuoteStale:             ErrQuoteUnusable,
	CodeIdempotencyKeyRequired: ErrInvalidRequest,
	CodeRepaymentTooLarge:      ErrRepaymentRefused,
	CodeSettlementMismatch:     ErrRepaymentRefused,
	CodeHolidayMonthsInvalid:   ErrInvalidRequest,
	CodeDueDayInvalid:          ErrInvalidRequest,
	CodeRepaymentChangeInvalid: ErrInvalidRequest,
	CodeArrangementInvalid:     ErrInvalidRequest,
	CodeArrangementNotFound:    ErrArrangementNotFound,
	CodeStatementNotAvailable:  ErrStatementNotAvailable,
	CodeTopUpNotFound:          ErrTopUpNotFound,
	CodeTopUpNotEligible:       ErrTopUpNotEligible,
	CodeTopUpNotOpen:           ErrTopUpNotOpen,
	CodeTopUpAmountTooLow:      ErrOutOfBounds,
}

func init() {
	for code, err := range loanCodeErrors {
		codeErrors[code] = err
	}
}
