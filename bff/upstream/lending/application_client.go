package lending

import (
	"context"
	"net/http"
	"net/url"
	"slices"

	"lender/bff/upstream/transport"
)

// ApplicationAPI is the applications part of API: loan applications from the soft check to the
// drawdown, their decisions and their documents. The package documentation describes each call
// ("Applications"); the methods' comments say which errors they return besides the transport's.
// Every method that takes an application id answers ErrApplicationNotFound, without a call for an id
// that cannot be one. The core does not know who asks: the BFF checks that the application's
// CustomerID is the caller's.
type ApplicationAPI interface {
	// CreditAssessmentQuestions is the credit-assessment questionnaire.
	CreditAssessmentQuestions(ctx context.Context) (CreditAssessmentQuestions, error)
	// HousingOptions is the living situations and housing pay methods the apps offer.
	HousingOptions(ctx context.Context) (HousingOptions, error)

	// CreateApplication opens an application from a soft check; ErrApplicationExists when the
	// customer has an open one, ErrEligibilityCheckUnusable, ErrEligibilityCheckNotFound,
	// ErrCustomerNotFound, ErrOutOfBounds, ErrInvalidRequest. idempotencyKey may be "".
	CreateApplication(ctx context.Context, req CreateApplicationRequest, idempotencyKey string) (Application, error)
	// Application is an application by id (a due referral is decided on the way).
	Application(ctx context.Context, id string) (Application, error)
	// CustomerApplications lists a customer's applications, newest first (empty for a customer with
	// none, or an unknown one).
	CustomerApplications(ctx context.Context, customerID string) ([]Application, error)

	// ConfirmLoan confirms (and may change) the amount and term; ErrOutOfBounds, ErrApplicationStatus,
	// ErrInvalidRequest (amount_above_approved for a change_loan operation).
	ConfirmLoan(ctx context.Context, id string, req ConfirmLoanRequest) (Application, error)
	// RecordEmailVerified records that the BFF verified the customer's e-mail address;
	// ErrInvalidRequest (email_mismatch), ErrApplicationStatus.
	RecordEmailVerified(ctx context.Context, id, email string) (Application, error)
	// UpdatePurpose records the loan purpose; ErrInvalidRequest, ErrApplicationStatus.
	UpdatePurpose(ctx context.Context, id string, req PurposeRequest) (Application, error)
	// UpdateHousing records the housing details; ErrInvalidRequest, ErrApplicationStatus.
	UpdateHousing(ctx context.Context, id string, req HousingDetails) (Application, error)
	// UpdateAddressHistory replaces the address history; ErrInvalidRequest, ErrPostcodeInvalid,
	// ErrApplicationStatus.
	UpdateAddressHistory(ctx context.Context, id string, req AddressHistoryRequest) (Application, error)
	// UpdateIncome records the income; ErrInvalidRequest, ErrApplicationStatus.
	UpdateIncome(ctx context.Context, id string, req Income) (Application, error)
	// UpdateFutureIncomeChange records the future-income-change answer; ErrInvalidRequest,
	// ErrApplicationStatus.
	UpdateFutureIncomeChange(ctx context.Context, id string, req FutureIncomeChange) (Application, error)
	// AnswerCreditAssessment records the credit-assessment answers; ErrInvalidRequest,
	// ErrApplicationStatus.
	AnswerCreditAssessment(ctx context.Context, id string, req CreditAssessmentRequest) (Application, error)
	// UpdateOpenBanking records a bank linked or the step skipped; ErrInvalidRequest,
	// ErrApplicationStatus.
	UpdateOpenBanking(ctx context.Context, id string, req OpenBankingUpdate) (Application, error)
	// StartOver answers a new application replacing the open one (withdrawn) or following one its
	// applicant closed (changed mind, counteroffer declined); ErrApplicationStatus (declined, drawn
	// down, replaced already), ErrApplicationExists (another is open). idempotencyKey may be "".
	StartOver(ctx context.Context, id, idempotencyKey string) (Application, error)
	// WithdrawApplication withdraws an open application for a reason of WithdrawalReasons (no loan
	// will be made from it); ErrApplicationStatus once it is closed (declined, withdrawn, drawn down),
	// ErrInvalidRequest for another reason (no call). idempotencyKey may be "".
	WithdrawApplication(ctx context.Context, id, reason, idempotencyKey string) (Application, error)

	// SubmitApplication submits and decides; ErrApplicationIncomplete, ErrApplicationStatus (already
	// submitted, without the first call's key). idempotencyKey may be "".
	SubmitApplication(ctx context.Context, id, idempotencyKey string) (Application, error)
	// Decision is the decision on a submitted application, with its reasons; ErrApplicationStatus
	// before submission.
	Decision(ctx context.Context, id string) (Decision, error)
	// RespondToCounteroffer accepts (approved at the offer) or declines (withdrawn) a counteroffer;
	// ErrApplicationStatus.
	RespondToCounteroffer(ctx context.Context, id string, accept bool) (Application, error)

	// SetApplicationPhone records the customer's mobile number (the setPhone stage);
	// ErrInvalidRequest, ErrCustomerExists (another customer's number), ErrApplicationStatus.
	SetApplicationPhone(ctx context.Context, id, phone string) (Application, error)
	// ConfirmPayee runs confirmation of payee on the pay-out account; a close or no match is an
	// answer, not an error. ErrInvalidRequest, ErrApplicationStatus.
	ConfirmPayee(ctx context.Context, id string, req PayeeRequest) (PayeeCheck, error)
	// AttachCPA records the card token of the continuous payment authority; ErrInvalidRequest,
	// ErrApplicationStatus.
	AttachCPA(ctx context.Context, id, cardToken string) (Application, error)
	// Commission is the broker commission disclosure.
	Commission(ctx context.Context, id string) (Commission, error)
	// ConsentToCommission records the applicant's acceptance of the broker's commission;
	// ErrInvalidRequest, ErrApplicationStatus.
	ConsentToCommission(ctx context.Context, id string) (Application, error)
	// SignAgreement e-signs the credit agreement; ErrInvalidRequest (signer_name_mismatch),
	// ErrDocumentChanged, ErrApplicationStatus (commission_consent_required …).
	SignAgreement(ctx context.Context, id string, req SignatureRequest) (Application, error)
	// RecordIdentityVerified records the passed identity check; ErrInvalidRequest,
	// ErrApplicationStatus.
	RecordIdentityVerified(ctx context.Context, id, checkID string) (Application, error)
	// RecordShareCodeVerified records identity proved by a share code the identity provider accepted;
	// ErrInvalidRequest, ErrApplicationStatus.
	RecordShareCodeVerified(ctx context.Context, id string, evidence ShareCodeEvidence) (Application, error)
	// RequestAdditionalOperation asks an approved applicant for one more operation (a staff action);
	// ErrInvalidRequest, ErrApplicationStatus.
	RequestAdditionalOperation(ctx context.Context, id, operation string) (Application, error)

	// Document generates a document (a DocumentKinds kind, FormatHTML or FormatPDF) with the
	// application's figures; ErrDocumentNotFound (no call for an unknown kind), ErrInvalidRequest (an
	// unknown format, no call), ErrApplicationStatus (document_not_available).
	Document(ctx context.Context, id, kind, format string) (Document, error)
}

