package lending

import (
	"fmt"
	"strconv"

	"lender/bff/upstream/lending"
)

// The rules a new PIN must keep that only the lending core can check, because only it knows the
// customer: not their date of birth written any common way, and not the PIN it replaces (kept only as
// a salted hash, so compared here and nowhere else). Runs of digits (1234, 4321, 1111) are the BFF
// contract's rule, which needs no customer.

const (
	msgPINDateOfBirth = "pin must not be the customer's date of birth"
	msgPINReused      = "pin must not be the customer's last PIN"
)

// refuseNewPIN says why pin cannot be c's new PIN, or nil when it can.
func (c *customer) refuseNewPIN(pin string) *problem {
	switch {
	case dateOfBirthPINs(c.dateOfBirth)[pin]:
		return invalid(lending.CodePINDateOfBirth, msgPINDateOfBirth)
	case c.pin.set && c.pin.secret.matches(pin):
		return invalid(lending.CodePINReused, msgPINReused)
	}
	return nil
}

// dateOfBirthPINs are the PINs (4 to 6 digits) a date of birth given as YYYY-MM-DD is written as: its
// day, month and year in any order, two or three of them, the day and month with or without a leading
// zero and the year in two or four digits (14 June 1988: 140688, 061488, 880614, 1406, 0614, 061988,
// 14688 …), and the year alone (1988). None for an unknown or unreadable date.
func dateOfBirthPINs(dob string) map[string]bool {
	t, ok := parseDate(dob)
	if !ok {
		return nil
	}
	day, month, year := t.Day(), int(t.Month()), t.Year()
	days := writtenAs(day)
	months := writtenAs(month)
	years := []string{fmt.Sprintf("%02d", year%100), strconv.Itoa(year)}

	out := map[string]bool{}
	keep := func(s string) {
		if len(s) >= lending.MinPINDigits && len(s) <= lending.MaxPINDigits {
			out[s] = true
		}
	}
	for _, y := range years {
		keep(y)
	}
	for _, d := range days {
		for _, m := range months {
			keep(d + m)
			keep(m + d)
			for _, y := range years {
				for _, order := range [][3]string{{d, m, y}, {m, d, y}, {y, m, d}, {y, d, m}, {d, y, m}, {m, y, d}} {
					keep(order[0] + order[1] + order[2])
				}
			}
		}
		for _, y := range years {
			keep(d + y)
			keep(y + d)
		}
	}
	for _, m := range months {
		for _, y := range years {
			keep(m + y)
			keep(y + m)
		}
	}
	return out
}

// writtenAs is a day or month as people write it: two digits, and one when below 10.
func writtenAs(n int) []string {
	if n < 10 {
		return []string{fmt.Sprintf("%02d", n), strconv.Itoa(n)}
	}
	return []string{strconv.Itoa(n)}
}
