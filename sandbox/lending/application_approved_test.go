package lending

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// TestConfirmationOfPayee is the CoP table of sandbox/README.md, for a borrower called Jo Bloggs.
func TestConfirmationOfPayee(t *testing.T) {
	tests := []struct {
		name, accountName, account string
		outcome, reason, suggested string
	}{
		{"the same name", "Jo Bloggs", "31926819", lending.PayeeMatch, "", ""},
		{"case, spacing, punctuation and a title", "MR.  jo bloggs", "31926819", lending.PayeeMatch, "", ""},
		{"an initial", "J Bloggs", "31926819", lending.PayeeCloseMatch, "", "Jo Bloggs"},
		{"a misspelt first name", "Joe Bloggs", "31926819", lending.PayeeCloseMatch, "", "Jo Bloggs"},
		{"a misspelt surname", "Jo Blogs", "31926819", lending.PayeeCloseMatch, "", "Jo Bloggs"},
		{"another person", "Sam Taylor", "31926819", lending.PayeeNoMatch, lending.PayeeReasonNameMismatch, ""},
		{"same first name, another surname", "Jo Smith", "31926819", lending.PayeeNoMatch, lending.PayeeReasonNameMismatch, ""},
		{"the account that does not exist", "Jo Bloggs", CoPAccountNotFound, lending.PayeeNoMatch, lending.PayeeReasonAccountNotFound, ""},
		{"the business account, right name", "Jo Bloggs", CoPBusinessAccount, lending.PayeeNoMatch, lending.PayeeReasonBusinessAccount, ""},
		{"the business account, wrong name", "Sam Taylor", CoPBusinessAccount, lending.PayeeNoMatch, lending.PayeeReasonNameMismatch, ""},
	}
	h := newHarness(t)
	a := h.approved("cop@example.com")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pc lending.PayeeCheck
			h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/payee-confirmation", lending.PayeeRequest{AccountName: tt.accountName,
				SortCode: "99-01-02", AccountNumber: tt.account}), http.StatusOK, &pc)
			match := tt.outcome == lending.PayeeMatch
			if pc.Outcome != tt.outcome || pc.Reason != tt.reason || pc.AccountName != tt.suggested || pc.Confirmed != match ||
				(pc.Payee != nil) != match {
				t.Fatalf("= %+v", pc)
			}
			if match && (pc.Payee.SortCode != "99-01-02" || pc.Payee.AccountNumberLast4 != tt.account[4:] || pc.Payee.AccountName != tt.accountName) {
				t.Fatalf("payee %+v", pc.Payee)
			}
		})
	}
	// a close match is confirmed by asking again with the name the bank holds
	var pc lending.PayeeCheck
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/payee-confirmation", lending.PayeeRequest{AccountName: "J Bloggs",
		SortCode: "990102", AccountNumber: "11112222"}), http.StatusOK, &pc)
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/payee-confirmation", lending.PayeeRequest{AccountName: pc.AccountName,
		SortCode: "990102", AccountNumber: "11112222"}), http.StatusOK, &pc)
	if !pc.Confirmed || h.app(a.ID).Payee.AccountNumberLast4 != "2222" {
		t.Fatalf("after the suggested name: %+v", pc)
	}
	for _, bad := range []lending.PayeeRequest{
		{AccountName: "", SortCode: "990102", AccountNumber: "12345678"},
		{AccountName: "Jo Bloggs", SortCode: "99012", AccountNumber: "12345678"},
		{AccountName: "Jo Bloggs", SortCode: "99.01.02", AccountNumber: "12345678"},
		{AccountName: "Jo Bloggs", SortCode: "990102", AccountNumber: "1234567"},
		{AccountName: "Jo Bloggs", SortCode: "990102", AccountNumber: "1234567X"},
	} {
		h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/payee-confirmation", bad), 422, lending.CodeInvalidRequest)
	}
}

func TestNameMatching(t *testing.T) {
	for _, tt := range []struct{ given, held, want string }{
		{"Dr Anne-Marie O'Neill", "anne-marie o'neill", lending.PayeeMatch},
		{"Anne Marie ONeill", "Anne-Marie O'Neill", lending.PayeeCloseMatch}, // the hyphen makes two words
		{"Zoë Smith", "Zoe Smith", lending.PayeeCloseMatch},
		{"Smith", "Zoe Smith", lending.PayeeNoMatch},
		{"", "Zoe Smith", lending.PayeeNoMatch},
	} {
		if got := nameMatch(tt.given, tt.held); got != tt.want {
			t.Errorf("nameMatch(%q, %q) = %s, want %s", tt.given, tt.held, got, tt.want)
		}
	}
}