var _ ApplicationAPI = (*Client)(nil)

// CreditAssessmentQuestions calls GET /credit-assessment-questions.
func (c *Client) CreditAssessmentQuestions(ctx context.Context) (CreditAssessmentQuestions, error) {
	var q CreditAssessmentQuestions
	err := c.t.Get(ctx, "credit_assessment_questions.get", "/credit-assessment-questions", &q)
	return q, classify(err)
}

// HousingOptions calls GET /housing-options.
func (c *Client) HousingOptions(ctx context.Context) (HousingOptions, error) {
	var o HousingOptions
	err := c.t.Get(ctx, "housing_options.get", "/housing-options", &o)
	return o, classify(err)
}

// CreateApplication calls POST /applications. With an idempotencyKey a repeated call answers the
// first application again (instead of ErrApplicationExists) and the transport may retry it.
func (c *Client) CreateApplication(ctx context.Context, req CreateApplicationRequest, idempotencyKey string) (Application, error) {
	var a Application
	if idempotencyKey != "" && !validIdempotencyKey(idempotencyKey) {
		return a, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "applications.create", Method: http.MethodPost, Path: "/applications",
		Body: req, IdempotencyKey: idempotencyKey}, &a)
	return a, classify(err)
}

// Application calls GET /applications/{id}.
func (c *Client) Application(ctx context.Context, id string) (Application, error) {
	var a Application
	if !validID(id) {
		return a, ErrApplicationNotFound
	}
	err := c.t.Get(ctx, "applications.get", "/applications/"+id, &a)
	return a, classify(err)
}

// CustomerApplications calls GET /applications?customerId=….
func (c *Client) CustomerApplications(ctx context.Context, customerID string) ([]Application, error) {
	if !validID(customerID) {
		return []Application{}, nil
	}
	var l ApplicationList
	err := c.t.Do(ctx, transport.Request{Operation: "applications.list", Method: http.MethodGet, Path: "/applications",
		Query: url.Values{"customerId": {customerID}}}, &l)
	if err != nil {
		return nil, classify(err)
	}
	return l.Applications, nil
}

