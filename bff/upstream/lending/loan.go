package lending

import "time"

// Loan statuses. A loan's status is derived from its schedule and payments on the lending core's
// clock whenever it is read: instalments fall due as time passes, so a loan moves from active to
// in_arrears without any call.
const (
	// LoanStatusActive: every instalment due so far is paid.
	LoanStatusActive = "active"
	// LoanStatusInArrears: at least one instalment is past its due date and not fully paid. Arrears
	// win over a payment holiday: the borrower has money to pay either way.
	LoanStatusInArrears = "in_arrears"
	// LoanStatusPaymentHoliday: today falls in a payment holiday (the payment periods whose
	// instalments were deferred).
	LoanStatusPaymentHoliday = "payment_holiday"
	// LoanStatusSettled: nothing is owed: repaid in full, settled early, or settled by a top-up.
	LoanStatusSettled = "settled"
)

// How a settled loan was settled (Loan.SettledBy).
const (
	SettledByFinalInstalment = "final_instalment" // every instalment paid
	SettledBySettlement      = "settlement"       // early settlement by a settlement repayment
	SettledByTopUp           = "top_up"           // consolidated into a new loan at its drawdown
)

// Repayment methods.
const (
	RepaymentMethodCard = "card" // a card payment the borrower made (hosted checkout or a card on file)
	RepaymentMethodCPA  = "cpa"  // collected under the continuous payment authority (a recurring payment)
	RepaymentMethodBank = "bank" // a bank transfer or open-banking payment
	// RepaymentMethodTopUp appears only on transactions: the old loan of a top-up settled from the
	// new loan's credit. It cannot be recorded through POST /loans/{id}/repayments.
	RepaymentMethodTopUp = "top_up"
)

// Repayment types.
const (
	RepaymentTypeRegular    = "regular"    // allocated to arrears, the next instalment, then the balance
	RepaymentTypeSettlement = "settlement" // pays a settlement quote's total and settles the loan
)

// Transaction types. AmountPence is signed: positive adds to what the borrower owes, negative pays it
// down.
const (
	TransactionDrawdown = "drawdown" // the credit paid out
	TransactionFee      = "fee"      // a fee added to the loan at drawdown
	TransactionInterest = "interest" // interest charged on an instalment's due date (also in a holiday)
	// TransactionRepayment is a regular repayment.
	TransactionRepayment = "repayment"
	// TransactionSettlement is the repayment that settled the loan early (or the top-up's transfer).
	TransactionSettlement = "settlement"
	// TransactionSettlementAdjustment brings the balance to the settlement figure: the interest from
	// the last due date to the settlement date under the Consumer Credit (Early Settlement)
	// Regulations 2004, net of the instalments it replaces.
	TransactionSettlementAdjustment = "settlement_adjustment"
)

// Schedule row kinds and statuses.
const (
	InstalmentKindInstalment = "instalment"
	InstalmentKindHoliday    = "holiday" // a deferred month: nothing to pay, interest added

	InstalmentPaid     = "paid"
	InstalmentPartPaid = "part_paid" // not yet due, part paid in advance
	InstalmentOverdue  = "overdue"   // past due and not fully paid: arrears
	InstalmentDue      = "due"       // due today
	InstalmentUpcoming = "upcoming"
	InstalmentDeferred = "deferred" // a payment-holiday month
)

// Deferrals of the settlement date (regulation 6).
const (
	DeferralNone       = "none"
	DeferralOneMonth   = "one_month"
	DeferralThirtyDays = "thirty_days"
)

// Repayment-change kinds.
const (
	RepaymentChangeDueDay     = "due_day"    // a new day of the month for the next instalments
	RepaymentChangeInstalment = "instalment" // a chosen instalment; the term follows
	RepaymentChangeTerm       = "term"       // a chosen number of remaining instalments; the instalment follows
)

// Payment-arrangement types and statuses.
const (
	ArrangementReduced = "reduced" // a reduced monthly amount, less than the contractual instalment
	ArrangementToken   = "token"   // a token payment of £1 to £10 a month

	ArrangementActive    = "active"
	ArrangementCompleted = "completed" // every planned payment made, the arrears cleared, or the loan settled
	ArrangementBreached  = "breached"  // a planned payment was missed

	PlannedPaymentPaid     = "paid"
	PlannedPaymentPartPaid = "part_paid"
	PlannedPaymentMissed   = "missed"
	PlannedPaymentDue      = "due" // due today
	PlannedPaymentUpcoming = "upcoming"
)

