package lending

import (
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/personas"
)

func newCustomer(email, phone string) lending.CreateCustomerRequest {
	return lending.CreateCustomerRequest{Email: email, Phone: phone, FirstName: "Sam", LastName: "Taylor"}
}

func TestCreateAndFindCustomers(t *testing.T) {
	h := newHarness(t)
	var c lending.Customer
	req := newCustomer("  Sam.Taylor@Example.COM ", "07700 900555")
	req.DateOfBirth = "1991-07-07"
	req.Address = &lending.Address{Flat: "Flat 3", HouseName: "Rose Court", HouseNumber: "14", Street: "Mill Lane", Town: "Lowmere", Postcode: "lm24qt"}
	h.must(h.do(http.MethodPost, "/customers", req), http.StatusCreated, &c)
	if !strings.HasPrefix(c.ID, "cus_") || c.Email != "sam.taylor@example.com" || c.Phone != "+447700900555" ||
		c.FirstName != "Sam" || c.DateOfBirth != "1991-07-07" || c.Address == nil || c.Address.Postcode != "LM2 4QT" ||
		c.PIN != (lending.PINStatus{}) || c.Persona != "" || !c.CreatedAt.Equal(testNow) {
		t.Fatalf("customer = %+v", c)
	}

	for _, q := range []string{
		"email=" + url.QueryEscape("SAM.TAYLOR@example.com"),
		"phone=" + url.QueryEscape("+447700900555"),
		"phone=" + url.QueryEscape("07700-900-555"),
		"phone=" + url.QueryEscape("+44 (0)7700 900555"),
	} {
		var l lending.CustomerList
		h.must(h.do(http.MethodGet, "/customers?"+q, nil), http.StatusOK, &l)
		if len(l.Customers) != 1 || l.Customers[0].ID != c.ID {
			t.Fatalf("?%s = %+v", q, l)
		}
	}
	var byID lending.Customer
	h.must(h.do(http.MethodGet, "/customers/"+c.ID, nil), http.StatusOK, &byID)
	if byID.ID != c.ID {
		t.Fatalf("by id = %+v", byID)
	}

	for _, q := range []string{"email=nobody@example.com", "phone=07700900999"} {
		a := h.do(http.MethodGet, "/customers?"+q, nil)
		if a.status != http.StatusOK || string(a.body) != `{"customers":[]}`+"\n" {
			t.Fatalf("?%s = %d %s", q, a.status, a.body)
		}
	}
	for _, q := range []string{"", "email=", "email=a@b.example&phone=07700900555", "email=a@b.example&email=c@d.example",
		"email=a@b.example&x=1", "phone=12345"} {
		h.refused(h.do(http.MethodGet, "/customers?"+q, nil), http.StatusBadRequest, lending.CodeInvalidQuery)
	}
	h.refused(h.do(http.MethodGet, "/customers/cus_nope", nil), http.StatusNotFound, lending.CodeCustomerNotFound)
}

func TestCreateCustomerRefusals(t *testing.T) {
	h := newHarness(t)
	h.must(h.do(http.MethodPost, "/customers", newCustomer("taken@example.com", "07700900600")), http.StatusCreated, nil)
	tests := []struct {
		name   string
		req    lending.CreateCustomerRequest
		status int
		code   string
	}{
		{"e-mail taken, other case", newCustomer("TAKEN@example.com", ""), 409, lending.CodeCustomerExists},
		{"phone taken, other format", newCustomer("other@example.com", "+44 7700 900600"), 409, lending.CodeCustomerExists},
		{"a persona's e-mail", newCustomer(personas.Borrowers()[0].Email, ""), 409, lending.CodeCustomerExists},
		{"bad e-mail", newCustomer("not an email", ""), 422, lending.CodeEmailInvalid},
		{"display name", newCustomer("Sam <sam@example.com>", ""), 422, lending.CodeEmailInvalid},
		{"landline", newCustomer("sam@example.com", "020 7946 0123"), 422, lending.CodePhoneInvalid},
		{"short mobile", newCustomer("sam@example.com", "07700 90012"), 422, lending.CodePhoneInvalid},
		{"no name", lending.CreateCustomerRequest{Email: "sam@example.com"}, 422, lending.CodeInvalidRequest},
		{"birth date", lending.CreateCustomerRequest{Email: "sam@example.com", FirstName: "S", LastName: "T", DateOfBirth: "1990-02-30"}, 422, lending.CodeInvalidRequest},
		{"address postcode", lending.CreateCustomerRequest{Email: "sam@example.com", FirstName: "S", LastName: "T",
			Address: &lending.Address{HouseNumber: "1", Street: "A Street", Town: "Town", Postcode: "nope"}}, 422, lending.CodePostcodeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.refused(h.do(http.MethodPost, "/customers", tt.req), tt.status, tt.code)
		})
	}
}