// update sends body to method /applications/{id}/{step} and decodes the answer into out.
func (c *Client) update(ctx context.Context, operation, method, id, step string, body, out any, idempotencyKey string) error {
	if !validID(id) {
		return ErrApplicationNotFound
	}
	if idempotencyKey != "" && !validIdempotencyKey(idempotencyKey) {
		return ErrInvalidRequest
	}
	return classify(c.t.Do(ctx, transport.Request{Operation: operation, Method: method,
		Path: "/applications/" + id + "/" + step, Body: body, IdempotencyKey: idempotencyKey}, out))
}

// step is update answering an Application, without an idempotency key.
func (c *Client) step(ctx context.Context, operation, method, id, step string, body any) (Application, error) {
	var a Application
	err := c.update(ctx, operation, method, id, step, body, &a, "")
	return a, err
}

// ConfirmLoan calls POST /applications/{id}/loan-confirmation.
func (c *Client) ConfirmLoan(ctx context.Context, id string, req ConfirmLoanRequest) (Application, error) {
	return c.step(ctx, "applications.loan_confirmation", http.MethodPost, id, "loan-confirmation", req)
}

// RecordEmailVerified calls POST /applications/{id}/email-verification.
func (c *Client) RecordEmailVerified(ctx context.Context, id, email string) (Application, error) {
	return c.step(ctx, "applications.email_verification", http.MethodPost, id, "email-verification",
		EmailVerificationRequest{Email: email})
}

// UpdatePurpose calls PUT /applications/{id}/purpose.
func (c *Client) UpdatePurpose(ctx context.Context, id string, req PurposeRequest) (Application, error) {
	return c.step(ctx, "applications.purpose", http.MethodPut, id, "purpose", req)
}

// UpdateHousing calls PUT /applications/{id}/housing.
func (c *Client) UpdateHousing(ctx context.Context, id string, req HousingDetails) (Application, error) {
	return c.step(ctx, "applications.housing", http.MethodPut, id, "housing", req)
}

// UpdateAddressHistory calls PUT /applications/{id}/addresses.
func (c *Client) UpdateAddressHistory(ctx context.Context, id string, req AddressHistoryRequest) (Application, error) {
	return c.step(ctx, "applications.addresses", http.MethodPut, id, "addresses", req)
}

// UpdateIncome calls PUT /applications/{id}/income.
func (c *Client) UpdateIncome(ctx context.Context, id string, req Income) (Application, error) {
	return c.step(ctx, "applications.income", http.MethodPut, id, "income", req)
}

// UpdateFutureIncomeChange calls PUT /applications/{id}/future-income-change.
func (c *Client) UpdateFutureIncomeChange(ctx context.Context, id string, req FutureIncomeChange) (Application, error) {
	return c.step(ctx, "applications.future_income_change", http.MethodPut, id, "future-income-change", req)
}

// AnswerCreditAssessment calls PUT /applications/{id}/credit-assessment.
func (c *Client) AnswerCreditAssessment(ctx context.Context, id string, req CreditAssessmentRequest) (Application, error) {
	return c.step(ctx, "applications.credit_assessment", http.MethodPut, id, "credit-assessment", req)
}

// UpdateOpenBanking calls PUT /applications/{id}/open-banking.
func (c *Client) UpdateOpenBanking(ctx context.Context, id string, req OpenBankingUpdate) (Application, error) {
	return c.step(ctx, "applications.open_banking", http.MethodPut, id, "open-banking", req)
}

// StartOver calls POST /applications/{id}/start-over. With an idempotencyKey a repeated call answers
// the same new application.
func (c *Client) StartOver(ctx context.Context, id, idempotencyKey string) (Application, error) {
	var a Application
	err := c.update(ctx, "applications.start_over", http.MethodPost, id, "start-over", struct{}{}, &a, idempotencyKey)
	return a, err
}

// WithdrawApplication calls POST /applications/{id}/withdrawal. With an idempotencyKey a repeated call
// answers the withdrawn application again (the transport may then retry it); without one a second
// call is ErrApplicationStatus.
func (c *Client) WithdrawApplication(ctx context.Context, id, reason, idempotencyKey string) (Application, error) {
	var a Application
	if !slices.Contains(WithdrawalReasons(), reason) {
		return a, ErrInvalidRequest
	}
	err := c.update(ctx, "applications.withdrawal", http.MethodPost, id, "withdrawal", WithdrawalRequest{Reason: reason}, &a,
		idempotencyKey)
	return a, err
}

// SubmitApplication calls POST /applications/{id}/submission. With an idempotencyKey a repeated call
// answers the first outcome again (the transport may then retry it); without one a second call is
// ErrApplicationStatus.
func (c *Client) SubmitApplication(ctx context.Context, id, idempotencyKey string) (Application, error) {
	var a Application
	err := c.update(ctx, "applications.submit", http.MethodPost, id, "submission", struct{}{}, &a, idempotencyKey)
	return a, err
}

