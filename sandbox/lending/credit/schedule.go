package credit

import (
	"fmt"
	"math/big"
	"time"
)

// Instalment is one row of a repayment schedule. Amounts are pence.
type Instalment struct {
	// Number counts the instalments of this schedule from 1.
	Number int `json:"number"`
	// MonthOffset is the number of months after drawdown at which the row
	// falls due (for a new loan, equal to Number).
	MonthOffset int `json:"monthOffset"`
	// DueDate is set only by Dated.
	DueDate time.Time `json:"dueDate,omitzero"`
	// Payment due; 0 in a payment-holiday month.
	Payment int64 `json:"paymentPence"`
	// Interest charged for the month: opening balance × monthly rate,
	// rounded half-up.
	Interest int64 `json:"interestPence"`
	// Principal repaid: Payment − Interest (negative in a holiday month,
	// when the interest is added to the balance).
	Principal int64 `json:"principalPence"`
	// Balance outstanding after the payment.
	Balance int64 `json:"balancePence"`
}

// monthlyInterest is balance × bp/120000 rounded half-up (balance, bp ≥ 0).
func monthlyInterest(balance int64, r Rate) int64 {
	return (2*balance*int64(r) + 120000) / 240000
}

// annuityPayment is the level payment that repays credit over n months at
// nominal annual rate r, computed exactly and rounded half-up to the penny.
func annuityPayment(credit int64, r Rate, n int) int64 {
	if r == 0 {
		return (2*credit + int64(n)) / (2 * int64(n))
	}
	// credit × i × (1+i)^n / ((1+i)^n − 1), i = r/120000
	//   = credit × r × a^n / (120000 × (a^n − b^n)), a = 120000 + r, b = 120000.
	a := big.NewInt(120000 + int64(r))
	b := big.NewInt(120000)
	nn := big.NewInt(int64(n))
	an := new(big.Int).Exp(a, nn, nil)
	bn := new(big.Int).Exp(b, nn, nil)
	num := new(big.Int).Mul(big.NewInt(credit), big.NewInt(int64(r)))
	num.Mul(num, an)
	den := new(big.Int).Sub(an, bn)
	den.Mul(den, b)
	// half-up: floor((2·num + den) / (2·den))
	num.Lsh(num, 1).Add(num, den)
	den.Lsh(den, 1)
	return num.Quo(num, den).Int64()
}

// amortise builds n rows repaying balance at rate r with level payment,
// starting at month offset firstOffset; the final row clears the balance.
func amortise(balance int64, r Rate, payment int64, n, firstOffset int) ([]Instalment, error) {
	if payment <= 0 {
		return nil, fmt.Errorf("%w: balance %s is too small to spread over %d months", ErrInvalidInput, FormatPounds(balance), n)
	}
	rows := make([]Instalment, 0, n)
	for k := 1; k <= n; k++ {
		interest := monthlyInterest(balance, r)
		pay := payment
		if k == n {
			pay = balance + interest
		} else if pay >= balance+interest {
			return nil, fmt.Errorf("%w: balance %s is too small to spread over %d months", ErrInvalidInput, FormatPounds(balance), n)
		}
		balance -= pay - interest
		rows = append(rows, Instalment{Number: k, MonthOffset: firstOffset + k - 1, Payment: pay, Interest: interest, Principal: pay - interest, Balance: balance})
	}
	return rows, nil
}

// amortiseWith repays balance with a level payment until cleared, the final
// row clearing what is left; at most maxN rows.
func amortiseWith(balance int64, r Rate, payment int64, maxN, firstOffset int) ([]Instalment, error) {
	if payment <= monthlyInterest(balance, r) {
		return nil, fmt.Errorf("%w: %s a month against %s interest in the first month", ErrInstalmentTooSmall, FormatPounds(payment), FormatPounds(monthlyInterest(balance, r)))
	}
	var rows []Instalment
	for k := 1; balance > 0; k++ {
		if k > maxN {
			return nil, &BoundError{Field: "termMonths", Bound: BoundMaximum, Limit: int64(maxN), Value: int64(termNeeded(balance, r, payment, k-1))}
		}
		interest := monthlyInterest(balance, r)
		pay := min(payment, balance+interest)
		balance -= pay - interest
		rows = append(rows, Instalment{Number: k, MonthOffset: firstOffset + k - 1, Payment: pay, Interest: interest, Principal: pay - interest, Balance: balance})
	}
	return rows, nil
}

