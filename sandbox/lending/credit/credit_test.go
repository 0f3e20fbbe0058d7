package credit_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"lender/sandbox/lending/credit"
)

func rate(t *testing.T, s string) *credit.Rate {
	t.Helper()
	r, err := credit.ParseRate(s)
	if err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		name                     string
		amount, fee              int64
		term                     int
		rate                     string
		instalment, final, total int64
		apr                      string
		aprBP                    credit.Rate
		representative           string
	}{
		{
			name: "£7,500 over 60 months at 6.7%", amount: 750000, term: 60, rate: "6.7",
			instalment: 14745, final: 14746, total: 884701, apr: "6.9", aprBP: 690,
			representative: "Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. with no fees, you would make 60 monthly repayments of £147.45 (final repayment £147.46). Total amount payable £8,847.01. Representative 6.9% APR.",
		},
		{
			name: "£5,000 + £150 fee over 24 months at 9.9%", amount: 500000, fee: 15000, term: 24, rate: "9.9",
			instalment: 23741, final: 23741, total: 569784, apr: "13.7", aprBP: 1370,
			representative: "Representative example: borrowing £5,000.00 over 24 months at a fixed interest rate of 9.9% p.a. with a £150.00 fee added to the loan, you would make 24 monthly repayments of £237.41. Total amount payable £5,697.84. Representative 13.7% APR.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: tt.amount, TermMonths: tt.term, AnnualRate: rate(t, tt.rate), FeePence: tt.fee})
			if err != nil {
				t.Fatal(err)
			}
			if q.MonthlyInstalmentPence != tt.instalment || q.FinalInstalmentPence != tt.final || q.TotalPayablePence != tt.total {
				t.Errorf("instalment %d final %d total %d, want %d %d %d", q.MonthlyInstalmentPence, q.FinalInstalmentPence, q.TotalPayablePence, tt.instalment, tt.final, tt.total)
			}
			if q.APRPercent != tt.apr || q.APR != tt.aprBP {
				t.Errorf("APR %q (%d bp), want %q (%d bp)", q.APRPercent, q.APR, tt.apr, tt.aprBP)
			}
			if q.CreditPence != tt.amount+tt.fee || q.TotalInterestPence != tt.total-tt.amount-tt.fee || q.TotalChargeForCreditPence != tt.total-tt.amount {
				t.Errorf("credit %d interest %d charge %d", q.CreditPence, q.TotalInterestPence, q.TotalChargeForCreditPence)
			}
			if q.RepresentativeExample != tt.representative {
				t.Errorf("representative example\n got %s\nwant %s", q.RepresentativeExample, tt.representative)
			}
			if q.RateFromTable || q.AnnualRatePercent != tt.rate {
				t.Errorf("rate %q fromTable %v", q.AnnualRatePercent, q.RateFromTable)
			}
			checkSchedule(t, q)
		})
	}
}

// The fee example's APR must be on the £5,000 provided, not the £5,150 credit.
func TestFeeExcludedFromCreditProvided(t *testing.T) {
	q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: 500000, TermMonths: 24, AnnualRate: rate(t, "9.9"), FeePence: 15000})
	if err != nil {
		t.Fatal(err)
	}
	onCredit, err := credit.APR(q.CreditPence, credit.Payments(q.Schedule))
	if err != nil {
		t.Fatal(err)
	}
	if onCredit.OneDecimal() != "10.4" {
		t.Errorf("APR on amount+fee = %s, want 10.4 (only to show the difference)", onCredit.OneDecimal())
	}
}

// checkSchedule asserts the schedule convention and the quote's totals.
func checkSchedule(t *testing.T, q credit.Quote) {
	t.Helper()
	if len(q.Schedule) != q.TermMonths {
		t.Fatalf("%d rows for %d months", len(q.Schedule), q.TermMonths)
	}
	bal := q.CreditPence
	var principal, total int64
	for i, r := range q.Schedule {
		wantInterest := halfUpInterest(bal, q.AnnualRate)
		if r.Number != i+1 || r.MonthOffset != i+1 || r.Interest != wantInterest || r.Principal != r.Payment-r.Interest || r.Balance != bal-r.Principal {
			t.Fatalf("row %d = %+v (opening balance %d, want interest %d)", i+1, r, bal, wantInterest)
		}
		if i < len(q.Schedule)-1 && r.Payment != q.MonthlyInstalmentPence {
			t.Fatalf("row %d payment %d, want level %d", i+1, r.Payment, q.MonthlyInstalmentPence)
		}
		if r.Payment <= 0 {
			t.Fatalf("row %d non-positive payment %d", i+1, r.Payment)
		}
		bal = r.Balance
		principal += r.Principal
		total += r.Payment
	}
	if bal != 0 {
		t.Errorf("closing balance %d", bal)
	}
	if principal != q.CreditPence {
		t.Errorf("principal parts sum to %d, want credit %d", principal, q.CreditPence)
	}
	if total != q.TotalPayablePence {
		t.Errorf("schedule sums to %d, total payable %d", total, q.TotalPayablePence)
	}
	if q.FinalInstalmentPence != q.Schedule[len(q.Schedule)-1].Payment {
		t.Errorf("final instalment %d", q.FinalInstalmentPence)
	}
}

