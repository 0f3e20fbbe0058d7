package lending

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/snapshot"
)

// lockPIN gives the customer of id the PIN 2468 and locks it with wrong PINs, answering the
// verification of the attempt that locked it.
func (h *harness) lockPIN(id string) lending.PINVerification {
	h.t.Helper()
	h.must(h.do(http.MethodPut, "/customers/"+id+"/pin", lending.PINRequest{PIN: "2468"}), http.StatusOK, nil)
	return h.lockWithWrongPINs(id)
}

// lockWithWrongPINs locks the PIN of the customer of id with wrong PINs, answering the verification of
// the attempt that locked it.
func (h *harness) lockWithWrongPINs(id string) lending.PINVerification {
	h.t.Helper()
	var v lending.PINVerification
	for range lending.MaxPINAttempts {
		h.must(h.do(http.MethodPost, "/customers/"+id+"/pin/verify", lending.PINRequest{PIN: "1111"}), http.StatusOK, &v)
	}
	if !v.Locked {
		h.t.Fatalf("the last wrong PIN did not lock: %+v", v)
	}
	return v
}

// pinStatus is the PIN status the customer of id shows, read by id and by e-mail address.
func (h *harness) pinStatus(id, email string) lending.PINStatus {
	h.t.Helper()
	var byID lending.Customer
	var byEmail lending.CustomerList
	h.must(h.do(http.MethodGet, "/customers/"+id, nil), http.StatusOK, &byID)
	h.must(h.do(http.MethodGet, "/customers?email="+email, nil), http.StatusOK, &byEmail)
	if len(byEmail.Customers) != 1 || !byEmail.Customers[0].PIN.LockedUntil.Equal(byID.PIN.LockedUntil) ||
		byEmail.Customers[0].PIN.Locked != byID.PIN.Locked || byEmail.Customers[0].PIN.FailedAttempts != byID.PIN.FailedAttempts {
		h.t.Fatalf("by id the PIN is %+v, by e-mail %+v", byID.PIN, byEmail.Customers)
	}
	return byID.PIN
}

// TestPINLockLiftsAfterItsPeriod: the fifth wrong PIN locks the PIN for lending.PINLockPeriod on the
// sandbox clock; it holds until the last instant of the period and lifts at its end, with the failed
// attempts starting again from 0.
func TestPINLockLiftsAfterItsPeriod(t *testing.T) {
	h := newHarness(t)
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", newCustomer("lapse@example.com", "")), http.StatusCreated, &c)
	v := h.lockPIN(c.ID)
	until := testNow.Add(lending.PINLockPeriod)
	if !v.LockedUntil.Equal(until) || v.FailedAttempts != lending.MaxPINAttempts || v.AttemptsRemaining != 0 {
		t.Fatalf("the locking attempt = %+v, want locked until %s", v, until)
	}
	if got := h.pinStatus(c.ID, c.Email); !got.Set || !got.Locked || got.FailedAttempts != lending.MaxPINAttempts ||
		!got.LockedUntil.Equal(until) {
		t.Fatalf("the locked PIN = %+v", got)
	}

	if _, err := h.clock.Advance(lending.PINLockPeriod - time.Second); err != nil {
		t.Fatal(err)
	}
	a := h.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: "2468"})
	h.refused(a, http.StatusLocked, lending.CodePINLocked)
	if !strings.Contains(a.message(), until.Format(time.RFC3339)) {
		t.Fatalf("the refusal %q does not say until when", a.message())
	}
	if got := h.pinStatus(c.ID, c.Email); !got.Locked || !got.LockedUntil.Equal(until) {
		t.Fatalf("a second before the end the PIN = %+v, want still locked", got)
	}

	if _, err := h.clock.Advance(time.Second); err != nil {
		t.Fatal(err)
	}
	if got := h.pinStatus(c.ID, c.Email); got != (lending.PINStatus{Set: true}) {
		t.Fatalf("at the end of the period the PIN = %+v, want set, unlocked, no failures", got)
	}
	h.must(h.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: "1111"}), http.StatusOK, &v)
	if v.Locked || v.FailedAttempts != 1 || v.AttemptsRemaining != lending.MaxPINAttempts-1 {
		t.Fatalf("a wrong PIN after the lock lifted = %+v, want the first failure of five", v)
	}
	h.must(h.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: "2468"}), http.StatusOK, &v)
	if !v.Verified {
		t.Fatalf("the right PIN after the lock lifted = %+v", v)
	}

	// Locked again, the new lock has a period of its own.
	v = h.lockWithWrongPINs(c.ID)
	if want := h.clock.Now().Add(lending.PINLockPeriod); !v.LockedUntil.Equal(want) {
		t.Fatalf("the second lock lasts until %s, want %s", v.LockedUntil, want)
	}
}

// TestSnapshotKeepsPINLocks: a lock comes back from the snapshot with its lockedUntil; a lock saved
// before locks lifted by themselves (no lockedUntil) lifts the lock period after its lockedAt.
func TestSnapshotKeepsPINLocks(t *testing.T) {
	for _, tt := range []struct {
		name   string
		legacy bool // the file is rewritten as it was before lockedUntil was saved
	}{{"with lockedUntil", false}, {"written before lockedUntil", true}} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "lending.json")
			h := harnessWithSnapshot(t, path, nil)
			var c lending.Customer
			h.must(h.do(http.MethodPost, "/customers", newCustomer("snap.lock@example.com", "")), http.StatusCreated, &c)
			until := h.lockPIN(c.ID).LockedUntil
			if err := h.p.Close(); err != nil {
				t.Fatal(err)
			}
			if tt.legacy {
				dropLockedUntil(t, path)
			}

			h2 := harnessWithSnapshot(t, path, h.clock)
			h2.clock.Set(until.Add(-time.Second)) // the load put the clock back about where it was
			if got := h2.pinStatus(c.ID, c.Email); !got.Locked || !got.LockedUntil.Equal(until) ||
				got.FailedAttempts != lending.MaxPINAttempts {
				t.Fatalf("after the restart the PIN = %+v, want locked until %s", got, until)
			}
			h2.refused(h2.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: "2468"}),
				http.StatusLocked, lending.CodePINLocked)
			h2.clock.Set(until)
			var v lending.PINVerification
			h2.must(h2.do(http.MethodPost, "/customers/"+c.ID+"/pin/verify", lending.PINRequest{PIN: "2468"}), http.StatusOK, &v)
			if !v.Verified {
				t.Fatalf("at %s after the restart the right PIN = %+v", until, v)
			}
		})
	}
}

// dropLockedUntil rewrites the snapshot at path without the PINs' lockedUntil, as files were written
// before locks lifted by themselves.
func dropLockedUntil(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f snapshot.File
	var parts map[string]json.RawMessage
	var customers []map[string]any
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(f.Providers["lending"], &parts); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(parts["customers"], &customers); err != nil {
		t.Fatal(err)
	}
	dropped := 0
	for _, c := range customers {
		pin := c["pin"].(map[string]any)
		if _, ok := pin["lockedUntil"]; ok {
			delete(pin, "lockedUntil")
			dropped++
		}
	}
	if dropped == 0 {
		t.Fatal("the snapshot holds no lockedUntil to drop")
	}
	for _, step := range []func() error{
		func() (err error) { parts["customers"], err = json.Marshal(customers); return },
		func() (err error) { f.Providers["lending"], err = json.Marshal(parts); return },
		func() (err error) { b, err = json.Marshal(f); return },
		func() error { return os.WriteFile(path, b, 0o600) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
}
