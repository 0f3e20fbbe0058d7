package lending

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
)

// The steps after approval: the phone number, confirmation of payee, the continuous payment
// authority, the broker's commission, the e-signature, identity and the additional operations. When
// all are done (and the customer has a PIN) the application is ready_for_drawdown.

// Confirmation-of-payee test accounts (any valid sort code; see sandbox/README.md).
const (
	// CoPAccountNotFound is an account number no bank holds: always no_match account_not_found.
	CoPAccountNotFound = "99999999"
	// CoPBusinessAccount is a business account in the borrower's name: no_match business_account when
	// the name matches, no_match name_mismatch otherwise.
	CoPBusinessAccount = "12121212"
)

func (p *Provider) setApplicationPhone(w http.ResponseWriter, r *http.Request) {
	var phone string
	step(p, w, r, func(req lending.PhoneRequest) *problem {
		var ok bool
		if phone, ok = normalisePhone(req.Phone); !ok {
			return invalid(lending.CodePhoneInvalid, "phone must be a UK mobile number such as 07700 900123")
		}
		return nil
	}, func(a *application, _ lending.PhoneRequest, _ time.Time) (any, *problem) {
		if perr := a.afterApproval("the phone number"); perr != nil {
			return nil, perr
		}
		c, perr := p.st.applicant(a)
		if perr != nil {
			return nil, perr
		}
		if owner, taken := p.st.byPhone[phone]; taken && owner != c.id {
			return nil, &problem{status: http.StatusConflict, code: lending.CodeCustomerExists,
				message: "another customer has that phone number"}
		}
		if c.phone != "" {
			delete(p.st.byPhone, c.phone)
		}
		c.phone = phone
		p.st.byPhone[phone] = c.id
		return nil, nil
	})
}

// digits keeps the digits of s when everything else in it is a space or a hyphen; ok is false
// otherwise.
func digits(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-':
		default:
			return "", false
		}
	}
	return b.String(), true
}

func formatSortCode(d string) string { return d[0:2] + "-" + d[2:4] + "-" + d[4:6] }

