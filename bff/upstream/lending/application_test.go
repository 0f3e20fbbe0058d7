package lending

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"

	"lender/bff/upstream/transport"
)

func TestApplicationCodesAreMapped(t *testing.T) {
	for code, want := range applicationCodeErrors {
		err := classify(&transport.StatusError{Status: 409, Code: code})
		if !errors.Is(err, want) || codeErrors[code] != want {
			t.Errorf("%s → %v, want %v", code, err, want)
		}
	}
}

func TestRegStages(t *testing.T) {
	var r RegStages
	for i, s := range RegStageNames() {
		if i%2 == 0 {
			r.Set(s, StageDone)
		}
	}
	r.Set("nonsense", StageDone)
	if _, ok := r.Value("nonsense"); ok {
		t.Fatal("Value knows a stage that is not one")
	}
	want := []string{StageRentInfo, StageOpenBanking, StageIncomeVerification, StageWaitingPage, StageSetPhone, StageSetCPA,
		StageSignature, StageAdditionalOps}
	if got := r.Pending(); !slices.Equal(got, want) {
		t.Fatalf("Pending = %v, want %v", got, want)
	}
	if r.Welcome != 1 || r.PreApproval != 1 || r.IDV != 1 || r.RentInfo != 0 {
		t.Fatalf("fields %+v", r)
	}
}

// TestApplicationCallsRefusedWithoutACall: ids, kinds and formats that cannot be valid never reach
// the lending core.
func TestApplicationCallsRefusedWithoutACall(t *testing.T) {
	var calls atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.WriteHeader(http.StatusTeapot)
	}))
	defer ts.Close()
	c := New(transport.DefaultConfig(ts.URL), nil)
	ctx := context.Background()
	bad := "../customers"
	expect := func(name string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", name, err, want)
		}
	}
	_, err := c.Application(ctx, bad)
	expect("Application", err, ErrApplicationNotFound)
	_, err = c.ConfirmLoan(ctx, bad, ConfirmLoanRequest{})
	expect("ConfirmLoan", err, ErrApplicationNotFound)
	_, err = c.SubmitApplication(ctx, "app_1", "bad key")
	expect("SubmitApplication key", err, ErrInvalidRequest)
	_, err = c.CreateApplication(ctx, CreateApplicationRequest{}, "bad key")
	expect("CreateApplication key", err, ErrInvalidRequest)
	_, err = c.Decision(ctx, "")
	expect("Decision", err, ErrApplicationNotFound)
	_, err = c.Commission(ctx, "a/b")
	expect("Commission", err, ErrApplicationNotFound)
	_, err = c.Document(ctx, "app_1", "terms", FormatPDF)
	expect("Document kind", err, ErrDocumentNotFound)
	_, err = c.Document(ctx, "app_1", DocumentSECCI, "docx")
	expect("Document format", err, ErrInvalidRequest)
	_, err = c.Document(ctx, bad, DocumentSECCI, FormatPDF)
	expect("Document id", err, ErrApplicationNotFound)
	if list, err := c.CustomerApplications(ctx, bad); err != nil || list == nil || len(list) != 0 {
		t.Fatalf("CustomerApplications(bad) = %v, %v", list, err)
	}
	if n := calls.Load(); n != 0 {
		t.Fatalf("%d calls reached the server", n)
	}
}
