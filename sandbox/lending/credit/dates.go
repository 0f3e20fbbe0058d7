package credit

import "time"

// civil returns t's calendar date at midnight UTC.
func civil(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// AddMonths returns the date months calendar months after t, on the same day
// of the month, clamped to the last day of a shorter month (31 January + 1 →
// 28 or 29 February). The result is a date at midnight UTC.
func AddMonths(t time.Time, months int) time.Time {
	y, m, d := t.Date()
	first := time.Date(y, m+time.Month(months), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(d, last), 0, 0, 0, 0, time.UTC)
}

// DueDate is the due date of the row at monthOffset of a loan whose first
// instalment (offset 1) is due on firstDue. Dates are always computed from
// firstDue, so clamping in a short month does not drift later dates.
func DueDate(firstDue time.Time, monthOffset int) time.Time {
	return AddMonths(firstDue, monthOffset-1)
}

// DueDates returns n monthly due dates starting at firstDue.
func DueDates(firstDue time.Time, n int) []time.Time {
	ds := make([]time.Time, n)
	for i := range ds {
		ds[i] = AddMonths(firstDue, i)
	}
	return ds
}

// Dated returns a copy of rows with DueDate set from the loan's first due
// date (DueDate(firstDue, row.MonthOffset)).
func Dated(rows []Instalment, firstDue time.Time) []Instalment {
	out := make([]Instalment, len(rows))
	for i, r := range rows {
		r.DueDate = DueDate(firstDue, r.MonthOffset)
		out[i] = r
	}
	return out
}

// Interval measures from → to as whole calendar months counted forward from
// from (clamped as AddMonths) plus the remaining days: 15 January 2025 to 12
// February 2026 is 12 months and 28 days. from must not be after to (if it
// is, months is 0 and days negative). Times of day are ignored.
func Interval(from, to time.Time) (months, days int) {
	from, to = civil(from), civil(to)
	months = (to.Year()-from.Year())*12 + int(to.Month()-from.Month())
	for months > 0 && AddMonths(from, months).After(to) {
		months--
	}
	months = max(months, 0)
	days = int(to.Sub(AddMonths(from, months)).Hours() / 24)
	return months, days
}

// YearsBetween is Interval expressed in years: months/12 + days/365.
func YearsBetween(from, to time.Time) float64 {
	m, d := Interval(from, to)
	return float64(m)/12 + float64(d)/365
}
