package lending

import "errors"

// Error codes of the applications API, with their statuses.
const (
	CodeApplicationNotFound      = "application_not_found"       // 404
	CodeApplicationExists        = "application_exists"          // 409: the customer has an open application
	CodeApplicationIncomplete    = "application_incomplete"      // 409: submitted with steps missing (the message lists them)
	CodeApplicationStatus        = "application_wrong_status"    // 409: the call is not allowed in the application's status
	CodeCommissionConsentNeeded  = "commission_consent_required" // 409: signing before the broker's commission was accepted
	CodeDocumentNotAvailable     = "document_not_available"      // 409: the credit agreement before approval
	CodeDocumentChanged          = "document_changed"            // 409: the agreement signed is not the current one
	CodeDocumentNotFound         = "document_not_found"          // 404: not a document kind
	CodeEligibilityCheckDeclined = "eligibility_check_declined"  // 409: an application cannot follow a declined check
	CodeEligibilityCheckExpired  = "eligibility_check_expired"   // 409: the check is over 30 days old
	CodeEmailMismatch            = "email_mismatch"              // 422: the verified e-mail is not the customer's
	CodeSignerNameMismatch       = "signer_name_mismatch"        // 422: the typed name is not the borrower's
	CodeAmountAboveApproved      = "amount_above_approved"       // 422: a loan change above the approved amount
)

// Errors of the applications API. Each wraps the *transport.StatusError it came from.
var (
	ErrApplicationNotFound   = errors.New("lending: application not found")
	ErrApplicationExists     = errors.New("lending: the customer has an open application")
	ErrApplicationIncomplete = errors.New("lending: application incomplete")
	// ErrApplicationStatus: application_wrong_status, commission_consent_required or
	// document_not_available — the call comes at the wrong point of the application's life.
	ErrApplicationStatus = errors.New("lending: not allowed in the application's status")
	// ErrEligibilityCheckUnusable: eligibility_check_declined or eligibility_check_expired.
	ErrEligibilityCheckUnusable = errors.New("lending: the eligibility check cannot open an application")
	ErrDocumentChanged          = errors.New("lending: the document changed since it was shown")
	ErrDocumentNotFound         = errors.New("lending: document not found")
)

// applicationCodeErrors extends codeErrors with the applications API's codes.
var applicationCodeErrors = map[string]error{
	CodeApplicationNotFound:      ErrApplicationNotFound,
	CodeApplicationExists:        ErrApplicationExists,
	CodeApplicationIncomplete:    ErrApplicationIncomplete,
	CodeApplicationStatus:        ErrApplicationStatus,
	CodeCommissionConsentNeeded:  ErrApplicationStatus,
	CodeDocumentNotAvailable:     ErrApplicationStatus,
	CodeDocumentChanged:          ErrDocumentChanged,
	CodeDocumentNotFound:         ErrDocumentNotFound,
	CodeEligibilityCheckDeclined: ErrEligibilityCheckUnusable,
	CodeEligibilityCheckExpired:  ErrEligibilityCheckUnusable,
	CodeEmailMismatch:            ErrInvalidRequest,
	CodeSignerNameMismatch:       ErrInvalidRequest,
	CodeAmountAboveApproved:      ErrInvalidRequest,
}

func init() {
	for code, err := range applicationCodeErrors {
		codeErrors[code] = err
	}
}