// halfUpInterest is balance × bp / 120000, rounded half-up, written
// independently of the package.
func halfUpInterest(balance int64, r credit.Rate) int64 {
	num := balance * int64(r)
	q, rem := num/120000, num%120000
	if 2*rem >= 120000 {
		q++
	}
	return q
}

// floatAPR solves CONC App 1.2 independently (bisection on the annual rate,
// instalment k at k/12 years) and reports whether the result is too close to
// a rounding boundary for float64 to decide.
func floatAPR(credit int64, payments []int64) (tenths int64, tooClose bool) {
	npv := func(x float64) float64 {
		s := -float64(credit)
		for k, p := range payments {
			s += float64(p) * math.Pow(1+x, -float64(k+1)/12)
		}
		return s
	}
	lo, hi := 0.0, 10.0
	for range 200 {
		m := (lo + hi) / 2
		if npv(m) >= 0 {
			lo = m
		} else {
			hi = m
		}
	}
	x := lo * 1000
	frac := x - math.Floor(x)
	return int64(math.Floor(x + 0.5)), math.Abs(frac-0.5) < 1e-6
}

func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 1483))
	const cases = 600
	close := 0
	for i := range cases {
		amount := credit.MinAmountPence + rng.Int64N(credit.MaxAmountPence-credit.MinAmountPence+1)
		term := credit.MinTermMonths + rng.IntN(credit.MaxTermMonths-credit.MinTermMonths+1)
		r := credit.Rate(rng.Int64N(int64(credit.MaxAnnualRate) + 1))
		var fee int64
		switch i % 4 {
		case 1:
			fee = rng.Int64N(credit.MaxFeePence + 1)
		case 2:
			r = credit.Rate(rng.Int64N(41) * 100) // whole percentages including 0 and 40
		case 3: // the bounds themselves
			amount = []int64{credit.MinAmountPence, credit.MaxAmountPence}[rng.IntN(2)]
			term = []int{credit.MinTermMonths, credit.MaxTermMonths}[rng.IntN(2)]
			fee = []int64{0, credit.MaxFeePence}[rng.IntN(2)]
		}
		q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: amount, TermMonths: term, AnnualRate: &r, FeePence: fee})
		if err != nil {
			t.Fatalf("case %d (%d, %d, %v, %d): %v", i, amount, term, r, fee, err)
		}
		checkSchedule(t, q)

		// APR recomputed from the schedule equals the quoted APR.
		again, err := credit.APR(amount, credit.Payments(q.Schedule))
		if err != nil || again != q.APR {
			t.Fatalf("case %d: APR recomputed %v (%v), quoted %v", i, again, err, q.APR)
		}
		tenths, tooClose := floatAPR(amount, credit.Payments(q.Schedule))
		if tooClose {
			close++
		} else if credit.Rate(tenths*10) != q.APR {
			t.Fatalf("case %d (%d, %d, %v, %d): independent APR %d tenths, quoted %v", i, amount, term, r, fee, tenths, q.APR)
		}
		if q.APR < r/10*10 && fee == 0 {
			t.Fatalf("case %d: APR %v below nominal %v without a fee", i, q.APR, r)
		}

		// The level instalment is the exact annuity rounded half-up.
		exact := annuity(float64(q.CreditPence), float64(r)/120000, term)
		if math.Abs(float64(q.MonthlyInstalmentPence)-exact) > 0.5+1e-6 {
			t.Fatalf("case %d: instalment %d, exact %.6f", i, q.MonthlyInstalmentPence, exact)
		}
	}
	if close > cases/100 {
		t.Errorf("%d cases too close to a rounding boundary to check", close)
	}
}