// Top-up statuses and drawdown statuses.
const (
	TopUpApproved     = "approved"     // an offer at the amount asked for (or an accepted counteroffer)
	TopUpCounteroffer = "counteroffer" // an offer at a lower amount, waiting for the borrower's decision
	TopUpDeclined     = "declined"
	TopUpWithdrawn    = "withdrawn" // the borrower turned the counteroffer down
	TopUpExpired      = "expired"   // the offer lapsed (30 days) before drawdown
	TopUpDrawnDown    = "drawn_down"

	DrawdownPending = "pending"  // the new loan is open, the cash is on its way
	DrawdownPaidOut = "paid_out" // the cash reached the borrower's account
)

// Top-up rules and limits.
const (
	// TopUpMinInstalmentsPaid is how many instalments of the current loan must be paid.
	TopUpMinInstalmentsPaid = 6
	// TopUpMinCashPence is the least new money a top-up pays out after settling the current loan.
	TopUpMinCashPence int64 = 500_00
	// TopUpPayoutDelay is how long a top-up drawdown stays pending on the lending core's clock.
	TopUpPayoutDelay = 2 * time.Minute
)

// Top-up ineligibility reasons (TopUpEligibility.Reasons[].Code).
const (
	TopUpReasonNoActiveLoan       = "no_active_loan"
	TopUpReasonInArrears          = "in_arrears"
	TopUpReasonPaymentHoliday     = "payment_holiday"
	TopUpReasonArrangement        = "payment_arrangement"
	TopUpReasonTooFewPayments     = "too_few_payments"
	TopUpReasonSettlementTooLarge = "settlement_too_large"
)

// Payment-arrangement limits.
const (
	ArrangementMaxMonths              = 12
	ArrangementMinTokenPence    int64 = 1_00
	ArrangementMaxTokenPence    int64 = 10_00
	ArrangementMaxStartDelayDay       = 31 // the first planned payment is at most this many days ahead
)

// LoanQuoteTTL is how long a payment-holiday or repayment-change quote can be applied.
const LoanQuoteTTL = 24 * time.Hour

// LoanChangeIntervalDays is how many days after the day a payment holiday or a repayment change is
// applied the next one may be asked for: one change to a loan's repayments in any such period
// (Loan.ChangesAllowedFrom; 409 loan_change_not_allowed before then).
const LoanChangeIntervalDays = 90

// CreateLoanRequest is the body of POST /loans: either ApplicationID (an application that is
// ready_for_drawdown: approved, signed, payee and CPA in place) or CustomerID with the loan's terms (a
// sandbox and back-office path: priced like a quote, rate from the table when AnnualRatePercent is nil).
type CreateLoanRequest struct {
	ApplicationID     string   `json:"applicationId,omitempty"`
	CustomerID        string   `json:"customerId,omitempty"`
	AmountPence       int64    `json:"amountPence,omitempty"`
	TermMonths        int      `json:"termMonths,omitempty"`
	AnnualRatePercent *Percent `json:"annualRatePercent,omitempty"`
	FeePence          int64    `json:"feePence,omitempty"`
}

