// Package uktime writes instants and dates as the people we lend to read them: in UK time (GMT or
// BST), wherever the BFF runs, with the day first ("26 November 2026", "14:35").
package uktime

import (
	"time"
	_ "time/tzdata" // the UK's time zone, wherever the BFF runs
)

// Location is the zone of UK civil time.
var Location = func() *time.Location {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		panic("uktime: no Europe/London zone despite time/tzdata: " + err.Error())
	}
	return loc
}()

// Date is t's day in the UK: "26 November 2026".
func Date(t time.Time) string { return t.In(Location).Format("2 January 2006") }

// Clock is t's time of day in the UK, on the 24-hour clock: "14:35".
func Clock(t time.Time) string { return t.In(Location).Format("15:04") }

// CivilDate writes a calendar date given as YYYY-MM-DD ("2026-12-27" → "27 December 2026"); a value
// that is not one is answered as it is.
func CivilDate(iso string) string {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	return d.Format("2 January 2006")
}
