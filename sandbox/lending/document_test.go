package lending

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/credit"
	"lender/sandbox/pdf"
)

// pdfText is the text of a PDF the sandbox wrote, all pages.
func pdfText(t *testing.T, b []byte) string {
	t.Helper()
	pages, err := pdf.ExtractText(b)
	if err != nil {
		t.Fatalf("not our PDF: %v", err)
	}
	return strings.Join(pages, "\n")
}

// raw fetches a document as a browser would (no JSON in Accept).
func (h *harness) fetchDoc(path string) *httptest.ResponseRecorder {
	h.t.Helper()
	req := httptest.NewRequest(http.MethodGet, "/lending/v1"+path, nil)
	req.Header.Set("Accept", "text/html,application/pdf;q=0.9,*/*;q=0.8")
	rec := httptest.NewRecorder()
	h.mux.ServeHTTP(rec, req)
	return rec
}

const hostile = `<script>alert(1)</script>`

// hostileApplication is an approved application whose borrower's name, purpose text and manual
// address hold markup.
func hostileApplication(h *harness) lending.Application {
	h.t.Helper()
	const email = "hostile@example.com"
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: email, FirstName: `Jo"><img src=x onerror=alert(1)>`,
		LastName: "Bloggs" + hostile, DateOfBirth: "1990-05-01"}), http.StatusCreated, &c)
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant("check@example.com")), http.StatusCreated, &check)
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: c.ID, EligibilityCheckID: check.ID}),
		http.StatusCreated, &a)
	h.completeJourney(a, email)
	h.appStep(http.MethodPut, a.ID, "purpose", lending.PurposeRequest{Purpose: lending.PurposeOther, PurposeText: "Fix " + hostile})
	h.appStep(http.MethodPut, a.ID, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
		{Address: &lending.Address{HouseName: "</td></tr>" + hostile, Street: "Orchard Close", Town: "Lowmere", Postcode: "LM3 8RD"}, MovedIn: "2010-01"}}})
	return h.appStep(http.MethodPost, a.ID, "submission", struct{}{})
}

func TestDocumentsHTMLEscapeWhatTheApplicantTyped(t *testing.T) {
	h := newHarness(t)
	a := hostileApplication(h)
	if a.Status != lending.ApplicationApproved {
		t.Fatalf("status %s", a.Status)
	}
	for _, kind := range lending.DocumentKinds() {
		t.Run(kind, func(t *testing.T) {
			rec := h.fetchDoc("/applications/" + a.ID + "/documents/" + kind + "?format=html")
			body := rec.Body.String()
			hd := rec.Header()
			if rec.Code != http.StatusOK || hd.Get("Content-Type") != "text/html; charset=utf-8" || hd.Get("X-Content-Type-Options") != "nosniff" ||
				!strings.Contains(hd.Get("Content-Security-Policy"), "default-src 'none'") || strings.Contains(hd.Get("Content-Security-Policy"), "unsafe") ||
				hd.Get("Cache-Control") != "no-store" {
				t.Fatalf("%d %v", rec.Code, hd)
			}
			if !strings.HasPrefix(body, "<!doctype html>") || !strings.Contains(body, `<html lang="en-GB">`) {
				t.Fatalf("not a page: %.80s", body)
			}
			for _, bad := range []string{"<script", "<img", `"><`, "</td></tr><"} {
				if strings.Contains(body, bad) {
					t.Fatalf("the page contains %q unescaped", bad)
				}
			}
			if !strings.Contains(body, "Bloggs&lt;script&gt;alert(1)&lt;/script&gt;") {
				t.Fatal("the borrower's name is not shown escaped")
			}
			if kind != lending.DocumentKeyFacts && kind != lending.DocumentSECCI && !strings.Contains(body, "Fix &lt;script&gt;") {
				t.Fatal("the purpose text is not shown escaped")
			}
			sum := sha256.Sum256(rec.Body.Bytes())
			if hd.Get("Content-Digest") != "sha-256=:"+base64.StdEncoding.EncodeToString(sum[:])+":" {
				t.Fatalf("Content-Digest %q", hd.Get("Content-Digest"))
			}
		})
	}
	// the CSP allows the page's one style block and nothing else
	rec := h.fetchDoc("/applications/" + a.ID + "/documents/secci?format=html")
	sum := sha256.Sum256([]byte(documentCSS))
	if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") ||
		!strings.Contains(rec.Body.String(), "<style>"+documentCSS+"</style>") {
		t.Fatal("the style block is not the one the CSP allows")
	}
}