// Loan is a loan account's summary, computed on the lending core's clock (AsOf).
type Loan struct {
	ID            string `json:"id"`
	CustomerID    string `json:"customerId"`
	ApplicationID string `json:"applicationId,omitempty"` // the application it was drawn down from
	TopUpID       string `json:"topUpId,omitempty"`       // the top-up that opened it
	Status        string `json:"status"`                  // one of the LoanStatus… constants

	AmountPence int64 `json:"amountPence"` // credit provided
	FeePence    int64 `json:"feePence"`
	CreditPence int64 `json:"creditPence"` // amount + fee: what interest accrues on
	TermMonths  int   `json:"termMonths"`  // the term agreed at drawdown
	// AnnualRatePercent is the fixed nominal rate; APRPercent the APR stated in the agreement.
	AnnualRatePercent      string `json:"annualRatePercent"`
	AnnualRateBasisPoints  int64  `json:"annualRateBasisPoints"`
	APRPercent             string `json:"aprPercent"`
	APRBasisPoints         int64  `json:"aprBasisPoints"`
	MonthlyInstalmentPence int64  `json:"monthlyInstalmentPence"` // the current level instalment

	DrawdownDate string `json:"drawdownDate"`
	FirstDueDate string `json:"firstDueDate"`
	FinalDueDate string `json:"finalDueDate"` // of the current schedule
	// FinalInstalmentPence is the last instalment of the current schedule, as scheduled.
	FinalInstalmentPence int64 `json:"finalInstalmentPence"`
	// DueDayOfMonth is the day instalments fall due on (the drawdown day until a repayment-date
	// change; a shorter month uses its last day).
	DueDayOfMonth int `json:"dueDayOfMonth"`

	// BalancePence is what is owed today: the credit plus the interest charged so far (on each due
	// date) less everything paid. It is not a settlement figure (ask for a settlement quote).
	BalancePence int64 `json:"balancePence"`
	// MaxRepaymentPence is the most a regular repayment can be today: the arrears, the current
	// instalment and an overpayment that leaves at least a penny of principal (a payment of more is
	// refused, repayment_exceeds_balance: repaying in full is an early settlement). 0 once settled or
	// when every instalment is paid.
	MaxRepaymentPence int64 `json:"maxRepaymentPence"`
	// RemainingPayablePence is what the current schedule still asks for, future interest included.
	RemainingPayablePence int64 `json:"remainingPayablePence"`
	PaidToDatePence       int64 `json:"paidToDatePence"`
	// TotalPayablePence = PaidToDatePence + RemainingPayablePence.
	TotalPayablePence    int64 `json:"totalPayablePence"`
	InstalmentsPaid      int   `json:"instalmentsPaid"`
	InstalmentsRemaining int   `json:"instalmentsRemaining"`

	NextPayment    *NextPayment        `json:"nextPayment,omitempty"` // nil once settled
	Arrears        Arrears             `json:"arrears"`
	PaymentHoliday *HolidayPeriod      `json:"paymentHoliday,omitempty"` // the current or next holiday
	Arrangement    *ArrangementSummary `json:"arrangement,omitempty"`    // the latest payment arrangement
	// ChangesAllowedFrom (YYYY-MM-DD) is set while a recent change to the repayments holds the next one
	// off: the first day a payment holiday or a repayment change may be asked for again,
	// LoanChangeIntervalDays after the day the last one was applied. Empty when no recent change
	// stands in the way (other states may: arrears, a holiday, an arrangement).
	ChangesAllowedFrom string `json:"changesAllowedFrom,omitempty"`

	SettledOn string `json:"settledOn,omitempty"`
	SettledBy string `json:"settledBy,omitempty"` // one of the SettledBy… constants
	// ReplacedByLoanID is the top-up loan that settled this one.
	ReplacedByLoanID string `json:"replacedByLoanId,omitempty"`

	OpenedAt time.Time `json:"openedAt"`
	AsOf     time.Time `json:"asOf"`
}

// NextPayment is the next instalment due from today (today's included) with something still to pay
// on it; overdue instalments are in Arrears.
type NextPayment struct {
	InstalmentNumber int    `json:"instalmentNumber"`
	DueDate          string `json:"dueDate"`
	AmountPence      int64  `json:"amountPence"` // what is still to pay on it
}

// Arrears are the instalments past their due date and not fully paid.
type Arrears struct {
	AmountPence       int64  `json:"amountPence"`
	InstalmentsMissed int    `json:"instalmentsMissed"`
	DaysPastDue       int    `json:"daysPastDue"`             // since the oldest unpaid due date
	OldestDueDate     string `json:"oldestDueDate,omitempty"` // "" without arrears
}

// HolidayPeriod is a payment holiday: the payment periods from StartDate to EndDate whose instalments
// were deferred; payments resume on ResumesOn.
type HolidayPeriod struct {
	Months    int    `json:"months"`
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"` // the last deferred instalment's due date
	ResumesOn string `json:"resumesOn"`
	Current   bool   `json:"current"` // today is within it
}