// termNeeded continues a level-payment schedule from month done to report how
// long it would take (capped at 1200 months, reported as 1201).
func termNeeded(balance int64, r Rate, payment int64, done int) int {
	for k := done + 1; k <= 1200; k++ {
		balance -= payment - monthlyInterest(balance, r)
		if balance <= 0 {
			return k
		}
	}
	return 1201
}

// Totals of a schedule.
func sumPayments(rows []Instalment) (total int64) {
	for _, r := range rows {
		total += r.Payment
	}
	return total
}

// Payments returns the schedule's payments in order, for APR.
func Payments(rows []Instalment) []int64 {
	p := make([]int64, len(rows))
	for i, r := range rows {
		p[i] = r.Payment
	}
	return p
}

// Plan is a repayment plan for an outstanding balance.
type Plan struct {
	BalancePence         int64        `json:"balancePence"`
	AnnualRate           Rate         `json:"annualRateBasisPoints"`
	AnnualRatePercent    string       `json:"annualRatePercent"`
	TermMonths           int          `json:"termMonths"`
	InstalmentPence      int64        `json:"monthlyInstalmentPence"`
	FinalInstalmentPence int64        `json:"finalInstalmentPence"`
	TotalPayablePence    int64        `json:"totalPayablePence"`
	TotalInterestPence   int64        `json:"totalInterestPence"`
	Schedule             []Instalment `json:"schedule"`
}

func newPlan(balance int64, r Rate, rows []Instalment) Plan {
	total := sumPayments(rows)
	return Plan{
		BalancePence: balance, AnnualRate: r, AnnualRatePercent: r.Percent(),
		TermMonths: len(rows), InstalmentPence: rows[0].Payment, FinalInstalmentPence: rows[len(rows)-1].Payment,
		TotalPayablePence: total, TotalInterestPence: total - balance, Schedule: rows,
	}
}

func checkBalanceRate(balance int64, r Rate) error {
	if balance <= 0 {
		return fmt.Errorf("%w: balance must be positive, got %d pence", ErrInvalidInput, balance)
	}
	return checkRange("annualRatePercent", int64(r), 0, int64(MaxAnnualRate))
}

// InstalmentForTerm re-amortises balancePence at the nominal annual rate over
// termMonths (1 to MaxTermMonths): a level instalment, rounded half-up, with
// the final one clearing the balance. Schedule month offsets start at 1.
func InstalmentForTerm(balancePence int64, rate Rate, termMonths int) (Plan, error) {
	if err := checkBalanceRate(balancePence, rate); err != nil {
		return Plan{}, err
	}
	if err := checkRange("termMonths", int64(termMonths), 1, MaxTermMonths); err != nil {
		return Plan{}, err
	}
	rows, err := amortise(balancePence, rate, annuityPayment(balancePence, rate, termMonths), termMonths, 1)
	if err != nil {
		return Plan{}, err
	}
	return newPlan(balancePence, rate, rows), nil
}

// TermForInstalment returns the plan repaying balancePence at the nominal
// annual rate with a chosen level instalment: as many months as it takes, the
// final one clearing what is left. It fails with ErrInstalmentTooSmall if the
// instalment does not exceed the first month's interest, and with a
// *BoundError on termMonths if it would take more than MaxTermMonths.
func TermForInstalment(balancePence int64, rate Rate, instalmentPence int64) (Plan, error) {
	if err := checkBalanceRate(balancePence, rate); err != nil {
		return Plan{}, err
	}
	if instalmentPence <= 0 {
		return Plan{}, &BoundError{Field: "instalmentPence", Bound: BoundMinimum, Limit: 1, Value: instalmentPence}
	}
	rows, err := amortiseWith(balancePence, rate, instalmentPence, MaxTermMonths, 1)
	if err != nil {
		return Plan{}, err
	}
	return newPlan(balancePence, rate, rows), nil
}