func annuity(p, i float64, n int) float64 {
	if i == 0 {
		return p / float64(n)
	}
	return p * i / (1 - math.Pow(1+i, -float64(n)))
}

func TestZeroRate(t *testing.T) {
	zero := credit.Rate(0)
	q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: 120000, TermMonths: 12, AnnualRate: &zero})
	if err != nil {
		t.Fatal(err)
	}
	if q.MonthlyInstalmentPence != 10000 || q.FinalInstalmentPence != 10000 || q.TotalPayablePence != 120000 || q.APRPercent != "0.0" || q.TotalInterestPence != 0 {
		t.Errorf("0%%: %+v", q)
	}
	checkSchedule(t, q)

	// Uneven 0%: £1,000 over 60 months: 59 × £16.67 and a final £16.47.
	q, err = credit.NewQuote(credit.QuoteRequest{AmountPence: 100000, TermMonths: 60, AnnualRate: &zero})
	if err != nil {
		t.Fatal(err)
	}
	if q.MonthlyInstalmentPence != 1667 || q.FinalInstalmentPence != 1647 || q.TotalPayablePence != 100000 || q.APRPercent != "0.0" {
		t.Errorf("0%% uneven: %d %d %d %s", q.MonthlyInstalmentPence, q.FinalInstalmentPence, q.TotalPayablePence, q.APRPercent)
	}
	checkSchedule(t, q)

	// 0% with a fee still has a positive APR.
	q, err = credit.NewQuote(credit.QuoteRequest{AmountPence: 100000, TermMonths: 12, AnnualRate: &zero, FeePence: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if q.APR <= 0 || q.TotalPayablePence != 105000 {
		t.Errorf("0%% with fee: APR %s total %d", q.APRPercent, q.TotalPayablePence)
	}
}

func TestBounds(t *testing.T) {
	over := credit.MaxAnnualRate + 1
	tests := []struct {
		req   credit.QuoteRequest
		field string
		bound string
		limit int64
		msg   string
	}{
		{credit.QuoteRequest{AmountPence: 99999, TermMonths: 24}, "amountPence", credit.BoundMinimum, credit.MinAmountPence, "credit: amountPence £999.99 is below the minimum of £1,000.00"},
		{credit.QuoteRequest{AmountPence: 2500001, TermMonths: 24}, "amountPence", credit.BoundMaximum, credit.MaxAmountPence, "credit: amountPence £25,000.01 is above the maximum of £25,000.00"},
		{credit.QuoteRequest{AmountPence: 500000, TermMonths: 11}, "termMonths", credit.BoundMinimum, credit.MinTermMonths, "credit: termMonths 11 months is below the minimum of 12 months"},
		{credit.QuoteRequest{AmountPence: 500000, TermMonths: 1}, "termMonths", credit.BoundMinimum, credit.MinTermMonths, ""},
		{credit.QuoteRequest{AmountPence: 500000, TermMonths: 61}, "termMonths", credit.BoundMaximum, credit.MaxTermMonths, "credit: termMonths 61 months is above the maximum of 60 months"},
		{credit.QuoteRequest{AmountPence: 500000, TermMonths: 24, FeePence: -1}, "feePence", credit.BoundMinimum, 0, ""},
		{credit.QuoteRequest{AmountPence: 500000, TermMonths: 24, FeePence: credit.MaxFeePence + 1}, "feePence", credit.BoundMaximum, credit.MaxFeePence, ""},
		{credit.QuoteRequest{AmountPence: 500000, TermMonths: 24, AnnualRate: &over}, "annualRatePercent", credit.BoundMaximum, int64(credit.MaxAnnualRate), "credit: annualRatePercent 40.01% is above the maximum of 40.0%"},
	}
	for _, tt := range tests {
		_, err := credit.NewQuote(tt.req)
		var be *credit.BoundError
		if !errors.As(err, &be) {
			t.Errorf("%+v: error %v, want *BoundError", tt.req, err)
			continue
		}
		if be.Field != tt.field || be.Bound != tt.bound || be.Limit != tt.limit {
			t.Errorf("%+v: %+v, want %s %s %d", tt.req, be, tt.field, tt.bound, tt.limit)
		}
		if tt.msg != "" && err.Error() != tt.msg {
			t.Errorf("message %q, want %q", err.Error(), tt.msg)
		}
	}
	// The bounds themselves are accepted.
	maxRate := credit.MaxAnnualRate
	for _, a := range []int64{credit.MinAmountPence, credit.MaxAmountPence} {
		for _, n := range []int{credit.MinTermMonths, credit.MaxTermMonths} {
			if _, err := credit.NewQuote(credit.QuoteRequest{AmountPence: a, TermMonths: n, AnnualRate: &maxRate, FeePence: credit.MaxFeePence}); err != nil {
				t.Errorf("%d over %d: %v", a, n, err)
			}
		}
	}
}

func TestDefaultRate(t *testing.T) {
	// The table covers every amount band edge and every term in bounds.
	edges := []int64{credit.MinAmountPence}
	for _, b := range credit.RateTable() {
		edges = append(edges, b.MinAmountPence, b.MaxAmountPence)
	}
	for _, a := range edges {
		for n := credit.MinTermMonths; n <= credit.MaxTermMonths; n++ {
			r, err := credit.DefaultRate(a, n)
			if err != nil || r <= 0 || r > credit.MaxAnnualRate {
				t.Fatalf("DefaultRate(%d, %d) = %v, %v", a, n, r, err)
			}
		}
	}
	for _, tt := range []struct {
		amount int64
		term   int
		want   string
	}{{100000, 12, "24.9"}, {299999, 37, "26.9"}, {300000, 36, "14.9"}, {500000, 24, "9.9"}, {749999, 60, "10.9"}, {750000, 60, "6.7"}, {1499999, 36, "6.2"}, {2500000, 60, "7.2"}} {
		r, err := credit.DefaultRate(tt.amount, tt.term)
		if err != nil || r.Percent() != tt.want {
			t.Errorf("DefaultRate(%d, %d) = %s, %v; want %s", tt.amount, tt.term, r.Percent(), err, tt.want)
		}
	}
	// A quote without a rate is priced from the table: the first worked example.
	q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: 750000, TermMonths: 60})
	if err != nil {
		t.Fatal(err)
	}
	if !q.RateFromTable || q.AnnualRatePercent != "6.7" || q.MonthlyInstalmentPence != 14745 || q.APRPercent != "6.9" {
		t.Errorf("table-priced quote: %s %d %s", q.AnnualRatePercent, q.MonthlyInstalmentPence, q.APRPercent)
	}
	var be *credit.BoundError
	if _, err := credit.DefaultRate(99999, 12); !errors.As(err, &be) {
		t.Errorf("DefaultRate below bounds: %v", err)
	}
}