// ArrangementSummary is the loan's latest payment arrangement in brief.
type ArrangementSummary struct {
	ID                 string `json:"id"`
	Type               string `json:"type"`
	Status             string `json:"status"`
	MonthlyAmountPence int64  `json:"monthlyAmountPence"`
}

// LoanList is the answer of GET /loans?customerId=…, newest first.
type LoanList struct {
	Loans []Loan `json:"loans"`
}

// LoanSchedule is the answer of GET /loans/{id}/schedule: the current schedule, past rows included.
type LoanSchedule struct {
	LoanID      string                `json:"loanId"`
	AsOf        time.Time             `json:"asOf"`
	Instalments []ScheduledInstalment `json:"instalments"`
}

// ScheduledInstalment is one row of a loan's schedule. Amounts are pence.
type ScheduledInstalment struct {
	Number      int    `json:"number"`
	MonthOffset int    `json:"monthOffset"` // months after drawdown
	DueDate     string `json:"dueDate"`
	Kind        string `json:"kind"` // InstalmentKind…
	// PaymentPence = InterestPence + PrincipalPence; 0 in a holiday month, whose interest is added
	// to the balance (PrincipalPence is then negative).
	PaymentPence   int64  `json:"paymentPence"`
	InterestPence  int64  `json:"interestPence"`
	PrincipalPence int64  `json:"principalPence"`
	BalancePence   int64  `json:"balancePence"` // principal outstanding after it
	PaidPence      int64  `json:"paidPence"`
	Status         string `json:"status"` // Instalment… status constants
}

// LoanTransactions is the answer of GET /loans/{id}/transactions, oldest first.
type LoanTransactions struct {
	LoanID       string        `json:"loanId"`
	AsOf         time.Time     `json:"asOf"`
	Transactions []Transaction `json:"transactions"`
}

// Transaction is one posting on a loan account.
type Transaction struct {
	ID       string    `json:"id"`
	Date     string    `json:"date"`
	PostedAt time.Time `json:"postedAt"`
	Type     string    `json:"type"` // Transaction… constants
	// AmountPence is signed: positive adds to what is owed, negative pays it down.
	AmountPence      int64  `json:"amountPence"`
	BalancePence     int64  `json:"balancePence"` // the balance after it
	Description      string `json:"description"`
	Method           string `json:"method,omitempty"`           // repayments: RepaymentMethod…
	PaymentReference string `json:"paymentReference,omitempty"` // repayments
}

// RepaymentRequest is the body of POST /loans/{id}/repayments. PaymentReference (the payment
// gateway's transaction id, or the bank reference) is the idempotency key: 1 to 255 visible ASCII.
type RepaymentRequest struct {
	AmountPence      int64  `json:"amountPence"`
	Method           string `json:"method"` // card, cpa or bank
	PaymentReference string `json:"paymentReference"`
	// Type is regular (the default when empty) or settlement.
	Type string `json:"type,omitempty"`
	// SettlementQuoteID names the quote a settlement repayment pays (type settlement only).
	SettlementQuoteID string `json:"settlementQuoteId,omitempty"`
}

// Repayment is a recorded repayment and where it went.
type Repayment struct {
	ID                string              `json:"id"`
	LoanID            string              `json:"loanId"`
	PaymentReference  string              `json:"paymentReference"`
	AmountPence       int64               `json:"amountPence"`
	Method            string              `json:"method"`
	Type              string              `json:"type"`
	ReceivedAt        time.Time           `json:"receivedAt"`
	Allocation        RepaymentAllocation `json:"allocation"`
	BalanceAfterPence int64               `json:"balanceAfterPence"`
	LoanStatus        string              `json:"loanStatus"` // the loan's status just after
}

// RepaymentAllocation splits a repayment: arrears first (oldest instalment first), then the next
// instalment due, then an overpayment that reduces the balance; or, for a settlement, all of it.
type RepaymentAllocation struct {
	ArrearsPence           int64 `json:"arrearsPence"`
	CurrentInstalmentPence int64 `json:"currentInstalmentPence"`
	OverpaymentPence       int64 `json:"overpaymentPence"`
	SettlementPence        int64 `json:"settlementPence"`
}