func TestDocumentsCarryTheApplicationsFigures(t *testing.T) {
	h := newHarness(t)
	const email = "figures@example.com"
	a := h.newApplication(email, false)
	h.completeJourney(a, email)
	a = h.appStep(http.MethodPost, a.ID, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 7_500_00, TermMonths: 60})
	a = h.appStep(http.MethodPost, a.ID, "submission", struct{}{})
	q := a.Quote
	if q.MonthlyInstalmentPence != 14745 || q.FinalInstalmentPence != 14746 || q.TotalPayablePence != 884701 || q.APRPercent != "6.9" {
		t.Fatalf("quote %+v", q)
	}
	want := map[string][]string{
		lending.DocumentSECCI: {"Pre-contract credit information", "The total amount of credit £7,500.00", "60 months",
			"59 monthly repayments of £147.45 and a final repayment of £147.46, the first on 4 April 2026 and the last on 4 March 2031.",
			"The total amount you will have to pay £8,847.01", "6.7% a year", "(APR) 6.9%", "Total charge for credit £1,347.01",
			"with interest of £1.38 for each day", "Until 3 April 2026", "Jo Bloggs, Flat 2, Rose Court, 14 Mill Lane"},
		lending.DocumentKeyFacts: {"Your loan: key facts", "Amount of credit £7,500.00", "Monthly repayment £147.45", "Final repayment £147.46",
			"First repayment 4 April 2026", "APR 6.9%", "Total amount payable £8,847.01", "Representative example", "Name Jo Bloggs",
			"Address Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT", "Purpose buying a car", "4 March 2026"},
		lending.DocumentCreditAgreement: {"Fixed-sum loan agreement", "Borrower Jo Bloggs", "Borrower's address Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT",
			"Agreement number " + a.ID, "Date 4 March 2026", "Repayment schedule", "No. Due date Payment Interest Capital Balance",
			"1 4 April 2026 £147.45", "60 4 March 2031 £147.46", "£0.00", "Sign it only if you want to be legally bound",
			"Signature of the borrower: not yet signed."},
		lending.DocumentAdequateExplanation: {"Your loan explained", "You are borrowing £7,500.00 for buying a car, repaid over 60 months.",
			"which is £1,347.01 more than you borrow", "£30,000.00 a year, about £1,875.00 a month after tax", "is 7% of that"},
	}
	for _, kind := range lending.DocumentKinds() {
		t.Run(kind, func(t *testing.T) {
			rec := h.fetchDoc("/applications/" + a.ID + "/documents/" + kind + "?format=pdf")
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" ||
				!strings.HasPrefix(rec.Body.String(), "%PDF-") ||
				rec.Header().Get("Content-Disposition") != `inline; filename="`+kind+"-"+a.ID+`.pdf"` {
				t.Fatalf("%d %v %.8q", rec.Code, rec.Header(), rec.Body.String())
			}
			text := strings.Join(strings.Fields(pdfText(t, rec.Body.Bytes())), " ") // lines wrap anywhere
			html := h.fetchDoc("/applications/" + a.ID + "/documents/" + kind + "?format=html").Body.String()
			for _, w := range want[kind] {
				if !strings.Contains(text, w) {
					t.Errorf("the PDF lacks %q", w)
				}
				// the HTML has the same words, in table cells rather than on one line
				if first := strings.Fields(w)[0]; !strings.Contains(html, strings.ReplaceAll(first, "'", "&#39;")) {
					t.Errorf("the HTML lacks %q", first)
				}
			}
			if t.Failed() {
				t.Logf("PDF text:\n%s", text)
			}
		})
	}
}

