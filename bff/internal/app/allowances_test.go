package app

import (
	"net/http"
	"strconv"
	"testing"

	"lender/sandbox/personas"
)

// The per-IP allowances of signing in (docs/decisions/sign-in-allowances.md): borrowers' sends and
// verifies, and staff's own, each counted apart.

// TestStaffAndBorrowersHaveSeparateAllowances: borrowers behind an address using up their verifies
// leave staff at that address signing in and acting for borrowers, and staff using up theirs leave
// borrowers signing in. A borrower cannot borrow staff's allowance with a made-up staff token: that
// request checks no code.
func TestStaffAndBorrowersHaveSeparateAllowances(t *testing.T) {
	t.Parallel()
	env := map[string]string{"BFF_AUTH_VERIFIES_PER_IP": "3", "BFF_AUTH_STAFF_SIGN_INS_PER_IP": "3"}
	p := persona(t)

	t.Run("borrowers used up theirs", func(t *testing.T) {
		st := startStack(t, env)
		for range 3 {
			st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email, "code": "000000"}, nil, nil).
				expectFailure(t, 200, 100502, "")
		}
		st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email, "code": "000000"}, nil, nil).
			expectFailure(t, 429, 100429, "Please wait")

		sl, staffCookie := staffSignIn(t, st) // staff 1 of 3
		header := map[string]string{"staffToken": sl.StaffToken}
		for range 2 { // staff 2 and 3 of 3
			if u, _ := st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email},
				[]*http.Cookie{staffCookie}, header).signedIn(t); !u.StaffActing {
				t.Fatalf("acting for a borrower answered %+v", u)
			}
		}
		st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email}, []*http.Cookie{staffCookie}, header).
			expectFailure(t, 429, 100429, "Please wait")
		staff := personas.StaffAccounts()[0]
		st.send("/account/staffLogin", map[string]string{"account": staff.Account, "password": staff.Password}, nil, nil).
			expectFailure(t, 429, 100429, "Please wait")
	})

	t.Run("staff used up theirs", func(t *testing.T) {
		st := startStack(t, env)
		staff := personas.StaffAccounts()[0]
		for range 3 {
			st.send("/account/staffLogin", map[string]string{"account": staff.Account, "password": "not it"}, nil, nil).
				expectFailure(t, 200, 100614, "")
		}
		st.send("/account/staffLogin", map[string]string{"account": staff.Account, "password": staff.Password}, nil, nil).
			expectFailure(t, 429, 100429, "Please wait")
		// A made-up staff token takes from staff's allowance (now gone) and never reaches a code.
		st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email, "code": "000000"}, nil,
			map[string]string{"staffToken": "made-up"}).expectFailure(t, 429, 100429, "Please wait")

		// The borrower signs in by code: a send and a verify of the borrowers' own allowances.
		st.send("/account/sendEmailVerify", map[string]string{"type": "EMAIL", "param": p.Email}, nil, nil)
		if u, _ := st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": p.Email,
			"code": st.code(p.Email, "email")}, nil, nil).signedIn(t); u.Uuid != p.CustomerID || u.StaffActing {
			t.Fatalf("the borrower's code sign-in answered %+v", u)
		}
	})
}

// TestTheDefaultPerIPAllowanceServesAHouseholdOfTen: with the shipped figures, ten people behind one
// address can each use their whole per-address allowance in one window (5 sends, 10 code attempts);
// the eleventh person's send and attempt are refused. None of the hundred wrong codes gets in: each
// code dies after its tries, and each address after its attempts.
func TestTheDefaultPerIPAllowanceServesAHouseholdOfTen(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	for person := range 10 {
		email := "household-" + strconv.Itoa(person) + "@example.com"
		for range 5 {
			if a := st.send("/account/sendEmailVerify", map[string]string{"type": "EMAIL", "param": email}, nil, nil); a.env.Status != 200 {
				t.Fatalf("%s: a send within the household's allowance: %s", email, a.body)
			}
		}
		for i := range 10 {
			a := st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": email, "code": "000000"}, nil, nil)
			if a.res.StatusCode != http.StatusOK || a.env.Status == 200 {
				t.Fatalf("%s: code attempt %d within the household's allowance: HTTP %d %s", email, i+1, a.res.StatusCode, a.body)
			}
		}
	}
	st.send("/account/sendEmailVerify", map[string]string{"type": "EMAIL", "param": "household-10@example.com"}, nil, nil).
		expectFailure(t, 429, 100429, "Please wait")
	st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": "household-10@example.com", "code": "000000"}, nil, nil).
		expectFailure(t, 429, 100429, "Please wait")
}