// SettlementQuoteRequest is the body of POST /loans/{id}/settlement-quotes.
type SettlementQuoteRequest struct {
	// Deferral is none (the default when empty), one_month or thirty_days: regulation 6 lets the
	// lender defer the settlement date where more than a year would still run.
	Deferral string `json:"deferral,omitempty"`
}

// SettlementQuote is an early-settlement figure per the Consumer Credit (Early Settlement)
// Regulations 2004. Amounts are pence.
type SettlementQuote struct {
	ID          string `json:"id"`
	LoanID      string `json:"loanId"`
	RequestDate string `json:"requestDate"`
	// SettlementDate is 28 days after the request (regulation 5), deferred when asked for and allowed.
	SettlementDate string `json:"settlementDate"`
	Deferral       string `json:"deferral"`
	Deferred       bool   `json:"deferred"`
	// SettlementAmountPence replaces the RemainingRepayments falling due after the settlement date,
	// which total RemainingScheduledPence; RebatePence is the difference.
	SettlementAmountPence   int64 `json:"settlementAmountPence"`
	RemainingScheduledPence int64 `json:"remainingScheduledPence"`
	RebatePence             int64 `json:"rebatePence"`
	RemainingRepayments     int   `json:"remainingRepayments"`
	// ArrearsPence is still unpaid from before today; DueBeforeSettlement the instalments due from
	// today to the settlement date (still to pay on them). Both are owed on top.
	ArrearsPence             int64          `json:"arrearsPence"`
	DueBeforeSettlement      []DueRepayment `json:"dueBeforeSettlement"`
	DueBeforeSettlementPence int64          `json:"dueBeforeSettlementPence"`
	// TotalToSettlePence is what a settlement repayment must be (less whatever is paid meanwhile
	// towards the instalments above).
	TotalToSettlePence int64     `json:"totalToSettlePence"`
	APRPercent         string    `json:"aprPercent"`
	CreatedAt          time.Time `json:"createdAt"`
	// ExpiresAt is the end of the settlement date: the figure holds until then.
	ExpiresAt time.Time `json:"expiresAt"`
}

// DueRepayment is an amount due on a date.
type DueRepayment struct {
	DueDate     string `json:"dueDate"`
	AmountPence int64  `json:"amountPence"`
}

// PaymentHolidayQuoteRequest is the body of POST /loans/{id}/payment-holiday-quotes.
type PaymentHolidayQuoteRequest struct {
	Months int `json:"months"` // 1 to 3
}

// PaymentHolidayQuote shows what a payment holiday costs before the borrower accepts it: interest
// keeps accruing and is added to the balance, the instalment stays, the term grows.
type PaymentHolidayQuote struct {
	ID                       string `json:"id"`
	LoanID                   string `json:"loanId"`
	Months                   int    `json:"months"`
	FirstDeferredDueDate     string `json:"firstDeferredDueDate"`
	LastDeferredDueDate      string `json:"lastDeferredDueDate"`
	ResumesOn                string `json:"resumesOn"`
	InterestAddedPence       int64  `json:"interestAddedPence"`
	BalanceAfterHolidayPence int64  `json:"balanceAfterHolidayPence"`
	MonthlyInstalmentPence   int64  `json:"monthlyInstalmentPence"`
	FinalInstalmentPence     int64  `json:"finalInstalmentPence"`
	RemainingInstalments     int    `json:"remainingInstalments"` // payments after the holiday
	PreviousFinalDueDate     string `json:"previousFinalDueDate"`
	NewFinalDueDate          string `json:"newFinalDueDate"`
	// Totals payable over the whole loan, before and after; ExtraCostPence is the difference.
	PreviousTotalPayablePence int64                 `json:"previousTotalPayablePence"`
	NewTotalPayablePence      int64                 `json:"newTotalPayablePence"`
	ExtraCostPence            int64                 `json:"extraCostPence"`
	Schedule                  []ScheduledInstalment `json:"schedule"` // the new rows from the first deferred month
	CreatedAt                 time.Time             `json:"createdAt"`
	ExpiresAt                 time.Time             `json:"expiresAt"`
}