func TestRateFormatting(t *testing.T) {
	for _, tt := range []struct {
		in      string
		bp      credit.Rate
		percent string
		one     string
	}{{"6.7", 670, "6.7", "6.7"}, {"6.75", 675, "6.75", "6.8"}, {"6.74", 674, "6.74", "6.7"}, {"10", 1000, "10.0", "10.0"}, {"0", 0, "0.0", "0.0"}, {"0.05", 5, "0.05", "0.1"}, {" 9.9% ", 990, "9.9", "9.9"}} {
		r, err := credit.ParseRate(tt.in)
		if err != nil || r != tt.bp || r.Percent() != tt.percent || r.OneDecimal() != tt.one {
			t.Errorf("ParseRate(%q) = %d %v; Percent %q OneDecimal %q", tt.in, r, err, r.Percent(), r.OneDecimal())
		}
	}
	for _, bad := range []string{"", "-1", "6.", ".5", "6.777", "abc", "1e2", "6,7", "9999999"} {
		if _, err := credit.ParseRate(bad); !errors.Is(err, credit.ErrInvalidRate) {
			t.Errorf("ParseRate(%q) error %v", bad, err)
		}
	}
	for pence, want := range map[int64]string{0: "£0.00", 5: "£0.05", 99999: "£999.99", 100000: "£1,000.00", 884701: "£8,847.01", 2500000000: "£25,000,000.00", -150: "-£1.50"} {
		if got := credit.FormatPounds(pence); got != want {
			t.Errorf("FormatPounds(%d) = %q, want %q", pence, got, want)
		}
	}
}

