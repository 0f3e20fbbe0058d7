package credit

import "fmt"

// Position is a loan's state just after an instalment has been paid: what a
// payment holiday or a repayment change starts from. Amounts are pence.
type Position struct {
	BalancePence int64 `json:"balancePence"`
	AnnualRate   Rate  `json:"annualRateBasisPoints"`
	// InstalmentPence is the contractual level instalment.
	InstalmentPence int64 `json:"monthlyInstalmentPence"`
	// RemainingPayablePence is the total of the remaining scheduled
	// payments under the current plan, RemainingInstalments of them.
	RemainingPayablePence int64 `json:"remainingPayablePence"`
	RemainingInstalments  int   `json:"remainingInstalments"`
	// PaidToDatePence is the total already paid.
	PaidToDatePence int64 `json:"paidToDatePence"`
	// MonthOffset is the month offset of the last instalment paid (0 before
	// the first).
	MonthOffset int `json:"monthOffset"`
}

// PositionAfter is the position of a quoted loan once paid instalments have
// been paid on schedule (0 ≤ paid < q.TermMonths).
func PositionAfter(q Quote, paid int) (Position, error) {
	if paid < 0 || paid >= len(q.Schedule) {
		return Position{}, fmt.Errorf("%w: %d instalments paid of %d", ErrInvalidInput, paid, len(q.Schedule))
	}
	p := Position{BalancePence: q.CreditPence, AnnualRate: q.AnnualRate, InstalmentPence: q.MonthlyInstalmentPence,
		RemainingInstalments: len(q.Schedule) - paid, MonthOffset: paid}
	for i, r := range q.Schedule {
		if i < paid {
			p.PaidToDatePence += r.Payment
			p.BalancePence = r.Balance
		} else {
			p.RemainingPayablePence += r.Payment
		}
	}
	return p, nil
}

// HolidayQuote is the effect of a payment holiday, for the borrower to see
// before confirming. Amounts are pence.
type HolidayQuote struct {
	HolidayMonths int `json:"holidayMonths"`
	// InterestAddedPence is the interest added to the balance during the
	// holiday; BalanceAfterHolidayPence the balance then.
	InterestAddedPence       int64 `json:"interestAddedPence"`
	BalanceAfterHolidayPence int64 `json:"balanceAfterHolidayPence"`
	// InstalmentPence is unchanged; the term is extended instead.
	InstalmentPence      int64 `json:"monthlyInstalmentPence"`
	FinalInstalmentPence int64 `json:"finalInstalmentPence"`
	// RemainingInstalments is the number of payments after the holiday.
	RemainingInstalments int `json:"remainingInstalments"`
	// Month offsets (from drawdown) of the last payment, before and after;
	// DueDate(firstDue, offset) gives the end dates.
	PreviousEndMonthOffset int `json:"previousEndMonthOffset"`
	NewEndMonthOffset      int `json:"newEndMonthOffset"`
	// Totals payable over the whole loan (paid to date + remaining), before
	// and after, and the difference: the cost of the holiday.
	PreviousTotalPayablePence int64 `json:"previousTotalPayablePence"`
	NewTotalPayablePence      int64 `json:"newTotalPayablePence"`
	ExtraCostPence            int64 `json:"extraCostPence"`
	// Schedule from the month after the position: HolidayMonths rows with
	// Payment 0 (interest added), then the repayments.
	Schedule []Instalment `json:"schedule"`
}

// PaymentHoliday quotes deferring the next months instalments (1 to
// MaxHolidayMonths) of a loan at position p: interest keeps accruing and is
// added to the balance monthly, the instalment stays the same and the term is
// extended until the balance is repaid.
func PaymentHoliday(p Position, months int) (HolidayQuote, error) {
	if err := checkRange("holidayMonths", int64(months), 1, MaxHolidayMonths); err != nil {
		return HolidayQuote{}, err
	}
	if err := checkBalanceRate(p.BalancePence, p.AnnualRate); err != nil {
		return HolidayQuote{}, err
	}
	if p.InstalmentPence <= 0 || p.RemainingInstalments <= 0 || p.MonthOffset < 0 {
		return HolidayQuote{}, fmt.Errorf("%w: position needs an instalment and remaining instalments", ErrInvalidInput)
	}
	balance := p.BalancePence
	rows := make([]Instalment, 0, months+p.RemainingInstalments+months)
	var added int64
	for k := 1; k <= months; k++ {
		interest := monthlyInterest(balance, p.AnnualRate)
		balance += interest
		added += interest
		rows = append(rows, Instalment{Number: k, MonthOffset: p.MonthOffset + k, Interest: interest, Principal: -interest, Balance: balance})
	}
	// No cap on the extended term beyond sanity: a holiday may take a loan
	// past MaxTermMonths.
	rest, err := amortiseWith(balance, p.AnnualRate, p.InstalmentPence, 1200, p.MonthOffset+months+1)
	if err != nil {
		return HolidayQuote{}, err
	}
	for i := range rest {
		rest[i].Number += months
	}
	rows = append(rows, rest...)
	remaining := sumPayments(rest)
	prevTotal := p.PaidToDatePence + p.RemainingPayablePence
	newTotal := p.PaidToDatePence + remaining
	return HolidayQuote{
		HolidayMonths: months, InterestAddedPence: added, BalanceAfterHolidayPence: balance,
		InstalmentPence: p.InstalmentPence, FinalInstalmentPence: rest[len(rest)-1].Payment,
		RemainingInstalments:   len(rest),
		PreviousEndMonthOffset: p.MonthOffset + p.RemainingInstalments, NewEndMonthOffset: rows[len(rows)-1].MonthOffset,
		PreviousTotalPayablePence: prevTotal, NewTotalPayablePence: newTotal, ExtraCostPence: newTotal - prevTotal,
		Schedule: rows,
	}, nil
}
