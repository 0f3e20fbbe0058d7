package lending

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// TestSnapshotKeepsTheLendingCore: customers with their PINs, eligibility checks, broker offers and
// applications (with their decisions, signatures and documents) survive a restart through the
// snapshot file, so a saved application never points at a customer the restart forgot.
func TestSnapshotKeepsTheLendingCore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lending.json")
	h := harnessWithSnapshot(t, path, nil)

	// An application moved through its journey, decided, signed and verified (a customer with a PIN,
	// an eligibility check, a payee, a CPA); another in progress; a customer with wrong PIN attempts;
	// a broker offer.
	ready := h.readyForDrawdown("snap.ready@example.com")
	open := h.newApplication("snap.open@example.com", false)
	h.appStep(http.MethodPut, open.ID, "purpose", lending.PurposeRequest{Purpose: lending.PurposeCar})
	h.appStep(http.MethodPut, open.ID, "housing", testHousing)
	waitForFile(t, path) // written a moment after the changes
	var pinned lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: "snap.pin@example.com", Phone: "07700 900888",
		FirstName: "Sam", LastName: "Pin", DateOfBirth: "1985-02-03"}), http.StatusCreated, &pinned)
	h.must(h.do(http.MethodPut, "/customers/"+pinned.ID+"/pin", lending.PINRequest{PIN: "1357"}), http.StatusOK, nil)
	h.must(h.do(http.MethodPost, "/customers/"+pinned.ID+"/pin/verify", lending.PINRequest{PIN: "0000"}), http.StatusOK, nil)
	h.must(h.do(http.MethodPost, "/customers/"+pinned.ID+"/pin/verify", lending.PINRequest{PIN: "0001"}), http.StatusOK, nil)
	offer := h.createOffer("pu_northgate_broker")
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant("snap.check@example.com")), http.StatusCreated, &check)

	reads := []string{
		"/customers/" + ready.CustomerID, "/customers/" + open.CustomerID, "/customers/" + pinned.ID,
		"/customers?email=snap.pin@example.com", "/customers?phone=07700900888",
		"/applications/" + ready.ID, "/applications/" + ready.ID + "/decision", "/applications/" + ready.ID + "/commission",
		"/applications/" + open.ID, "/applications?customerId=" + ready.CustomerID,
		"/eligibility-checks/" + check.ID,
		"/broker-offers/" + offer.Offer.ID, "/broker-offers?brokerId=" + personas.NorthgateID,
		"/broker-offers/by-token/" + offer.ClientToken,
	}
	for _, kind := range lending.DocumentKinds() {
		reads = append(reads, "/applications/"+ready.ID+"/documents/"+kind+"?format=html")
	}
	views := func(h *harness) map[string]string {
		out := map[string]string{}
		for _, path := range reads {
			a := h.do(http.MethodGet, path, nil, "Accept: application/json")
			if a.status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, a.status, a.body)
			}
			out[path] = string(a.body)
			if strings.Contains(path, "/documents/") { // the same bytes; generatedAt is the (restored) clock's now
				var d lending.Document
				if err := json.Unmarshal(a.body, &d); err != nil {
					t.Fatalf("GET %s: %v", path, err)
				}
				out[path] = d.SHA256
			}
		}
		return out
	}
	before := views(h)
	if err := h.p.Close(); err != nil { // shutdown: the last write
		t.Fatal(err)
	}

	h2 := harnessWithSnapshot(t, path, h.clock)
	if after := views(h2); !reflect.DeepEqual(before, after) {
		for path := range before {
			if before[path] != after[path] {
				t.Errorf("GET %s after the restart:\n%.2000s\nbefore:\n%.2000s", path, after[path], before[path])
			}
		}
		t.FailNow()
	}

	// The PIN's hash and its attempts came back: the right PIN still verifies, a wrong one counts on.
	var v lending.PINVerification
	h2.must(h2.do(http.MethodPost, "/customers/"+pinned.ID+"/pin/verify", lending.PINRequest{PIN: "0002"}), http.StatusOK, &v)
	if v.FailedAttempts != 3 {
		t.Fatalf("after the restart a wrong PIN = %+v, want the 3rd failed attempt", v)
	}
	h2.must(h2.do(http.MethodPost, "/customers/"+pinned.ID+"/pin/verify", lending.PINRequest{PIN: "1357"}), http.StatusOK, &v)
	if !v.Verified {
		t.Fatalf("after the restart the right PIN = %+v", v)
	}
	// The customers' indexes came back: their e-mail is still taken.
	h2.refused(h2.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: "SNAP.pin@example.com",
		FirstName: "Sam", LastName: "Pin"}), http.StatusConflict, lending.CodeCustomerExists)
	// The open application is still the customer's open one, and goes on where it stopped.
	h2.refused(h2.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: open.CustomerID,
		EligibilityCheckID: check.ID}), http.StatusConflict, lending.CodeApplicationExists)
	h2.appStep(http.MethodPut, open.ID, "income", testIncome)
	// The ready application draws down into a loan after the restart.
	var l lending.Loan
	h2.must(h2.do(http.MethodPost, "/loans", lending.CreateLoanRequest{ApplicationID: ready.ID}, "Idempotency-Key: snap-core"),
		http.StatusCreated, &l)
	if l.CustomerID != ready.CustomerID {
		b, _ := json.Marshal(l)
		t.Fatalf("loan after the restart: %s", b)
	}
}