func TestDocumentRenditions(t *testing.T) {
	h := newHarness(t)
	a := h.approved("renditions@example.com")
	path := "/applications/" + a.ID + "/documents/key-facts"
	for _, format := range []string{lending.FormatHTML, lending.FormatPDF} {
		var doc lending.Document
		h.must(h.do(http.MethodGet, path+"?format="+format, nil, "Accept: application/json"), http.StatusOK, &doc)
		raw := h.fetchDoc(path + "?format=" + format)
		sum := sha256.Sum256(doc.Content)
		if doc.Kind != lending.DocumentKeyFacts || doc.Format != format || doc.Title != "Your loan: key facts" ||
			!bytes.Equal(doc.Content, raw.Body.Bytes()) || doc.SHA256 != hex.EncodeToString(sum[:]) ||
			doc.ContentType != raw.Header().Get("Content-Type") || !doc.GeneratedAt.Equal(testNow) {
			t.Fatalf("%s: JSON rendition %+v does not match the raw one", format, doc.Title)
		}
	}
	// no format is HTML
	if rec := h.fetchDoc(path); rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("default format: %s", rec.Header().Get("Content-Type"))
	}
	h.refused(h.do(http.MethodGet, path+"?format=docx", nil), http.StatusBadRequest, lending.CodeInvalidQuery)
	h.refused(h.do(http.MethodGet, "/applications/"+a.ID+"/documents/terms?format=pdf", nil), http.StatusNotFound, lending.CodeDocumentNotFound)
	h.refused(h.do(http.MethodGet, "/applications/app_nobody/documents/key-facts", nil, "Accept: application/json"),
		http.StatusNotFound, lending.CodeApplicationNotFound)

	// the bytes depend on the day, not the time of day
	first := h.fetchDoc(path + "?format=pdf").Body.Bytes()
	h.clock.Set(time.Date(2026, 3, 4, 23, 59, 0, 0, time.UTC))
	if !bytes.Equal(first, h.fetchDoc(path+"?format=pdf").Body.Bytes()) {
		t.Fatal("the PDF changed within the day")
	}
	h.clock.Set(time.Date(2026, 3, 5, 0, 0, 1, 0, time.UTC))
	next := h.fetchDoc(path + "?format=pdf").Body.Bytes()
	if bytes.Equal(first, next) || !strings.Contains(pdfText(t, next), "First repayment 5 April 2026") {
		t.Fatal("the next day's PDF does not move its dates")
	}
}

// TestDocumentsOfOtherBrands: the white-label brand's documents name it and its contacts.
func TestDocumentsOfOtherBrands(t *testing.T) {
	h := newHarness(t)
	a := h.ownedApplication("harbour@example.com", HarbourBrand)
	text := pdfText(t, h.fetchDoc("/applications/"+a.ID+"/documents/secci?format=pdf").Body.Bytes())
	for _, w := range []string{"Creditor Harbour Credit", "help@harbour-credit.example", "0113 496 0456", "Address not yet"} {
		if !strings.Contains(text, w) && !strings.Contains(text, strings.ToLower(w)) {
			t.Errorf("lacks %q", w)
		}
	}
	if strings.Contains(text, "Meadow") {
		t.Error("the white-label document names the default brand")
	}
	if got := credit.FormatPounds(a.Quote.AmountPence); !strings.Contains(text, got) {
		t.Errorf("lacks the amount %s", got)
	}
	// Every document of an approved white-label application, the agreement to sign included, and the
	// agreement's HTML alike, names the white label only.
	approved := h.approvedOwnedBy("harbour.approved@example.com", HarbourBrand)
	for _, kind := range lending.DocumentKinds() {
		path := "/applications/" + approved.ID + "/documents/" + kind
		for _, doc := range []string{pdfText(t, h.fetchDoc(path+"?format=pdf").Body.Bytes()), h.fetchDoc(path + "?format=html").Body.String()} {
			if !strings.Contains(doc, "Harbour Credit") || strings.Contains(doc, "Meadow") {
				t.Errorf("the %s of a white-label application should name Harbour Credit and not Meadow Loans", kind)
			}
		}
	}
}

// TestDocumentsOfABrokerClient: a broker client's application names the lender's brand it trades under as
// the creditor, never the firm, and gives the firm's contacts.
func TestDocumentsOfABrokerClient(t *testing.T) {
	h := newHarness(t)
	a := h.ownedApplication("northgate-client@example.com", NorthgateClient)
	text := pdfText(t, h.fetchDoc("/applications/"+a.ID+"/documents/secci?format=pdf").Body.Bytes())
	for _, w := range []string{"Creditor Meadow Loans", "loans@northgate-finance.example", "0161 496 0789"} {
		if !strings.Contains(text, w) {
			t.Errorf("lacks %q", w)
		}
	}
	if strings.Contains(text, "Creditor Northgate") || strings.Contains(text, "Harbour") {
		t.Error("the broker client's document names another creditor")
	}
}

// ownedApplication opens an application of a new applicant at email, owned by the client owner.
func (h *harness) ownedApplication(email, owner string) lending.Application {
	h.t.Helper()
	ap := h.newApplicant(email)
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID, ApplicationOwner: owner}), http.StatusCreated, &a)
	return a
}
