package lending_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
	"lender/sandbox/server"
)

// sandbox is the whole sandbox over real HTTP.
type sandbox struct {
	t  *testing.T
	ts *httptest.Server
}

func (s sandbox) call(method, path string, body any, out any) int {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.ts.URL+path, rd)
	resp, err := s.ts.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			s.t.Fatal(err)
		}
	}
	return resp.StatusCode
}

func customerByEmail(s sandbox, email string) (lending.Customer, bool) {
	var l lending.CustomerList
	s.call(http.MethodGet, "/lending/v1/customers?email="+url.QueryEscape(email), nil, &l)
	if len(l.Customers) == 0 {
		return lending.Customer{}, false
	}
	return l.Customers[0], true
}

// TestSandboxResetRestoresLendingSeed: POST /_sandbox/reset forgets what was created, restores the
// personas' PINs and locks, and forgets offers and their tokens.
func TestSandboxResetRestoresLendingSeed(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{}))
	defer ts.Close()
	s := sandbox{t: t, ts: ts}

	var created lending.Customer
	if st := s.call(http.MethodPost, "/lending/v1/customers",
		lending.CreateCustomerRequest{Email: "new@example.com", FirstName: "N", LastName: "Ew"}, &created); st != http.StatusCreated {
		t.Fatalf("create = %d", st)
	}
	upToDate, locked := personas.Borrowers()[0], personas.Borrowers()[5]
	if upToDate.Key != "up-to-date" || locked.Key != "pin-locked" || !locked.PINLocked {
		t.Fatalf("persona order changed: %s, %s", upToDate.Key, locked.Key)
	}
	// Lock the up-to-date persona's PIN, unlock the locked one with a new PIN.
	for range lending.MaxPINAttempts {
		s.call(http.MethodPost, "/lending/v1/customers/"+upToDate.CustomerID+"/pin/verify", lending.PINRequest{PIN: "0000"}, nil)
	}
	s.call(http.MethodPut, "/lending/v1/customers/"+locked.CustomerID+"/pin", lending.PINRequest{PIN: "9999"}, nil)
	var offer lending.CreatedBrokerOffer
	s.call(http.MethodPost, "/lending/v1/broker-offers", lending.CreateBrokerOfferRequest{PortalUserID: "pu_kestrel_broker",
		Client: lending.OfferClient{FirstName: "A", LastName: "B", Email: "ab@example.com"}, AmountPence: 2_000_00, TermMonths: 12}, &offer)

	if c, _ := customerByEmail(s, upToDate.Email); !c.PIN.Locked {
		t.Fatalf("before reset: %+v", c.PIN)
	}
	resetFrom := time.Now()
	if st := s.call(http.MethodPost, "/_sandbox/reset", nil, nil); st != http.StatusOK {
		t.Fatalf("reset = %d", st)
	}
	resetBy := time.Now()

	if _, ok := customerByEmail(s, "new@example.com"); ok {
		t.Fatal("a created customer survived the reset")
	}
	if c, _ := customerByEmail(s, upToDate.Email); c.PIN != (lending.PINStatus{Set: true}) {
		t.Fatalf("up-to-date after reset: %+v", c.PIN)
	}
	// The seeded lock is made by the reset, on the sandbox clock (real time again after a reset).
	c, _ := customerByEmail(s, locked.Email)
	until := c.PIN.LockedUntil
	if c.PIN != (lending.PINStatus{Set: true, Locked: true, FailedAttempts: lending.MaxPINAttempts, LockedUntil: until}) ||
		until.Before(resetFrom.Add(lending.PINLockPeriod)) || until.After(resetBy.Add(lending.PINLockPeriod)) {
		t.Fatalf("pin-locked after reset: %+v, want locked for %s from the reset", c.PIN, lending.PINLockPeriod)
	}
	var v lending.PINVerification
	if st := s.call(http.MethodPost, "/lending/v1/customers/"+upToDate.CustomerID+"/pin/verify",
		lending.PINRequest{PIN: upToDate.PIN}, &v); st != http.StatusOK || !v.Verified {
		t.Fatalf("the seeded PIN after reset: %d %+v", st, v)
	}
	if st := s.call(http.MethodGet, "/lending/v1/broker-offers/by-token/"+offer.ClientToken, nil, nil); st != http.StatusNotFound {
		t.Fatalf("an offer's token after reset = %d, want 404", st)
	}
}

func TestSandboxServesPersonas(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{}))
	defer ts.Close()
	s := sandbox{t: t, ts: ts}
	var c personas.Catalogue
	if st := s.call(http.MethodGet, "/_sandbox/personas", nil, &c); st != http.StatusOK {
		t.Fatalf("GET /_sandbox/personas = %d", st)
	}
	if !reflect.DeepEqual(c, personas.All()) {
		t.Fatal("the served catalogue is not personas.All()")
	}
	if st := s.call(http.MethodPost, "/_sandbox/personas", nil, nil); st != http.StatusMethodNotAllowed {
		t.Fatalf("POST /_sandbox/personas = %d", st)
	}
	// Every seeded borrower is a customer of the lending core.
	for _, b := range c.Borrowers {
		if cu, ok := customerByEmail(s, b.Email); !ok || cu.ID != b.CustomerID {
			t.Errorf("%s is not a customer", b.Key)
		}
	}
}