func TestPhoneStep(t *testing.T) {
	h := newHarness(t)
	a := h.approved("phone@example.com")
	got := h.appStep(http.MethodPut, a.ID, "phone", lending.PhoneRequest{Phone: "+44 7700 900 777"})
	if v, _ := got.RegStage.Value(lending.StageSetPhone); v != 1 {
		t.Fatal("setPhone still pending")
	}
	var c lending.Customer
	h.must(h.do(http.MethodGet, "/customers/"+a.CustomerID, nil), http.StatusOK, &c)
	var found lending.CustomerList
	h.must(h.do(http.MethodGet, "/customers?phone=07700900777", nil), http.StatusOK, &found)
	if c.Phone != "+447700900777" || len(found.Customers) != 1 || found.Customers[0].ID != c.ID {
		t.Fatalf("customer phone %q, found %+v", c.Phone, found)
	}
	h.appStep(http.MethodPut, a.ID, "phone", lending.PhoneRequest{Phone: "07700 900778"})
	h.must(h.do(http.MethodGet, "/customers?phone=07700900777", nil), http.StatusOK, &found)
	if len(found.Customers) != 0 {
		t.Fatal("the old number still finds the customer")
	}
	h.refused(h.do(http.MethodPut, "/applications/"+a.ID+"/phone", lending.PhoneRequest{Phone: "+447700900101"}), // up-to-date's
		http.StatusConflict, lending.CodeCustomerExists)
	h.refused(h.do(http.MethodPut, "/applications/"+a.ID+"/phone", lending.PhoneRequest{Phone: "020 7946 0000"}), 422, lending.CodePhoneInvalid)
}

func TestCPAAndIdentity(t *testing.T) {
	h := newHarness(t)
	a := h.approved("cpa@example.com")
	for _, tok := range []string{"", "card token", strings.Repeat("x", 65), "card/../x"} {
		h.refused(h.do(http.MethodPut, "/applications/"+a.ID+"/cpa", lending.CPARequest{CardToken: tok}), 422, lending.CodeInvalidRequest)
	}
	got := h.appStep(http.MethodPut, a.ID, "cpa", lending.CPARequest{CardToken: "card_0123456789abcdef"})
	if got.CPA == nil || got.CPA.CardToken != "card_0123456789abcdef" || !got.CPA.AttachedAt.Equal(testNow) {
		t.Fatalf("cpa %+v", got.CPA)
	}
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/identity-verification", lending.IdentityVerificationRequest{}), 422, lending.CodeInvalidRequest)
	got = h.appStep(http.MethodPost, a.ID, "identity-verification", lending.IdentityVerificationRequest{CheckID: "idc_42"})
	if got.Identity == nil || got.Identity.CheckID != "idc_42" {
		t.Fatalf("identity %+v", got.Identity)
	}
}

