package identity

import "time"

// Name is the provider's name in configuration, metrics and errors.
const Name = "identity"

// Statuses of an identity check (Check.Status). The state machine:
//
//	pending ──person passes the hosted check──► passed
//	pending ──person fails the hosted check───► failed (Reasons say why)
//
// passed and failed are final.
const (
	StatusPending = "pending"
	StatusPassed  = "passed"
	StatusFailed  = "failed"
)

// Reasons a check failed (Check.Reasons).
const (
	ReasonDocumentExpired    = "document_expired"    // the identity document is out of date
	ReasonDocumentUnreadable = "document_unreadable" // the document could not be read or looks altered
	ReasonFaceMismatch       = "face_mismatch"       // the face does not match the document's photo
)

// Query parameters the hosted check adds to the return URL when it sends the browser back.
const (
	ReturnParamCheckID = "checkId"
	ReturnParamStatus  = "status"
)

// Error codes the provider answers with a 4xx status.
const (
	CodeBadRequest            = "bad_request"             // 400: the body is not the JSON object of the call
	CodeInvalidReference      = "invalid_reference"       // 400: reference is not 1–128 visible ASCII characters
	CodeInvalidReturnURL      = "invalid_return_url"      // 400: returnUrl is not under the app URL
	CodeInvalidDateOfBirth    = "invalid_date_of_birth"   // 400: dateOfBirth is not a YYYY-MM-DD date in the past
	CodeInvalidPurpose        = "invalid_purpose"         // 400: purpose is not one of the Purpose values
	CodeCheckNotFound         = "check_not_found"         // 404: GET /checks/{id}
	CodeInvalidIdempotencyKey = "invalid_idempotency_key" // 400: the Idempotency-Key header
	CodeIdempotencyConflict   = "idempotency_conflict"    // 409: the key was used with another request
)

// CreateCheck is the body of POST /checks.
type CreateCheck struct {
	// Reference is the lender's reference for the person or application, 1–128 visible ASCII characters.
	Reference string `json:"reference"`
	// ReturnURL is where the hosted check sends the browser back to: an absolute URL on the app's origin,
	// without a fragment. The provider refuses any other (no open redirect).
	ReturnURL string `json:"returnUrl"`
}

// Check is an identity check (the answer of POST /checks and GET /checks/{id}).
type Check struct {
	ID        string `json:"id"` // "chk_…", 128 random bits: the hosted URL is a capability link
	Reference string `json:"reference"`
	Status    string `json:"status"` // StatusPending, StatusPassed or StatusFailed
	// Reasons say why a failed check failed (Reason… values); empty otherwise.
	Reasons     []string   `json:"reasons,omitempty"`
	HostedURL   string     `json:"hostedUrl"` // the page to send the person to
	ReturnURL   string     `json:"returnUrl"`
	CreatedAt   time.Time  `json:"createdAt"`
	CompletedAt *time.Time `json:"completedAt,omitempty"` // when it passed or failed
}

// Purposes of a share code: its first letter says which service issued it.
const (
	PurposeRightToWork       = "right_to_work"      // codes starting with W
	PurposeRightToRent       = "right_to_rent"      // codes starting with R
	PurposeImmigrationStatus = "immigration_status" // codes starting with S
)

// Outcomes of a share-code check.
const (
	OutcomeAccepted = "accepted"
	OutcomeRejected = "rejected"
)

// Reasons a share code is rejected (ShareCodeResult.Reasons), in the order they are tested.
const (
	ReasonMalformedCode       = "malformed_code"         // not 9 letters and digits once spaces are removed
	ReasonWrongPrefix         = "wrong_prefix"           // not W, R or S, or not the letter of the purpose asked
	ReasonUnknownCode         = "unknown_code"           // no such share code
	ReasonDateOfBirthMismatch = "date_of_birth_mismatch" // the date of birth is not the holder's
	ReasonCodeExpired         = "code_expired"           // the share code is past its expiry date
)

// ShareCodeCheck is the body of POST /share-codes/verify.
type ShareCodeCheck struct {
	// Code is the share code as the person typed it: spaces are ignored, letters are case-insensitive.
	Code string `json:"code"`
	// DateOfBirth is the holder's date of birth, YYYY-MM-DD.
	DateOfBirth string `json:"dateOfBirth"`
	// Purpose, when set, is what the code must prove (Purpose… values); a code of another service is
	// rejected with ReasonWrongPrefix.
	Purpose string `json:"purpose,omitempty"`
}

// ShareCodeResult is the answer of POST /share-codes/verify. A rejected code answers 200 too, with
// Outcome "rejected" and one reason; the holder's details are given only when accepted.
type ShareCodeResult struct {
	Code    string   `json:"code,omitempty"` // the normalised code (upper case, no spaces) when well-formed
	Outcome string   `json:"outcome"`        // OutcomeAccepted or OutcomeRejected
	Reasons []string `json:"reasons,omitempty"`
	Purpose string   `json:"purpose,omitempty"` // what the code proves (from its first letter)

	GivenName  string `json:"givenName,omitempty"`
	FamilyName string `json:"familyName,omitempty"`
	// ImmigrationStatus is the holder's status, e.g. "settled", "pre_settled", "skilled_worker",
	// "student".
	ImmigrationStatus string `json:"immigrationStatus,omitempty"`
	// Conditions is the Home Office's wording of what the status allows, e.g. "No restrictions on work".
	Conditions string `json:"conditions,omitempty"`
	// ValidUntil is the last day of a time-limited permission (YYYY-MM-DD); empty when it has no limit.
	ValidUntil string `json:"validUntil,omitempty"`
	// CodeExpiresOn is the last day the share code can be used (YYYY-MM-DD).
	CodeExpiresOn string    `json:"codeExpiresOn,omitempty"`
	CheckedAt     time.Time `json:"checkedAt"`
}
