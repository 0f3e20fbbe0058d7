package credit

import (
	"errors"
	"fmt"
)

// Product bounds for a new loan. See the package documentation.
const (
	MinAmountPence int64 = 1_000_00  // £1,000
	MaxAmountPence int64 = 25_000_00 // £25,000
	MinTermMonths        = 12
	MaxTermMonths        = 60
	MaxFeePence    int64 = 1_000_00 // £1,000
	MaxAnnualRate  Rate  = 4000     // 40.00%
	// MaxHolidayMonths is the longest payment holiday quoted.
	MaxHolidayMonths = 3
)

// Sentinel errors, matched with errors.Is. Bound violations are *BoundError.
var (
	// ErrInvalidRate: a rate string that is not a non-negative decimal with at
	// most two decimal places.
	ErrInvalidRate = errors.New("credit: invalid rate")
	// ErrInvalidInput: an argument that makes no sense whatever the bounds
	// (a non-positive balance, an empty schedule, dates out of order...).
	ErrInvalidInput = errors.New("credit: invalid input")
	// ErrInstalmentTooSmall: the instalment does not cover the first month's
	// interest, so the balance would never be repaid.
	ErrInstalmentTooSmall = errors.New("credit: instalment does not cover the monthly interest")
	// ErrNothingToSettle: no repayment falls due after the settlement date.
	ErrNothingToSettle = errors.New("credit: no repayments fall due after the settlement date")
)

// Bound names used in BoundError.Bound.
const (
	BoundMinimum = "minimum"
	BoundMaximum = "maximum"
)

// BoundError reports a value outside a product bound, naming the field (as
// the HTTP API spells it), which bound and its limit.
type BoundError struct {
	Field string // "amountPence", "termMonths", "annualRatePercent", "feePence", "holidayMonths", "instalmentPence"
	Bound string // BoundMinimum or BoundMaximum
	Limit int64  // the bound, in the field's unit (pence, months or basis points)
	Value int64  // the value given, same unit
}

func (e *BoundError) Error() string {
	rel := "below the minimum"
	if e.Bound == BoundMaximum {
		rel = "above the maximum"
	}
	return fmt.Sprintf("credit: %s %s is %s of %s", e.Field, e.format(e.Value), rel, e.format(e.Limit))
}

func (e *BoundError) format(v int64) string {
	switch e.Field {
	case "amountPence", "feePence", "instalmentPence":
		return FormatPounds(v)
	case "annualRatePercent":
		return Rate(v).String()
	case "termMonths", "holidayMonths":
		return fmt.Sprintf("%d months", v)
	}
	return fmt.Sprint(v)
}

func checkRange(field string, v, lo, hi int64) error {
	if v < lo {
		return &BoundError{Field: field, Bound: BoundMinimum, Limit: lo, Value: v}
	}
	if v > hi {
		return &BoundError{Field: field, Bound: BoundMaximum, Limit: hi, Value: v}
	}
	return nil
}