// ApplyQuoteRequest is the body of POST /loans/{id}/payment-holidays and /repayment-changes.
type ApplyQuoteRequest struct {
	QuoteID string `json:"quoteId"`
}

// RepaymentChangeRequest is the body of POST /loans/{id}/repayment-change-quotes: exactly one field.
type RepaymentChangeRequest struct {
	// DueDayOfMonth moves the next instalments to this day (1 to 28).
	DueDayOfMonth int `json:"dueDayOfMonth,omitempty"`
	// InstalmentPence chooses the instalment; the number of instalments follows.
	InstalmentPence int64 `json:"instalmentPence,omitempty"`
	// TermMonths chooses how many instalments remain (1 to 60); the instalment follows.
	TermMonths int `json:"termMonths,omitempty"`
}

// RepaymentChangeQuote shows a repayment change before the borrower accepts it.
type RepaymentChangeQuote struct {
	ID            string        `json:"id"`
	LoanID        string        `json:"loanId"`
	Kind          string        `json:"kind"` // RepaymentChange…
	DueDayOfMonth int           `json:"dueDayOfMonth,omitempty"`
	Current       RepaymentPlan `json:"current"`
	Proposed      RepaymentPlan `json:"proposed"`
	// For a due-day change: the first moved instalment falls AdjustmentDays later (earlier when
	// negative) than it would have, and carries AdjustmentInterestPence more (less) interest: the
	// principal outstanding × the nominal rate × days ÷ 365, rounded half-up. Later instalments are
	// unchanged.
	AdjustmentDays          int                   `json:"adjustmentDays,omitempty"`
	AdjustmentInterestPence int64                 `json:"adjustmentInterestPence,omitempty"`
	Schedule                []ScheduledInstalment `json:"schedule"` // the new rows from the next instalment
	CreatedAt               time.Time             `json:"createdAt"`
	ExpiresAt               time.Time             `json:"expiresAt"`
}

// RepaymentPlan is a loan's remaining repayments in brief.
type RepaymentPlan struct {
	NextDueDate            string `json:"nextDueDate"`
	NextPaymentPence       int64  `json:"nextPaymentPence"`
	MonthlyInstalmentPence int64  `json:"monthlyInstalmentPence"`
	FinalInstalmentPence   int64  `json:"finalInstalmentPence"`
	RemainingInstalments   int    `json:"remainingInstalments"`
	FinalDueDate           string `json:"finalDueDate"`
	RemainingPayablePence  int64  `json:"remainingPayablePence"`
}

// ArrangementRequest is the body of POST /loans/{id}/arrangements.
type ArrangementRequest struct {
	Type               string `json:"type"` // reduced or token
	MonthlyAmountPence int64  `json:"monthlyAmountPence"`
	Months             int    `json:"months"` // 1 to 12
	// FirstPaymentDate (YYYY-MM-DD, today to 31 days ahead) defaults to the next due date.
	FirstPaymentDate string `json:"firstPaymentDate,omitempty"`
	// Reason is free text from the conversation with the borrower (at most 200 characters).
	Reason string `json:"reason,omitempty"`
}

// Arrangement is a payment arrangement (plan) for a borrower in difficulty. The contractual
// instalments keep falling due; every repayment recorded goes to the arrears first, so the planned
// payments reduce the arrears as they are made.
type Arrangement struct {
	ID                 string `json:"id"`
	LoanID             string `json:"loanId"`
	Type               string `json:"type"`
	Status             string `json:"status"`
	MonthlyAmountPence int64  `json:"monthlyAmountPence"`
	Months             int    `json:"months"`
	StartDate          string `json:"startDate"`
	EndDate            string `json:"endDate"` // the last planned payment's date
	Reason             string `json:"reason,omitempty"`
	// ArrearsAtStartPence were the arrears when it was made; ArrearsPence are today's.
	ArrearsAtStartPence int64            `json:"arrearsAtStartPence"`
	ArrearsPence        int64            `json:"arrearsPence"`
	PaidPence           int64            `json:"paidPence"` // repayments recorded since it was made
	Payments            []PlannedPayment `json:"payments"`
	BreachedOn          string           `json:"breachedOn,omitempty"`
	CompletedOn         string           `json:"completedOn,omitempty"`
	CreatedAt           time.Time        `json:"createdAt"`
}