func TestAPRInputs(t *testing.T) {
	for _, tt := range []struct {
		credit   int64
		payments []int64
	}{{0, []int64{100}}, {100, nil}, {100, []int64{-1, 200}}, {1000, []int64{500, 499}}} {
		if _, err := credit.APR(tt.credit, tt.payments); !errors.Is(err, credit.ErrInvalidInput) {
			t.Errorf("APR(%d, %v) error %v", tt.credit, tt.payments, err)
		}
	}
	// One payment of £1,100 a month after £1,000: (1.1)^12 − 1 = 213.8%.
	r, err := credit.APR(100000, []int64{110000})
	if err != nil || r.OneDecimal() != "213.8" {
		t.Errorf("single payment APR %s, %v", r.OneDecimal(), err)
	}
	// A year later exactly 10%: £1,000 and 11 zero payments then £1,100.
	p := make([]int64, 12)
	p[11] = 110000
	if r, err := credit.APR(100000, p); err != nil || r != 1000 {
		t.Errorf("annual payment APR %v, %v", r, err)
	}
	// Exactly on a rounding boundary: 10.05% a year rounds up to 10.1.
	p[11] = 110050
	if r, err := credit.APR(100000, p); err != nil || r != 1010 {
		t.Errorf("boundary APR %v, %v; want 10.1", r, err)
	}
	p[11] = 110049
	if r, err := credit.APR(100000, p); err != nil || r != 1000 {
		t.Errorf("below boundary APR %v, %v; want 10.0", r, err)
	}
}

func date(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestDates(t *testing.T) {
	for _, tt := range []struct {
		from   string
		months int
		want   string
	}{{"2025-01-31", 1, "2025-02-28"}, {"2024-01-31", 1, "2024-02-29"}, {"2025-01-31", 2, "2025-03-31"}, {"2025-01-15", 12, "2026-01-15"}, {"2025-12-31", 2, "2026-02-28"}, {"2025-03-31", -1, "2025-02-28"}} {
		if got := credit.AddMonths(date(tt.from), tt.months).Format(time.DateOnly); got != tt.want {
			t.Errorf("AddMonths(%s, %d) = %s, want %s", tt.from, tt.months, got, tt.want)
		}
	}
	ds := credit.DueDates(date("2025-01-31"), 4)
	want := []string{"2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30"}
	for i, d := range ds {
		if d.Format(time.DateOnly) != want[i] {
			t.Errorf("DueDates[%d] = %s, want %s (no drift after clamping)", i, d.Format(time.DateOnly), want[i])
		}
	}
	q, _ := credit.NewQuote(credit.QuoteRequest{AmountPence: 750000, TermMonths: 60, AnnualRate: rate(t, "6.7")})
	dated := credit.Dated(q.Schedule, date("2025-01-31"))
	if dated[59].DueDate.Format(time.DateOnly) != "2029-12-31" || !q.Schedule[0].DueDate.IsZero() {
		t.Errorf("Dated: last %s; original untouched %v", dated[59].DueDate, q.Schedule[0].DueDate)
	}
	for _, tt := range []struct {
		from, to     string
		months, days int
	}{{"2025-01-15", "2026-02-12", 12, 28}, {"2025-01-31", "2025-02-28", 1, 0}, {"2025-01-31", "2025-03-01", 1, 1}, {"2025-01-31", "2025-03-30", 1, 30}, {"2025-02-12", "2025-02-12", 0, 0}, {"2025-02-15", "2025-03-12", 0, 25}} {
		m, d := credit.Interval(date(tt.from), date(tt.to))
		if m != tt.months || d != tt.days {
			t.Errorf("Interval(%s, %s) = %d months %d days, want %d %d", tt.from, tt.to, m, d, tt.months, tt.days)
		}
	}
	if y := credit.YearsBetween(date("2025-01-15"), date("2026-02-12")); math.Abs(y-(1+28.0/365)) > 1e-12 {
		t.Errorf("YearsBetween = %v", y)
	}
}

// The regulations' Schedule example: £3,700, 35 × £115.79 and a final
// £115.62, APR 8.2%.
func scheduleExample() credit.SettlementRequest {
	first := date("2025-02-15")
	reps := make([]credit.Repayment, 36)
	for i := range reps {
		reps[i] = credit.Repayment{DueDate: credit.DueDate(first, i+1), AmountPence: 11579}
	}
	reps[35].AmountPence = 11562
	return credit.SettlementRequest{CreditProvidedPence: 370000, DrawdownDate: date("2025-01-15"), Repayments: reps, APR: 820,
		RequestDate: date("2026-01-15")} // the 12th instalment's due date
}

func TestSettlementWorkedExample(t *testing.T) {
	q, err := credit.Settle(scheduleExample())
	if err != nil {
		t.Fatal(err)
	}
	if q.SettlementDate.Format(time.DateOnly) != "2026-02-12" || q.Deferred {
		t.Errorf("settlement date %s deferred %v", q.SettlementDate.Format(time.DateOnly), q.Deferred)
	}
	if q.RemainingRepayments != 24 || q.RemainingScheduledPence != 277879 || q.SettlementAmountPence != 257798 || q.RebatePence != 20081 {
		t.Errorf("remaining %d = %d, settlement %d, rebate %d; want 24 = 277879, 257798, 20081", q.RemainingRepayments, q.RemainingScheduledPence, q.SettlementAmountPence, q.RebatePence)
	}
	if len(q.DueBeforeSettlement) != 0 || q.DueBeforeSettlementPence != 0 || q.APRPercent != "8.2" {
		t.Errorf("due before settlement %v, APR %s", q.DueBeforeSettlement, q.APRPercent)
	}
}

func TestSettlementDeferral(t *testing.T) {
	tests := []struct {
		name                         string
		deferral                     credit.Deferral
		request                      string
		date                         string
		deferred                     bool
		dueBefore, remaining, settle int64
		remainingCount               int
	}{
		// Deferred to 12 March 2026: instalment 13 (15 Feb) falls due first;
		// 13 months + 25 days from drawdown.
		{"one month", credit.DeferOneMonth, "2026-01-15", "2026-03-12", true, 11579, 266300, 247687, 23},
		{"thirty days", credit.DeferThirtyDays, "2026-01-15", "2026-03-14", true, 11579, 266300, 247794, 23},
		// With a year or less to run from the settlement date, no deferral.
		{"under a year to run", credit.DeferOneMonth, "2027-01-15", "2027-02-12", false, 0, 11579*11 + 11562, -1, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := scheduleExample()
			req.Deferral = tt.deferral
			req.RequestDate = date(tt.request)
			q, err := credit.Settle(req)
			if err != nil {
				t.Fatal(err)
			}
			if q.SettlementDate.Format(time.DateOnly) != tt.date || q.Deferred != tt.deferred || q.DueBeforeSettlementPence != tt.dueBefore ||
				q.RemainingScheduledPence != tt.remaining || q.RemainingRepayments != tt.remainingCount {
				t.Errorf("%+v", q)
			}
			if tt.settle >= 0 && q.SettlementAmountPence != tt.settle {
				t.Errorf("settlement %d, want %d", q.SettlementAmountPence, tt.settle)
			}
			if q.RebatePence != q.RemainingScheduledPence-q.SettlementAmountPence || q.RebatePence < 0 {
				t.Errorf("rebate %d", q.RebatePence)
			}
		})
	}
}