func TestCommissionAndSignature(t *testing.T) {
	h := newHarness(t)
	const email = "broker@example.com"
	ap := h.newApplicant(email)
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID, BrokerID: "brk_northgate"}), http.StatusCreated, &a)
	h.completeJourney(a, email)
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/commission-consent", lending.CommissionConsentRequest{Accept: true}),
		http.StatusConflict, lending.CodeApplicationStatus)
	a = h.appStep(http.MethodPost, a.ID, "submission", struct{}{})

	var cm lending.Commission
	h.must(h.do(http.MethodGet, "/applications/"+a.ID+"/commission", nil), http.StatusOK, &cm)
	if !cm.Required || cm.BrokerFirm != "Northgate Finance Brokers" || cm.AmountPence != 150_00 || !cm.ConsentedAt.IsZero() ||
		!strings.Contains(cm.Disclosure, "Northgate Finance Brokers") || !strings.Contains(cm.Disclosure, "£150.00") {
		t.Fatalf("commission %+v", cm)
	}
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/signature", lending.SignatureRequest{SignerName: "Jo Bloggs"}),
		http.StatusConflict, lending.CodeCommissionConsentNeeded)
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/commission-consent", lending.CommissionConsentRequest{}), 422, lending.CodeInvalidRequest)
	a = h.appStep(http.MethodPost, a.ID, "commission-consent", lending.CommissionConsentRequest{Accept: true})
	if v, _ := a.RegStage.Value(lending.StageCommissionConsent); v != 1 || !a.Commission.ConsentedAt.Equal(testNow) {
		t.Fatalf("commission consent %+v", a.Commission)
	}

	// signing: the name must be the borrower's, the hash (when given) today's agreement
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/signature", lending.SignatureRequest{SignerName: "Sam Taylor"}),
		422, lending.CodeSignerNameMismatch)
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/signature", lending.SignatureRequest{SignerName: "Jo Bloggs", DocumentSHA256: "abc"}),
		422, lending.CodeInvalidRequest)
	var doc lending.Document
	h.must(h.do(http.MethodGet, "/applications/"+a.ID+"/documents/credit-agreement?format=pdf", nil, "Accept: application/json"), http.StatusOK, &doc)
	h.clock.Advance(24 * time.Hour) // tomorrow's agreement has other dates
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/signature", lending.SignatureRequest{SignerName: "Jo Bloggs", DocumentSHA256: doc.SHA256}),
		http.StatusConflict, lending.CodeDocumentChanged)
	if h.app(a.ID).Signature != nil {
		t.Fatal("a refused signature was recorded")
	}
	h.must(h.do(http.MethodGet, "/applications/"+a.ID+"/documents/credit-agreement?format=pdf", nil, "Accept: application/json"), http.StatusOK, &doc)
	a = h.appStep(http.MethodPost, a.ID, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs", DocumentSHA256: strings.ToUpper(doc.SHA256)})
	s := a.Signature
	if s == nil || s.SignerName != "Jo Bloggs" || s.DocumentSHA256 != doc.SHA256 || s.Document != lending.DocumentCreditAgreement ||
		!s.SignedAt.Equal(testNow.Add(24*time.Hour)) {
		t.Fatalf("signature %+v", s)
	}
	// the signed agreement shows the signature, so its digest differs from the one signed
	var signed lending.Document
	h.must(h.do(http.MethodGet, "/applications/"+a.ID+"/documents/credit-agreement?format=pdf", nil, "Accept: application/json"), http.StatusOK, &signed)
	if signed.SHA256 == doc.SHA256 || !strings.Contains(pdfText(t, signed.Content), doc.SHA256) {
		t.Fatal("the signed agreement does not record the digest of what was signed")
	}
}

func TestDirectApplicationHasNoCommission(t *testing.T) {
	h := newHarness(t)
	a := h.approved("direct@example.com")
	if a.Commission.Required || a.Commission.AmountPence != 0 || a.Commission.Disclosure == "" {
		t.Fatalf("commission %+v", a.Commission)
	}
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/commission-consent", lending.CommissionConsentRequest{Accept: true}),
		http.StatusConflict, lending.CodeApplicationStatus)
}

func TestAdditionalOperations(t *testing.T) {
	h := newHarness(t)
	a := h.readyForDrawdown("ops@example.com")
	id := a.ID
	h.refused(h.do(http.MethodPost, "/applications/"+id+"/additional-operations", lending.AdditionalOperationRequest{Operation: "dance"}),
		422, lending.CodeInvalidRequest)

	// reset_cpa clears the CPA until a new card is attached
	a = h.appStep(http.MethodPost, id, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpResetCPA})
	a = h.appStep(http.MethodPost, id, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpResetCPA}) // twice: once
	if a.Status != lending.ApplicationApproved || a.CPA != nil || !slices.Equal(a.AdditionalOps, []string{lending.OpResetCPA}) ||
		!slices.Equal(a.RegStage.Pending(), []string{lending.StageSetCPA, lending.StageAdditionalOps}) {
		t.Fatalf("reset_cpa: %s cpa %+v ops %v pending %v", a.Status, a.CPA, a.AdditionalOps, a.RegStage.Pending())
	}
	if a = h.appStep(http.MethodPut, id, "cpa", lending.CPARequest{CardToken: "card_new"}); a.Status != lending.ApplicationReadyForDrawdown {
		t.Fatalf("after a new card: %s", a.Status)
	}

	// change_loan: at most the approved amount; the agreement must be signed again
	h.refused(h.do(http.MethodPost, "/applications/"+id+"/loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 4_000_00}),
		http.StatusConflict, lending.CodeApplicationStatus)
	h.appStep(http.MethodPost, id, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpChangeLoan})
	h.refused(h.do(http.MethodPost, "/applications/"+id+"/loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 6_000_00}),
		422, lending.CodeAmountAboveApproved)
	a = h.appStep(http.MethodPost, id, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 4_000_00})
	if a.Quote.AmountPence != 4_000_00 || a.Signature != nil || len(a.AdditionalOps) != 0 ||
		!slices.Equal(a.RegStage.Pending(), []string{lending.StageSignature}) {
		t.Fatalf("change_loan: %d signature %+v ops %v pending %v", a.Quote.AmountPence, a.Signature, a.AdditionalOps, a.RegStage.Pending())
	}
	h.appStep(http.MethodPost, id, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs"})

	// address: the history may change again, and must still reach back 3 years to complete it
	h.appStep(http.MethodPost, id, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpAddress})
	a = h.appStep(http.MethodPut, id, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_HB12WX_03", MovedIn: "2025-01"}}})
	if !slices.Equal(a.AdditionalOps, []string{lending.OpAddress}) || a.Status != lending.ApplicationApproved {
		t.Fatalf("a short history completed the address operation: %v", a.AdditionalOps)
	}
	a = h.appStep(http.MethodPut, id, "addresses", testHistory())
	if len(a.AdditionalOps) != 0 || a.Status != lending.ApplicationReadyForDrawdown {
		t.Fatalf("address: %v %s", a.AdditionalOps, a.Status)
	}

	// open_banking: skipping does not do it, linking does
	h.appStep(http.MethodPost, id, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpOpenBanking})
	h.refused(h.do(http.MethodPut, "/applications/"+id+"/open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped}),
		http.StatusConflict, lending.CodeApplicationStatus)
	a = h.appStep(http.MethodPut, id, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: "cons_2"})
	if len(a.AdditionalOps) != 0 || a.OpenBanking.ConsentID != "cons_2" || a.Status != lending.ApplicationReadyForDrawdown {
		t.Fatalf("open_banking: %v %+v %s", a.AdditionalOps, a.OpenBanking, a.Status)
	}
}