func TestCreateCustomerIdempotency(t *testing.T) {
	h := newHarness(t)
	req := newCustomer("idem@example.com", "")
	var first, second lending.Customer
	h.must(h.do(http.MethodPost, "/customers", req, "Idempotency-Key: k-1"), http.StatusCreated, &first)
	a := h.do(http.MethodPost, "/customers", req, "Idempotency-Key: k-1")
	h.must(a, http.StatusCreated, &second)
	if second.ID != first.ID || a.header.Get(httpjson.ReplayedHeader) != "true" {
		t.Fatalf("replay = %+v (replayed %q), want %s", second, a.header.Get(httpjson.ReplayedHeader), first.ID)
	}
	h.refused(h.do(http.MethodPost, "/customers", newCustomer("other@example.com", ""), "Idempotency-Key: k-1"),
		http.StatusConflict, lending.CodeIdempotencyClash)
	h.refused(h.do(http.MethodPost, "/customers", req, "Idempotency-Key: k-2"), http.StatusConflict, lending.CodeCustomerExists)
	h.refused(h.do(http.MethodPost, "/customers", req, "Idempotency-Key: bad key"), http.StatusBadRequest, lending.CodeIdempotencyKey)

	// Concurrent duplicates with one key create one customer.
	var wg sync.WaitGroup
	ids := make([]string, 8)
	for i := range ids {
		wg.Go(func() {
			var c lending.Customer
			a := h.do(http.MethodPost, "/customers", newCustomer("race@example.com", ""), "Idempotency-Key: race")
			if a.status == http.StatusCreated {
				h.must(a, http.StatusCreated, &c)
			}
			ids[i] = c.ID
		})
	}
	wg.Wait()
	for _, id := range ids {
		if id == "" || id != ids[0] {
			t.Fatalf("concurrent creates answered ids %v", ids)
		}
	}
}

func TestSeededCustomers(t *testing.T) {
	h := newHarness(t)
	for _, b := range personas.Borrowers() {
		var l lending.CustomerList
		h.must(h.do(http.MethodGet, "/customers?email="+url.QueryEscape(b.Email), nil), http.StatusOK, &l)
		if len(l.Customers) != 1 {
			t.Fatalf("%s: not found by e-mail", b.Key)
		}
		c := l.Customers[0]
		if c.ID != b.CustomerID || c.Persona != b.Key || c.Phone != b.Phone || c.PIN.Set != (b.PIN != "") ||
			c.PIN.Locked != b.PINLocked || c.Address == nil || *c.Address != b.Address {
			t.Errorf("%s: customer = %+v", b.Key, c)
		}
		if b.PIN != "" && !b.PINLocked {
			var v lending.PINVerification
			h.must(h.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: b.PIN}), http.StatusOK, &v)
			if !v.Verified {
				t.Errorf("%s: the documented PIN does not verify", b.Key)
			}
		}
	}
}