// personName normalises a name for comparison: lower case, letters and digits only, single spaces,
// titles dropped.
func personName(s string) string {
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return unicode.IsSpace(r) || r == '.' || r == ','
	}) {
		w = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return r
			}
			return -1
		}, w)
		switch w {
		case "", "mr", "mrs", "ms", "miss", "mx", "dr":
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// editDistance is the Levenshtein distance between two strings, by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// nameMatch compares a name given with the name a bank holds: match when equal once normalised;
// close when the surnames agree and the first names are an initial of or within two edits of each
// other, or the whole names are within two edits; otherwise no match.
func nameMatch(given, held string) string {
	g, h := personName(given), personName(held)
	if g == h {
		return lending.PayeeMatch
	}
	gw, hw := strings.Fields(g), strings.Fields(h)
	if len(gw) >= 2 && len(hw) >= 2 && gw[len(gw)-1] == hw[len(hw)-1] {
		gf, hf := gw[0], hw[0]
		if len(gf) == 1 && strings.HasPrefix(hf, gf) || editDistance(gf, hf) <= 2 {
			return lending.PayeeCloseMatch
		}
	}
	if editDistance(g, h) <= 2 {
		return lending.PayeeCloseMatch
	}
	return lending.PayeeNoMatch
}

// confirmationOfPayee is the sandbox's confirmation-of-payee service: every account is held in the
// borrower's name except the test accounts above.
func confirmationOfPayee(accountNumber, given, holder string) lending.PayeeCheck {
	switch accountNumber {
	case CoPAccountNotFound:
		return lending.PayeeCheck{Outcome: lending.PayeeNoMatch, Reason: lending.PayeeReasonAccountNotFound}
	case CoPBusinessAccount:
		if nameMatch(given, holder) == lending.PayeeMatch {
			return lending.PayeeCheck{Outcome: lending.PayeeNoMatch, Reason: lending.PayeeReasonBusinessAccount}
		}
		return lending.PayeeCheck{Outcome: lending.PayeeNoMatch, Reason: lending.PayeeReasonNameMismatch}
	}
	switch nameMatch(given, holder) {
	case lending.PayeeMatch:
		return lending.PayeeCheck{Outcome: lending.PayeeMatch}
	case lending.PayeeCloseMatch:
		return lending.PayeeCheck{Outcome: lending.PayeeCloseMatch, AccountName: holder}
	}
	return lending.PayeeCheck{Outcome: lending.PayeeNoMatch, Reason: lending.PayeeReasonNameMismatch}
}

func checkPayee(req lending.PayeeRequest) (sortCode, account string, perr *problem) {
	if !validName(req.AccountName) {
		return "", "", invalid(lending.CodeInvalidRequest, "accountName is required, at most 100 characters")
	}
	sc, ok := digits(req.SortCode)
	if !ok || len(sc) != 6 {
		return "", "", invalid(lending.CodeInvalidRequest, "sortCode must be six digits, such as 12-34-56")
	}
	acc, ok := digits(req.AccountNumber)
	if !ok || len(acc) != 8 {
		return "", "", invalid(lending.CodeInvalidRequest, "accountNumber must be eight digits")
	}
	return sc, acc, nil
}

// confirmPayee checks the pay-out account. A match confirms it; a close match or no match leaves the
// payee as it was (none, or the last confirmed one).
func (p *Provider) confirmPayee(w http.ResponseWriter, r *http.Request) {
	var sc, acc string
	step(p, w, r, func(req lending.PayeeRequest) *problem {
		var perr *problem
		sc, acc, perr = checkPayee(req)
		return perr
	}, func(a *application, req lending.PayeeRequest, now time.Time) (any, *problem) {
		if perr := a.afterApproval("confirmation of payee"); perr != nil {
			return nil, perr
		}
		c, perr := p.st.applicant(a)
		if perr != nil {
			return nil, perr
		}
		res := confirmationOfPayee(acc, req.AccountName, c.firstName+" "+c.lastName)
		if res.Outcome == lending.PayeeMatch {
			a.payee = &payeeAccount{AccountName: strings.TrimSpace(req.AccountName), SortCode: sc, AccountNumber: acc, ConfirmedAt: now}
			res.Confirmed, res.Payee = true, a.payee.wire()
		}
		return res, nil
	})
}

func (p *Provider) attachCPA(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.CPARequest) *problem {
		if !validToken(req.CardToken) {
			return invalid(lending.CodeInvalidRequest, "cardToken must be the payment gateway's card token (letters, digits, '_' and '-', at most 64)")
		}
		return nil
	}, func(a *application, req lending.CPARequest, now time.Time) (any, *problem) {
		if perr := a.afterApproval("the continuous payment authority"); perr != nil {
			return nil, perr
		}
		a.cpa = &lending.CPA{CardToken: req.CardToken, AttachedAt: now}
		a.completeOp(lending.OpResetCPA)
		return nil, nil
	})
}

func (p *Provider) getCommission(w http.ResponseWriter, r *http.Request) {
	p.withApplication(w, r, func(a *application, _ time.Time) (any, *problem) { return a.commission(), nil })
}

func (p *Provider) consentToCommission(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.CommissionConsentRequest) *problem {
		if !req.Accept {
			return invalid(lending.CodeInvalidRequest, "accept must be true: an applicant who refuses the commission does not go on")
		}
		return nil
	}, func(a *application, _ lending.CommissionConsentRequest, now time.Time) (any, *problem) {
		if perr := a.afterApproval("the commission consent"); perr != nil {
			return nil, perr
		}
		if a.brokerID == "" {
			return nil, conflict(a, "no broker introduced it, so there is no commission to accept")
		}
		a.commissionConsented = now
		return nil, nil
	})
}