func TestSettlementErrors(t *testing.T) {
	req := scheduleExample()
	req.RequestDate = date("2027-12-20") // 28 days on is after the final instalment
	if _, err := credit.Settle(req); !errors.Is(err, credit.ErrNothingToSettle) {
		t.Errorf("after the end: %v", err)
	}
	req = scheduleExample()
	req.RequestDate = date("2024-12-01")
	if _, err := credit.Settle(req); !errors.Is(err, credit.ErrInvalidInput) {
		t.Errorf("request before drawdown: %v", err)
	}
	req = scheduleExample()
	req.Repayments[3], req.Repayments[4] = req.Repayments[4], req.Repayments[3]
	if _, err := credit.Settle(req); !errors.Is(err, credit.ErrInvalidInput) {
		t.Errorf("unordered repayments: %v", err)
	}
}

// Settling straight after drawdown at the loan's own (unrounded-free) terms:
// a quote's settlement figure never exceeds what remains and the rebate grows
// the earlier one settles.
func TestSettlementOfQuote(t *testing.T) {
	q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: 750000, TermMonths: 60, AnnualRate: rate(t, "6.7")})
	if err != nil {
		t.Fatal(err)
	}
	first := date("2025-02-10")
	prevRebate := int64(math.MaxInt64)
	for paid := 0; paid < 59; paid += 6 {
		req := credit.SettlementRequest{CreditProvidedPence: q.AmountPence, DrawdownDate: date("2025-01-10"), Repayments: credit.Repayments(q.Schedule, first), APR: q.APR}
		if paid == 0 {
			req.RequestDate = req.DrawdownDate
		} else {
			req.RequestDate = credit.DueDate(first, paid)
		}
		s, err := credit.Settle(req)
		if err != nil {
			t.Fatal(err)
		}
		if s.RemainingRepayments != 60-paid || s.RebatePence < 0 || s.RebatePence >= prevRebate {
			t.Errorf("after %d: remaining %d rebate %d (previous %d)", paid, s.RemainingRepayments, s.RebatePence, prevRebate)
		}
		prevRebate = s.RebatePence
	}
}