// Decision calls GET /applications/{id}/decision.
func (c *Client) Decision(ctx context.Context, id string) (Decision, error) {
	var d Decision
	if !validID(id) {
		return d, ErrApplicationNotFound
	}
	err := c.t.Get(ctx, "applications.decision", "/applications/"+id+"/decision", &d)
	return d, classify(err)
}

// RespondToCounteroffer calls POST /applications/{id}/counteroffer-response.
func (c *Client) RespondToCounteroffer(ctx context.Context, id string, accept bool) (Application, error) {
	return c.step(ctx, "applications.counteroffer_response", http.MethodPost, id, "counteroffer-response",
		CounterofferResponse{Accept: accept})
}

// SetApplicationPhone calls PUT /applications/{id}/phone.
func (c *Client) SetApplicationPhone(ctx context.Context, id, phone string) (Application, error) {
	return c.step(ctx, "applications.phone", http.MethodPut, id, "phone", PhoneRequest{Phone: phone})
}

// ConfirmPayee calls POST /applications/{id}/payee-confirmation.
func (c *Client) ConfirmPayee(ctx context.Context, id string, req PayeeRequest) (PayeeCheck, error) {
	var p PayeeCheck
	err := c.update(ctx, "applications.payee_confirmation", http.MethodPost, id, "payee-confirmation", req, &p, "")
	return p, err
}

// AttachCPA calls PUT /applications/{id}/cpa.
func (c *Client) AttachCPA(ctx context.Context, id, cardToken string) (Application, error) {
	return c.step(ctx, "applications.cpa", http.MethodPut, id, "cpa", CPARequest{CardToken: cardToken})
}

// Commission calls GET /applications/{id}/commission.
func (c *Client) Commission(ctx context.Context, id string) (Commission, error) {
	var cm Commission
	if !validID(id) {
		return cm, ErrApplicationNotFound
	}
	err := c.t.Get(ctx, "applications.commission", "/applications/"+id+"/commission", &cm)
	return cm, classify(err)
}

// ConsentToCommission calls POST /applications/{id}/commission-consent with accept true.
func (c *Client) ConsentToCommission(ctx context.Context, id string) (Application, error) {
	return c.step(ctx, "applications.commission_consent", http.MethodPost, id, "commission-consent",
		CommissionConsentRequest{Accept: true})
}

// SignAgreement calls POST /applications/{id}/signature.
func (c *Client) SignAgreement(ctx context.Context, id string, req SignatureRequest) (Application, error) {
	return c.step(ctx, "applications.signature", http.MethodPost, id, "signature", req)
}

// RecordIdentityVerified calls POST /applications/{id}/identity-verification.
func (c *Client) RecordIdentityVerified(ctx context.Context, id, checkID string) (Application, error) {
	return c.step(ctx, "applications.identity_verification", http.MethodPost, id, "identity-verification",
		IdentityVerificationRequest{CheckID: checkID})
}

// RecordShareCodeVerified calls POST /applications/{id}/identity-verification with a share code's
// evidence instead of a check id.
func (c *Client) RecordShareCodeVerified(ctx context.Context, id string, evidence ShareCodeEvidence) (Application, error) {
	return c.step(ctx, "applications.identity_verification", http.MethodPost, id, "identity-verification",
		IdentityVerificationRequest{ShareCode: &evidence})
}

// RequestAdditionalOperation calls POST /applications/{id}/additional-operations.
func (c *Client) RequestAdditionalOperation(ctx context.Context, id, operation string) (Application, error) {
	return c.step(ctx, "applications.additional_operations", http.MethodPost, id, "additional-operations",
		AdditionalOperationRequest{Operation: operation})
}

// Document calls GET /applications/{id}/documents/{kind}?format=… asking for the JSON rendition (the
// transport accepts application/json), whose Content is the HTML or PDF bytes.
func (c *Client) Document(ctx context.Context, id, kind, format string) (Document, error) {
	if !validID(id) {
		return Document{}, ErrApplicationNotFound
	}
	return c.document(ctx, "applications.document", "/applications/"+id, kind, format)
}

// document calls GET <owner>/documents/{kind}?format=… (an application's or a loan's) for the JSON
// rendition; an unknown kind or format is refused without a call.
func (c *Client) document(ctx context.Context, operation, owner, kind, format string) (Document, error) {
	var d Document
	if !validDocumentKind(kind) {
		return d, ErrDocumentNotFound
	}
	if format != FormatHTML && format != FormatPDF {
		return d, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: operation, Method: http.MethodGet,
		Path: owner + "/documents/" + kind, Query: url.Values{"format": {format}}}, &d)
	return d, classify(err)
}

func validDocumentKind(kind string) bool {
	for _, k := range LoanDocumentKinds() { // the core refuses a later kind for an application
		if k == kind {
			return true
		}
	}
	return false
}