// signAgreement records the e-signature of the credit agreement as it is today: the signer's name
// (the borrower's), the time, and the SHA-256 of the agreement's PDF; the documents are kept as they
// were signed from then on (document.go).
func (p *Provider) signAgreement(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.SignatureRequest) *problem {
		if !validName(req.SignerName) {
			return invalid(lending.CodeInvalidRequest, "signerName is required, at most 100 characters")
		}
		if h := req.DocumentSHA256; h != "" && (len(h) != 64 || strings.Trim(strings.ToLower(h), "0123456789abcdef") != "") {
			return invalid(lending.CodeInvalidRequest, "documentSha256 must be 64 hexadecimal digits")
		}
		return nil
	}, func(a *application, req lending.SignatureRequest, now time.Time) (any, *problem) {
		if perr := a.afterApproval("signing"); perr != nil {
			return nil, perr
		}
		if a.brokerID != "" && a.commissionConsented.IsZero() {
			return nil, &problem{status: http.StatusConflict, code: lending.CodeCommissionConsentNeeded,
				message: "the broker's commission must be accepted before the agreement is signed"}
		}
		c, perr := p.st.applicant(a)
		if perr != nil {
			return nil, perr
		}
		if personName(req.SignerName) != personName(c.firstName+" "+c.lastName) {
			return nil, invalid(lending.CodeSignerNameMismatch, "signerName must be the borrower's name as on the agreement")
		}
		digest, perr := p.st.agreementToSign(a, now)
		if perr != nil {
			return nil, perr
		}
		if req.DocumentSHA256 != "" && !strings.EqualFold(req.DocumentSHA256, digest) {
			return nil, &problem{status: http.StatusConflict, code: lending.CodeDocumentChanged,
				message: "the credit agreement changed since it was shown (its figures or its date): show it again"}
		}
		if perr := p.st.recordSignature(a, strings.TrimSpace(req.SignerName), digest, now); perr != nil {
			return nil, perr
		}
		a.completeOp(lending.OpSignAgain)
		p.st.emit(lending.EventAgreementSigned, a, now)
		return nil, nil
	})
}

// shareCodePurposes are what an accepted share code can prove.
var shareCodePurposes = []string{identity.PurposeRightToWork, identity.PurposeRightToRent, identity.PurposeImmigrationStatus}

func (p *Provider) recordIdentityVerified(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.IdentityVerificationRequest) *problem {
		if sc := req.ShareCode; sc != nil {
			if req.CheckID != "" {
				return invalid(lending.CodeInvalidRequest, "give either checkId or shareCode, not both")
			}
			if !slices.Contains(shareCodePurposes, sc.Purpose) || sc.CheckedAt.IsZero() {
				return invalid(lending.CodeInvalidRequest, "shareCode needs purpose (right_to_work, right_to_rent or immigration_status) and checkedAt")
			}
			return nil
		}
		if !validToken(req.CheckID) {
			return invalid(lending.CodeInvalidRequest, "checkId must be the identity provider's check id (letters, digits, '_' and '-')")
		}
		return nil
	}, func(a *application, req lending.IdentityVerificationRequest, now time.Time) (any, *problem) {
		if perr := a.afterApproval("identity verification"); perr != nil {
			return nil, perr
		}
		a.identity = &lending.IdentityVerification{CheckID: req.CheckID, ShareCode: req.ShareCode, VerifiedAt: now}
		return nil, nil
	})
}

// requestAdditionalOperation asks an approved applicant for one more operation (a staff action).
// sign_again clears the signature and reset_cpa the CPA at once; the others leave the facts as they
// are until the applicant redoes the step. Asking for an operation already outstanding changes
// nothing.
func (p *Provider) requestAdditionalOperation(w http.ResponseWriter, r *http.Request) {
	step(p, w, r, func(req lending.AdditionalOperationRequest) *problem {
		return oneOf("operation", req.Operation, lending.AdditionalOperations())
	}, func(a *application, req lending.AdditionalOperationRequest, _ time.Time) (any, *problem) {
		if perr := a.afterApproval("an additional operation"); perr != nil {
			return nil, perr
		}
		if !slices.Contains(a.ops, req.Operation) {
			a.ops = append(a.ops, req.Operation)
		}
		switch req.Operation {
		case lending.OpSignAgain:
			a.clearSignature()
		case lending.OpResetCPA:
			a.cpa = nil
		}
		return nil, nil
	})
}