func TestPaymentHoliday(t *testing.T) {
	q, err := credit.NewQuote(credit.QuoteRequest{AmountPence: 750000, TermMonths: 60, AnnualRate: rate(t, "6.7")})
	if err != nil {
		t.Fatal(err)
	}
	p, err := credit.PositionAfter(q, 12)
	if err != nil {
		t.Fatal(err)
	}
	if p.BalancePence != q.Schedule[11].Balance || p.RemainingInstalments != 48 || p.MonthOffset != 12 || p.PaidToDatePence != 12*14745 || p.PaidToDatePence+p.RemainingPayablePence != q.TotalPayablePence {
		t.Fatalf("position %+v", p)
	}
	h, err := credit.PaymentHoliday(p, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Interest keeps accruing on the balance, month by month.
	b := p.BalancePence
	for k := range 2 {
		i := halfUpInterest(b, p.AnnualRate)
		r := h.Schedule[k]
		if r.Payment != 0 || r.Interest != i || r.Principal != -i || r.Balance != b+i || r.MonthOffset != 13+k {
			t.Fatalf("holiday row %d: %+v", k+1, r)
		}
		b += i
	}
	if h.BalanceAfterHolidayPence != b || h.InterestAddedPence != b-p.BalancePence {
		t.Errorf("after holiday %d, added %d", h.BalanceAfterHolidayPence, h.InterestAddedPence)
	}
	// Same instalment, longer term: 2 holiday months plus at least one more
	// instalment for the added interest.
	if h.InstalmentPence != 14745 || h.PreviousEndMonthOffset != 60 || h.NewEndMonthOffset < 63 || h.RemainingInstalments != h.NewEndMonthOffset-14 {
		t.Errorf("holiday: %+v", h)
	}
	var principal, paid int64
	bal := b
	for _, r := range h.Schedule[2:] {
		if r.Interest != halfUpInterest(bal, p.AnnualRate) || r.Balance != bal-r.Principal || r.Payment > h.InstalmentPence {
			t.Fatalf("row %+v", r)
		}
		bal = r.Balance
		principal += r.Principal
		paid += r.Payment
	}
	if bal != 0 || principal != b || h.FinalInstalmentPence != h.Schedule[len(h.Schedule)-1].Payment {
		t.Errorf("closing balance %d principal %d", bal, principal)
	}
	if h.NewTotalPayablePence != p.PaidToDatePence+paid || h.PreviousTotalPayablePence != q.TotalPayablePence || h.ExtraCostPence <= 0 || h.ExtraCostPence != h.NewTotalPayablePence-q.TotalPayablePence {
		t.Errorf("totals: new %d previous %d extra %d", h.NewTotalPayablePence, h.PreviousTotalPayablePence, h.ExtraCostPence)
	}
	end := credit.DueDate(date("2025-02-15"), h.NewEndMonthOffset)
	if !end.After(credit.DueDate(date("2025-02-15"), 62)) {
		t.Errorf("new end date %s", end)
	}

	// 0%: a holiday costs nothing and adds exactly the deferred months.
	zero := credit.Rate(0)
	q0, _ := credit.NewQuote(credit.QuoteRequest{AmountPence: 120000, TermMonths: 12, AnnualRate: &zero})
	p0, _ := credit.PositionAfter(q0, 3)
	h0, err := credit.PaymentHoliday(p0, 3)
	if err != nil || h0.ExtraCostPence != 0 || h0.NewEndMonthOffset != 15 || h0.InterestAddedPence != 0 {
		t.Errorf("0%% holiday: %+v, %v", h0, err)
	}

	var be *credit.BoundError
	if _, err := credit.PaymentHoliday(p, credit.MaxHolidayMonths+1); !errors.As(err, &be) || be.Field != "holidayMonths" {
		t.Errorf("too long a holiday: %v", err)
	}
	if _, err := credit.PaymentHoliday(p, 0); !errors.As(err, &be) || be.Bound != credit.BoundMinimum {
		t.Errorf("zero holiday: %v", err)
	}
	if _, err := credit.PositionAfter(q, 60); !errors.Is(err, credit.ErrInvalidInput) {
		t.Errorf("position after the end: %v", err)
	}
}

func TestAlternativeInstalments(t *testing.T) {
	// Re-amortising a whole credit reproduces the quote's schedule.
	q, _ := credit.NewQuote(credit.QuoteRequest{AmountPence: 500000, TermMonths: 24, AnnualRate: rate(t, "9.9"), FeePence: 15000})
	p, err := credit.InstalmentForTerm(515000, 990, 24)
	if err != nil {
		t.Fatal(err)
	}
	if p.InstalmentPence != 23741 || p.TotalPayablePence != q.TotalPayablePence || p.TermMonths != 24 || p.TotalInterestPence != q.TotalInterestPence {
		t.Errorf("InstalmentForTerm: %+v", p)
	}
	// And asking for that instalment gives back the term.
	back, err := credit.TermForInstalment(515000, 990, 23741)
	if err != nil || back.TermMonths != 24 || back.FinalInstalmentPence != 23741 {
		t.Errorf("TermForInstalment: %d months final %d, %v", back.TermMonths, back.FinalInstalmentPence, err)
	}

	// A balance after 12 instalments, lower payments over longer.
	pos, _ := credit.PositionAfter(q, 12)
	longer, err := credit.InstalmentForTerm(pos.BalancePence, pos.AnnualRate, 24)
	if err != nil || longer.InstalmentPence >= pos.InstalmentPence || longer.TotalPayablePence <= pos.RemainingPayablePence {
		t.Errorf("longer: %+v, %v", longer, err)
	}
	// A chosen £150 instalment: level payments then a smaller final one.
	chosen, err := credit.TermForInstalment(pos.BalancePence, pos.AnnualRate, 15000)
	if err != nil {
		t.Fatal(err)
	}
	last := chosen.Schedule[len(chosen.Schedule)-1]
	if chosen.InstalmentPence != 15000 || last.Balance != 0 || last.Payment > 15000 || last.Payment <= 0 {
		t.Errorf("chosen instalment: %+v", chosen)
	}
	for _, r := range chosen.Schedule[:len(chosen.Schedule)-1] {
		if r.Payment != 15000 {
			t.Fatalf("row %+v", r)
		}
	}

	// Term 1: one payment of balance plus a month's interest.
	one, err := credit.InstalmentForTerm(100000, 1200, 1)
	if err != nil || one.TermMonths != 1 || one.InstalmentPence != 101000 || one.TotalInterestPence != 1000 {
		t.Errorf("term 1: %+v, %v", one, err)
	}
	// 0%.
	z, err := credit.InstalmentForTerm(100000, 0, 3)
	if err != nil || z.InstalmentPence != 33333 || z.FinalInstalmentPence != 33334 || z.TotalPayablePence != 100000 {
		t.Errorf("0%%: %+v, %v", z, err)
	}

	// Errors.
	if _, err := credit.TermForInstalment(1000000, 1200, 10000); !errors.Is(err, credit.ErrInstalmentTooSmall) {
		t.Errorf("instalment equal to the interest: %v", err)
	}
	var be *credit.BoundError
	if _, err := credit.TermForInstalment(1000000, 1200, 10001); !errors.As(err, &be) || be.Field != "termMonths" || be.Bound != credit.BoundMaximum || be.Value <= 60 {
		t.Errorf("too long: %v", err)
	} else if !strings.Contains(err.Error(), "above the maximum of 60 months") {
		t.Errorf("message %q", err)
	}
	if _, err := credit.InstalmentForTerm(100000, 990, 0); !errors.As(err, &be) || be.Field != "termMonths" {
		t.Errorf("term 0: %v", err)
	}
	if _, err := credit.InstalmentForTerm(100000, 990, 61); !errors.As(err, &be) {
		t.Errorf("term 61: %v", err)
	}
	if _, err := credit.InstalmentForTerm(0, 990, 12); !errors.Is(err, credit.ErrInvalidInput) {
		t.Errorf("zero balance: %v", err)
	}
	if _, err := credit.InstalmentForTerm(5, 0, 12); !errors.Is(err, credit.ErrInvalidInput) {
		t.Errorf("balance too small to spread: %v", err)
	}
	if _, err := credit.TermForInstalment(100000, 990, 0); !errors.As(err, &be) || be.Field != "instalmentPence" {
		t.Errorf("zero instalment: %v", err)
	}
}
