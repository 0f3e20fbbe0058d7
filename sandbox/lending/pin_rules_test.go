package lending

import (
	"net/http"
	"testing"

	"lender/bff/upstream/lending"
)

// TestNewPINRules: a new PIN may be neither the customer's date of birth written any common way nor the
// PIN it replaces; anything else of 4 to 6 digits is taken, runs of digits included (those are the
// BFF contract's rule, which needs no customer).
func TestNewPINRules(t *testing.T) {
	tests := []struct {
		name, dob, old, pin string
		code                string // "" when the PIN is taken
	}{
		{"DDMMYY", "1988-06-14", "", "140688", lending.CodePINDateOfBirth},
		{"MMDDYY", "1988-06-14", "", "061488", lending.CodePINDateOfBirth},
		{"YYMMDD", "1988-06-14", "", "880614", lending.CodePINDateOfBirth},
		{"YYDDMM", "1988-06-14", "", "881406", lending.CodePINDateOfBirth},
		{"DDMM", "1988-06-14", "", "1406", lending.CodePINDateOfBirth},
		{"MMDD", "1988-06-14", "", "0614", lending.CodePINDateOfBirth},
		{"YYYY", "1988-06-14", "", "1988", lending.CodePINDateOfBirth},
		{"MMYYYY", "1988-06-14", "", "061988", lending.CodePINDateOfBirth},
		{"YYYYMM", "1988-06-14", "", "198806", lending.CodePINDateOfBirth},
		{"DDYYYY", "1988-06-14", "", "141988", lending.CodePINDateOfBirth},
		{"MMYY", "1988-06-14", "", "0688", lending.CodePINDateOfBirth},
		{"DDMYY, no leading zero", "1988-06-14", "", "14688", lending.CodePINDateOfBirth},
		{"DMYY", "1981-05-05", "", "5581", lending.CodePINDateOfBirth},
		{"DMYYYY", "1981-05-05", "", "551981", lending.CodePINDateOfBirth},
		{"DDMMYY with zeros", "1981-05-05", "", "050581", lending.CodePINDateOfBirth},
		{"another date", "1988-06-14", "", "150688", ""},
		{"a PIN of someone without a date of birth", "", "", "140688", ""},
		{"the last PIN", "1988-06-14", "2580", "2580", lending.CodePINReused},
		{"a new PIN", "1988-06-14", "2580", "2581", ""},
		{"a run of digits is the BFF's rule", "1988-06-14", "2580", "1234", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			req := newCustomer("rules@example.com", "")
			req.DateOfBirth = tt.dob
			var c lending.Customer
			h.must(h.do(http.MethodPost, "/customers", req), http.StatusCreated, &c)
			base := "/customers/" + c.ID + "/pin"
			if tt.old != "" {
				h.must(h.do(http.MethodPut, base, lending.PINRequest{PIN: tt.old}), http.StatusOK, nil)
			}
			a := h.do(http.MethodPut, base, lending.PINRequest{PIN: tt.pin})
			if tt.code == "" {
				h.must(a, http.StatusOK, nil)
				return
			}
			h.refused(a, http.StatusUnprocessableEntity, tt.code)
			// A refused PIN changes nothing: the old one (or none) stands.
			v := h.do(http.MethodPost, base+"/verify", lending.PINRequest{PIN: tt.pin})
			switch {
			case tt.old == "":
				h.refused(v, http.StatusConflict, lending.CodePINNotSet)
			case tt.old == tt.pin:
				var got lending.PINVerification
				if h.must(v, http.StatusOK, &got); !got.Verified {
					t.Fatalf("the old PIN after the refusal: %+v", got)
				}
			}
		})
	}
}

// TestANewPINUnlocksAndClearsFailedAttempts: wrong PINs are counted one by one, the fifth locks, and a
// new PIN (the one way the BFF lifts a lock before its time) clears the lock and the count; the PIN it
// replaced may not come back.
func TestANewPINUnlocksAndClearsFailedAttempts(t *testing.T) {
	h := newHarness(t)
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", newCustomer("unlock@example.com", "")), http.StatusCreated, &c)
	base := "/customers/" + c.ID + "/pin"
	h.must(h.do(http.MethodPut, base, lending.PINRequest{PIN: "2468"}), http.StatusOK, nil)
	for n := 1; n <= lending.MaxPINAttempts; n++ {
		var v lending.PINVerification
		h.must(h.do(http.MethodPost, base+"/verify", lending.PINRequest{PIN: "1111"}), http.StatusOK, &v)
		locks := n == lending.MaxPINAttempts
		if got := h.pinStatus(c.ID, c.Email); got.FailedAttempts != n || got.Locked != locks || v.Locked != locks ||
			v.AttemptsRemaining != lending.MaxPINAttempts-n {
			t.Fatalf("after %d wrong PINs: %+v (attempt %+v)", n, got, v)
		}
	}

	h.refused(h.do(http.MethodPut, base, lending.PINRequest{PIN: "2468"}), http.StatusUnprocessableEntity, lending.CodePINReused)
	if got := h.pinStatus(c.ID, c.Email); !got.Locked {
		t.Fatalf("a refused new PIN lifted the lock: %+v", got)
	}

	var cu lending.Customer
	h.must(h.do(http.MethodPut, base, lending.PINRequest{PIN: "97531"}), http.StatusOK, &cu)
	if cu.PIN != (lending.PINStatus{Set: true}) || h.pinStatus(c.ID, c.Email) != (lending.PINStatus{Set: true}) {
		t.Fatalf("after a new PIN: %+v", cu.PIN)
	}
	var v lending.PINVerification
	h.must(h.do(http.MethodPost, base+"/verify", lending.PINRequest{PIN: "97531"}), http.StatusOK, &v)
	if !v.Verified {
		t.Fatalf("the new PIN: %+v", v)
	}
}