// TestPINStateMachine runs the PIN's state machine step by step.
func TestPINStateMachine(t *testing.T) {
	type step struct {
		what      string
		action    string // set, verify, unlock
		pin       string
		status    int
		code      string
		verified  bool
		remaining int
		locked    bool
	}
	const ok = http.StatusOK
	tests := []struct {
		name  string
		steps []step
	}{
		{"not set", []step{
			{"verify before any PIN", "verify", "1234", 409, lending.CodePINNotSet, false, 0, false},
			{"set", "set", "1234", ok, "", false, 0, false},
			{"right", "verify", "1234", ok, "", true, 5, false},
		}},
		{"shape", []step{
			{"3 digits", "set", "123", 422, lending.CodePINInvalid, false, 0, false},
			{"7 digits", "set", "1234567", 422, lending.CodePINInvalid, false, 0, false},
			{"letters", "set", "12a4", 422, lending.CodePINInvalid, false, 0, false},
			{"Arabic-Indic digits", "set", "١٢٣٤", 422, lending.CodePINInvalid, false, 0, false},
			{"6 digits", "set", "123456", ok, "", false, 0, false},
			{"malformed attempt is not counted", "verify", "12", 422, lending.CodePINInvalid, false, 0, false},
			{"right", "verify", "123456", ok, "", true, 5, false},
		}},
		{"a right PIN clears failures", []step{
			{"set", "set", "2468", ok, "", false, 0, false},
			{"wrong 1", "verify", "1111", ok, "", false, 4, false},
			{"wrong 2", "verify", "2222", ok, "", false, 3, false},
			{"wrong 3", "verify", "3333", ok, "", false, 2, false},
			{"wrong 4", "verify", "4444", ok, "", false, 1, false},
			{"right", "verify", "2468", ok, "", true, 5, false},
			{"wrong again", "verify", "1111", ok, "", false, 4, false},
		}},
		{"five wrong lock until unlocked", []step{
			{"set", "set", "2468", ok, "", false, 0, false},
			{"wrong 1", "verify", "1111", ok, "", false, 4, false},
			{"wrong 2", "verify", "1111", ok, "", false, 3, false},
			{"wrong 3", "verify", "1111", ok, "", false, 2, false},
			{"wrong 4", "verify", "1111", ok, "", false, 1, false},
			{"wrong 5 locks", "verify", "1111", ok, "", false, 0, true},
			{"right PIN while locked", "verify", "2468", 423, lending.CodePINLocked, false, 0, false},
			{"wrong PIN while locked", "verify", "1111", 423, lending.CodePINLocked, false, 0, false},
			{"unlock", "unlock", "", ok, "", false, 0, false},
			{"right after unlock", "verify", "2468", ok, "", true, 5, false},
		}},
		{"a new PIN lifts a lock", []step{
			{"set", "set", "2468", ok, "", false, 0, false},
			{"malformed", "verify", "1", 422, lending.CodePINInvalid, false, 0, false},
			{"wrong 1", "verify", "0000", ok, "", false, 4, false},
			{"wrong 2", "verify", "0000", ok, "", false, 3, false},
			{"wrong 3", "verify", "0000", ok, "", false, 2, false},
			{"wrong 4", "verify", "0000", ok, "", false, 1, false},
			{"wrong 5 locks", "verify", "0000", ok, "", false, 0, true},
			{"set a new PIN", "set", "97531", ok, "", false, 0, false},
			{"old PIN is wrong", "verify", "2468", ok, "", false, 4, false},
			{"new PIN is right", "verify", "97531", ok, "", true, 5, false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var c lending.Customer
			h.must(h.do(http.MethodPost, "/customers", newCustomer("pin@example.com", "")), http.StatusCreated, &c)
			base := "/customers/" + c.ID + "/pin"
			for _, s := range tt.steps {
				var a answer
				switch s.action {
				case "set":
					a = h.do(http.MethodPut, base, lending.PINRequest{PIN: s.pin})
				case "verify":
					a = h.do(http.MethodPost, base+"/verify", lending.PINRequest{PIN: s.pin})
				case "unlock":
					a = h.do(http.MethodDelete, base+"/lock", nil)
				}
				if s.code != "" {
					if a.status != s.status || a.code() != s.code {
						t.Fatalf("%s: = %d %s, want %d %s", s.what, a.status, a.code(), s.status, s.code)
					}
					continue
				}
				switch s.action {
				case "verify":
					var v lending.PINVerification
					h.must(a, s.status, &v)
					want := lending.PINVerification{Verified: s.verified, AttemptsRemaining: s.remaining, Locked: s.locked,
						FailedAttempts: lending.MaxPINAttempts - s.remaining}
					if s.locked { // the clock stands still here: the lock lasts the period from now
						want.LockedUntil = testNow.Add(lending.PINLockPeriod)
					}
					if v != want {
						t.Fatalf("%s: = %+v, want %+v", s.what, v, want)
					}
				default:
					var got lending.Customer
					h.must(a, s.status, &got)
					if got.PIN != (lending.PINStatus{Set: true}) {
						t.Fatalf("%s: PIN status = %+v, want set, unlocked, no failures", s.what, got.PIN)
					}
				}
			}
		})
	}
}

// TestPINLockUnderConcurrency: many wrong attempts at once lock after exactly five.
func TestPINLockUnderConcurrency(t *testing.T) {
	h := newHarness(t)
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", newCustomer("race@example.com", "")), http.StatusCreated, &c)
	h.must(h.do(http.MethodPut, "/customers/"+c.ID+"/pin", lending.PINRequest{PIN: "2468"}), http.StatusOK, nil)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
	)
	for range 20 {
		wg.Go(func() {
			a := h.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: "1111"})
			mu.Lock()
			statuses[a.status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if statuses[http.StatusOK] != lending.MaxPINAttempts || statuses[http.StatusLocked] != 20-lending.MaxPINAttempts {
		t.Fatalf("statuses = %v", statuses)
	}
}

// TestPINStoredHashedAndSalted: the record holds no plaintext, and the same PIN hashes differently for
// two customers.
func TestPINStoredHashedAndSalted(t *testing.T) {
	h := newHarness(t)
	var a, b lending.Customer
	h.must(h.do(http.MethodPost, "/customers", newCustomer("a@example.com", "")), http.StatusCreated, &a)
	h.must(h.do(http.MethodPost, "/customers", newCustomer("b@example.com", "")), http.StatusCreated, &b)
	for _, id := range []string{a.ID, b.ID} {
		ans := h.do(http.MethodPut, "/customers/"+id+"/pin", lending.PINRequest{PIN: "8642"})
		if strings.Contains(string(ans.body), "8642") {
			t.Fatalf("answer echoes the PIN: %s", ans.body)
		}
	}
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	sa, sb := h.p.st.customers[a.ID].pin.secret, h.p.st.customers[b.ID].pin.secret
	if sa.hash == sb.hash || sa.salt == sb.salt || sa.hash == sha256.Sum256([]byte("8642")) {
		t.Fatal("PIN hashes are not salted per customer")
	}
	if !sa.matches("8642") || sa.matches("8643") {
		t.Fatal("hash does not verify")
	}
}

func TestPINRoutesOfUnknownCustomer(t *testing.T) {
	h := newHarness(t)
	h.refused(h.do(http.MethodPut, "/customers/cus_nope/pin", lending.PINRequest{PIN: "1234"}), 404, lending.CodeCustomerNotFound)
	h.refused(h.do(http.MethodPost, "/customers/cus_nope/pin/verify", lending.PINRequest{PIN: "1234"}), 404, lending.CodeCustomerNotFound)
	h.refused(h.do(http.MethodDelete, "/customers/cus_nope/pin/lock", nil), 404, lending.CodeCustomerNotFound)
	h.refused(h.do(http.MethodPut, "/customers/cus_nope/pin", `{"pin":1234}`), 400, lending.CodeBadRequest)
}