// TestDrawdownHandOff is the contract with the loans part: ApplicationForDrawdown answers a ready
// application's terms, MarkDrawnDown closes it once.
func TestDrawdownHandOff(t *testing.T) {
	h := newHarness(t)
	approved := h.approved("handoff-early@example.com")
	ready := h.readyForDrawdown("handoff@example.com")

	h.p.mu.Lock()
	_, perr := h.p.st.ApplicationForDrawdown(approved.ID, h.clock.Now())
	if perr == nil || perr.status != http.StatusConflict || perr.code != lending.CodeApplicationStatus ||
		!strings.Contains(perr.message, "setPassword, setPhone, confirmationPayee, setCpa, signature, idv") {
		t.Fatalf("not ready: %v", perr)
	}
	if _, perr := h.p.st.ApplicationForDrawdown("app_nobody", h.clock.Now()); perr == nil || perr.code != lending.CodeApplicationNotFound {
		t.Fatalf("unknown: %v", perr)
	}
	d, perr := h.p.st.ApplicationForDrawdown(ready.ID, h.clock.Now())
	if perr != nil {
		t.Fatal(perr)
	}
	if d.Application.ID != ready.ID || d.Application.Status != lending.ApplicationReadyForDrawdown || d.CustomerID != ready.CustomerID ||
		d.Terms != (DrawdownTerms{AmountPence: 5_000_00, TermMonths: 24, AnnualRatePercent: "9.9"}) ||
		d.Payee != (DrawdownPayee{AccountName: "Jo Bloggs", SortCode: "990102", AccountNumber: "31926819"}) ||
		d.CPACardToken != "card_test_"+ready.ID || d.Signature.SignerName != "Jo Bloggs" || len(d.Signature.DocumentSHA256) != 64 {
		t.Fatalf("drawdown %+v", d)
	}
	if perr := h.p.st.MarkDrawnDown(ready.ID, "loan_1", h.clock.Now()); perr != nil {
		t.Fatal(perr)
	}
	perr = h.p.st.MarkDrawnDown(ready.ID, "loan_2", h.clock.Now())
	h.p.mu.Unlock()
	if perr == nil || perr.status != http.StatusConflict || !strings.Contains(perr.message, "loan_1") {
		t.Fatalf("second drawdown: %v", perr)
	}
	a := h.app(ready.ID)
	if a.Status != lending.ApplicationDrawnDown || a.LoanID != "loan_1" || a.PreDispersalStatus != lending.PreDispersalDisbursed ||
		!a.DrawnDownAt.Equal(testNow) || a.ApprovalStatus != lending.ApprovalApproved {
		t.Fatalf("drawn down: %s %q %d", a.Status, a.LoanID, a.PreDispersalStatus)
	}
	h.refused(h.do(http.MethodPost, "/applications/"+ready.ID+"/additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpSignAgain}),
		http.StatusConflict, lending.CodeApplicationStatus)
	h.refused(h.do(http.MethodPost, "/applications/"+ready.ID+"/start-over", struct{}{}), http.StatusConflict, lending.CodeApplicationStatus)
	// a drawn-down application is closed: the customer may apply again
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant("again@example.com")), http.StatusCreated, &check)
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ready.CustomerID, EligibilityCheckID: check.ID}),
		http.StatusCreated, nil)
}
