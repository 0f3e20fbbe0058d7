// Package credit is the sandbox's consumer-credit arithmetic: annuity
// schedules to the penny, the APR per FCA CONC App 1.2, early-settlement
// figures per the Consumer Credit (Early Settlement) Regulations 2004,
// payment-holiday quotes and alternative instalment amounts.
//
// Everything here is a pure function of its arguments: no HTTP, no I/O, no
// clock and no mutable package state. Money is int64 pence; rates are [Rate]
// values in basis points (1 bp = 0.01 percentage points), parsed from and
// formatted to decimal strings at the boundary with [ParseRate] and
// [Rate.Percent].
//
// # Product bounds
//
// A new loan ([NewQuote]) must satisfy, with a [*BoundError] naming the bound
// otherwise:
//
//   - amount (credit provided to the borrower): [MinAmountPence] £1,000 to
//     [MaxAmountPence] £25,000;
//   - term: [MinTermMonths] 12 to [MaxTermMonths] 60 monthly instalments;
//   - nominal annual rate: 0% to [MaxAnnualRate] 40.00%, at most two decimal
//     places;
//   - fee: 0 to [MaxFeePence] £1,000.
//
// Repayment changes ([InstalmentForTerm], [TermForInstalment]) allow any
// remaining term from 1 to [MaxTermMonths] months; payment holidays
// ([PaymentHoliday]) are 1 to [MaxHolidayMonths] months.
//
// # Pricing rule when no rate is requested
//
// [DefaultRate] prices by the amount borrowed (excluding any fee) and the
// term, from this fixed table of nominal annual rates ([RateTable] returns
// it):
//
//	amount                 12–36 months   37–60 months
//	£1,000.00–£2,999.99        24.9%          26.9%
//	£3,000.00–£4,999.99        14.9%          15.9%
//	£5,000.00–£7,499.99         9.9%          10.9%
//	£7,500.00–£14,999.99        6.2%           6.7%
//	£15,000.00–£25,000.00       6.7%           7.2%
//
// No credit risk is assessed: the same amount and term always get the same
// rate.
//
// # Schedule convention
//
// The monthly rate is the nominal annual rate ÷ 12, held exactly as the
// rational number bp/120000. The fee is added to the credit: interest accrues
// on amount + fee (the "credit" of the schedule). The level instalment is the
// annuity payment
//
//	credit × i / (1 − (1 + i)^−n)
//
// computed exactly with math/big and rounded half-up to the penny (0%: credit
// ÷ n, rounded half-up). Each month's interest is the opening balance × i,
// rounded half-up to the penny; principal = payment − interest; the final
// instalment is the remaining balance plus its interest, so the balance ends at
// exactly zero and the principal parts sum to the credit. Total payable is the
// sum of the schedule's payments. Rows carry a month offset from drawdown;
// [AddMonths], [DueDates], [DueDate] and [Dated] give calendar dates from a
// first due date (same day each month, clamped to the month's end).
//
// Rounding everywhere is half-up (half a penny rounds away from zero; all
// quantities rounded are non-negative).
//
// # APR (FCA CONC App 1.2)
//
// The APR is the annual rate x solving
//
//	Σ_k A_k (1+x)^−t_k = Σ_k P_k (1+x)^−s_k
//
// with the credit actually provided to the borrower as the drawdown (the
// amount, not amount + fee: a fee added to the loan is part of the total
// charge for credit, CONC App 1.2.1), each instalment at k/12 years (a month is
// 1/12 of a year), and x rounded half-up to one decimal place (a second
// decimal of 5 or more rounds the first up). [APR] solves it numerically and
// then checks the rounding against the two half-tenth boundaries in 256-bit
// arithmetic, so the tenth shown is the right one.
//
// Worked examples (tested): £7,500 over 60 months at 6.7% → £147.45 a month
// (final £147.46), total £8,847.01, APR 6.91% → "6.9". £5,000 plus a £150
// fee over 24 months at 9.9% → interest on £5,150, £237.41 a month, total
// £5,697.84; equating £5,000 (not £5,150) with the payments gives 13.66% →
// "13.7" (on £5,150 it would be 10.4%).
//
// # Early settlement (Consumer Credit (Early Settlement) Regulations 2004)
//
// [Settle] implements regulations 4 to 6:
//
//   - Settlement date (reg 5): 28 days after the request date.
//
//   - Deferral (reg 6): optional, chosen by [Deferral]: one month (same day
//     next month, clamped) or, at the creditor's option, 30 days. Following
//     the issue, it is applied only when more than one year would still run
//     from the undeferred settlement date to the final scheduled repayment;
//     the quote says whether it was applied. (The regulations' explanatory
//     note words the condition as an agreement "for a term of more than a
//     year". Our reading defers in fewer cases. A deferral only lowers the
//     rebate, and regulation 2 requires a rebate at least equal to the
//     calculated one, so deferring less often stays on the safe side.)
//
//   - Repayments due on or before the settlement date are assumed paid on
//     their due dates (arrears are not modelled); those due after the request
//     date but on or before the settlement date are reported as still to be
//     paid as normal.
//
//   - Rebate (reg 4): the total of the repayments that would fall due after
//     the settlement date, minus the amount given by the regulation's
//     actuarial formula
//
//     Σ_i A_i (1+r)^a_i − Σ_j B_j (1+r)^b_j
//
//     where A_i are the advances of credit, B_j the repayments made before the
//     settlement date, a_i and b_j the times from each to the settlement date,
//     and r the APR stated under the agreement (one decimal place) as a
//     decimal. The settlement amount is that formula's value rounded half-up
//     to the penny (never more than the remaining repayments, so the rebate is
//     never negative).
//
//   - Time (reg 4 and the APR rules): each interval is measured in years as
//     whole calendar months counted forward from the earlier date (clamped to
//     month end) at 1/12 of a year each, plus the remaining days at 1/365 of a
//     year each (365 also in leap years).
//
// Worked example (from the issue; tested): £3,700 repaid by
// 35 × £115.79 and a final £115.62 at an APR of 8.2%, settlement 28 days after
// the 12th instalment. The advance is 12 months + 28 days before settlement
// (1 + 28/365 years), repayment j is (12 − j) months + 28 days before it:
//
//	3700 × 1.082^(1+28/365) − Σ_{j=1..12} 115.79 × 1.082^((12−j)/12 + 28/365)
//	  = 2,577.9806… → £2,577.98; remaining scheduled £2,778.79; rebate £200.81.
//
// The formula must be used as written, retrospectively. Discounting the 24
// remaining repayments to the settlement date instead, with times (k/12 −
// 28/365), gives £2,577.97. The two agree only at the unrounded IRR (8.19989%
// here). The regulations use the stated APR of 8.2%, and the required
// £2,577.98 is the retrospective figure.
//
// # Payment holiday
//
// [PaymentHoliday] defers N instalments. Interest keeps accruing during the
// holiday: each holiday month adds the balance × monthly rate (rounded half-up)
// to the balance, so interest is charged on interest. Afterwards the
// contractual instalment is kept unchanged and the term is extended until the
// larger balance is repaid; the final instalment clears what is left. The
// quote gives the new end (month offset; use [DueDate] for the date), the
// instalment, and the new total payable, beside the current plan's figures.
//
// # Alternative instalment amounts
//
// [InstalmentForTerm] re-amortises a balance over a chosen number of months.
// [TermForInstalment] finds how many months a chosen instalment takes to
// clear the balance (the final one smaller). Both use the same schedule
// convention.
package credit