// PlannedPayment is one payment of an arrangement.
type PlannedPayment struct {
	DueDate     string `json:"dueDate"`
	AmountPence int64  `json:"amountPence"`
	PaidPence   int64  `json:"paidPence"`
	Status      string `json:"status"` // PlannedPayment…
}

// ArrangementList is the answer of GET /loans/{id}/arrangements, oldest first.
type ArrangementList struct {
	Arrangements []Arrangement `json:"arrangements"`
}

// Statement kinds.
const (
	StatementPeriod = "period"
	StatementAnnual = "annual" // Consumer Credit Act 1974 s77A, one agreement year
	// StatementClosing is a settled loan's statement from the drawdown to the day it was settled.
	StatementClosing = "closing"
)

// Statement is a loan statement with its PDF (the JSON rendition of GET /loans/{id}/statements,
// /statements/annual and /statements/closing when Accept names application/json; otherwise the answer
// is the PDF itself).
type Statement struct {
	LoanID              string        `json:"loanId"`
	Kind                string        `json:"kind"`
	From                string        `json:"from"`
	To                  string        `json:"to"`
	Year                int           `json:"year,omitempty"` // annual: the agreement year, from 1
	OpeningBalancePence int64         `json:"openingBalancePence"`
	ClosingBalancePence int64         `json:"closingBalancePence"`
	PaymentsPence       int64         `json:"paymentsPence"` // repayments in the period, as a positive sum
	InterestPence       int64         `json:"interestPence"` // interest charged in the period
	Transactions        []Transaction `json:"transactions"`  // those in the period
	FileName            string        `json:"fileName"`
	ContentType         string        `json:"contentType"` // application/pdf
	SHA256              string        `json:"sha256"`      // hex SHA-256 of Content
	GeneratedAt         time.Time     `json:"generatedAt"`
	Content             []byte        `json:"content"` // the PDF; base64 in JSON
}

// TopUpEligibility is the answer of GET /customers/{id}/top-up-eligibility.
type TopUpEligibility struct {
	CustomerID string   `json:"customerId"`
	Eligible   bool     `json:"eligible"`
	LoanID     string   `json:"loanId,omitempty"` // the loan a top-up would settle
	Reasons    []Reason `json:"reasons"`          // why not (codes TopUpReason…); empty when eligible
	// InstalmentsPaid counts the loan's instalments paid in full.
	InstalmentsPaid int `json:"instalmentsPaid"`
	// SettlementFigurePence settles the loan if the top-up is drawn down today (its settlement date
	// is SettlementDate); a top-up's new credit must cover it and pay out at least TopUpMinCashPence.
	SettlementFigurePence int64     `json:"settlementFigurePence,omitempty"`
	SettlementDate        string    `json:"settlementDate,omitempty"`
	MinAmountPence        int64     `json:"minAmountPence,omitempty"`
	MaxAmountPence        int64     `json:"maxAmountPence,omitempty"`
	AsOf                  time.Time `json:"asOf"`
}

// TopUpQuoteRequest is the body of POST /top-up-quotes.
type TopUpQuoteRequest struct {
	CustomerID string `json:"customerId"`
	// AmountPence is the new loan's credit; the borrower receives it less the settlement figure.
	AmountPence int64 `json:"amountPence"`
	TermMonths  int   `json:"termMonths"`
}

// TopUpQuote prices a top-up: a new loan whose credit first settles the current loan.
type TopUpQuote struct {
	CustomerID          string `json:"customerId"`
	LoanID              string `json:"loanId"` // the loan it settles
	AmountPence         int64  `json:"amountPence"`
	SettlementPence     int64  `json:"settlementPence"`
	CashToBorrowerPence int64  `json:"cashToBorrowerPence"` // AmountPence − SettlementPence
	SettlementDate      string `json:"settlementDate"`
	Quote               Quote  `json:"quote"` // the new loan, rate from the table
}

// CreateTopUpRequest is the body of POST /top-ups: the amount and term wanted and the borrower's
// current income and housing cost for the affordability check.
type CreateTopUpRequest struct {
	CustomerID              string `json:"customerId"`
	AmountPence             int64  `json:"amountPence"` // the new loan's credit
	TermMonths              int    `json:"termMonths"`
	AnnualIncomePence       int64  `json:"annualIncomePence"`
	MonthlyHousingCostPence int64  `json:"monthlyHousingCostPence"`
	Purpose                 string `json:"purpose,omitempty"` // one of the Purpose… constants
}

// TopUp is a top-up application: its decision, its offer and its drawdown.
type TopUp struct {
	ID         string `json:"id"`
	CustomerID string `json:"customerId"`
	LoanID     string `json:"loanId"` // the loan it settles
	Status     string `json:"status"` // TopUp… statuses
	// Rule is the eligibility rule that decided: email_tag, affordability or default.
	Rule          string         `json:"rule"`
	Reasons       []Reason       `json:"reasons"`
	Requested     TopUpTerms     `json:"requested"`
	Offer         *TopUpOffer    `json:"offer,omitempty"` // approved or counteroffer
	Affordability *Affordability `json:"affordability,omitempty"`
	Purpose       string         `json:"purpose,omitempty"`
	Drawdown      *TopUpDrawdown `json:"drawdown,omitempty"`
	CreatedAt     time.Time      `json:"createdAt"`
	ExpiresAt     time.Time      `json:"expiresAt"` // the offer's; 30 days after the decision
}

// TopUpList is the answer of GET /top-ups?customerId=…, newest first.
type TopUpList struct {
	TopUps []TopUp `json:"topUps"`
}

// TopUpTerms are a top-up's amount (the new credit) and term.
type TopUpTerms struct {
	AmountPence int64 `json:"amountPence"`
	TermMonths  int   `json:"termMonths"`
}

// TopUpOffer is what the lender offers: the new loan and what it pays out once the current loan is
// settled (figures as of the decision; the drawdown settles at that day's figure).
type TopUpOffer struct {
	AmountPence         int64  `json:"amountPence"`
	TermMonths          int    `json:"termMonths"`
	SettlementPence     int64  `json:"settlementPence"`
	CashToBorrowerPence int64  `json:"cashToBorrowerPence"`
	Quote               Quote  `json:"quote"`
	SettlementDate      string `json:"settlementDate"`
}

// TopUpDrawdown is the drawdown of an approved top-up: the new loan is opened and the old one settled
// at once; the cash is pending until it reaches the borrower.
type TopUpDrawdown struct {
	Status              string     `json:"status"` // pending or paid_out
	NewLoanID           string     `json:"newLoanId"`
	SettledLoanID       string     `json:"settledLoanId"`
	SettlementPence     int64      `json:"settlementPence"`
	CashToBorrowerPence int64      `json:"cashToBorrowerPence"`
	RequestedAt         time.Time  `json:"requestedAt"`
	PaidOutAt           *time.Time `json:"paidOutAt,omitempty"`
}

// TopUpDecisionRequest is the body of POST /top-ups/{id}/counteroffer-decision.
type TopUpDecisionRequest struct {
	Accept bool `json:"accept"`
}

// LoanDocumentSummary is one document kept with a loan, as GET /loans/{id}/documents lists it.
type LoanDocumentSummary struct {
	Kind  string `json:"kind"` // a LoanDocumentKinds kind
	Title string `json:"title"`
	// Date is the document's date (YYYY-MM-DD): the day it was signed, or made (a later document).
	Date string `json:"date"`
	// SignedAt is when the credit agreement was signed; absent on a later document.
	SignedAt time.Time `json:"signedAt,omitzero"`
	// PDFSHA256 is the hex SHA-256 of the document's PDF; for the credit agreement it is not the
	// Signature's DocumentSHA256, which is the digest of the unsigned agreement the borrower read.
	PDFSHA256 string `json:"pdfSha256"`
}

// LoanDocumentList is the answer of GET /loans/{id}/documents, in LoanDocumentKinds order.
type LoanDocumentList struct {
	LoanID    string                `json:"loanId"`
	Documents []LoanDocumentSummary `json:"documents"`
}
