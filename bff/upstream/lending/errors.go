package lending

import (
	"errors"
	"strings"

	"lender/bff/upstream/transport"
)

// Error codes of the {"code","message"} bodies the lending core answers, with their statuses.
const (
	CodeBadRequest               = "bad_request"                 // 400: the body is not the JSON of the request type
	CodeInvalidQuery             = "invalid_query"               // 400: a query parameter is missing or malformed
	CodeInvalidRequest           = "invalid_request"             // 422: a field is missing or malformed (the message names it)
	CodePostcodeInvalid          = "postcode_invalid"            // 400: not a UK postcode
	CodeEmailInvalid             = "email_invalid"               // 422
	CodePhoneInvalid             = "phone_invalid"               // 422: not a UK mobile number
	CodeRateInvalid              = "rate_invalid"                // 422: not a percentage with at most two decimals
	CodeIdempotencyKey           = "invalid_idempotency_key"     // 400
	CodeIdempotencyClash         = "idempotency_conflict"        // 409: the key was used with another request
	CodeCustomerNotFound         = "customer_not_found"          // 404
	CodeCustomerExists           = "customer_exists"             // 409: the e-mail or phone belongs to another customer
	CodeEmailConfirmed           = "email_confirmed"             // 409: the e-mail address is confirmed and can no longer change
	CodePINInvalid               = "pin_invalid"                 // 422: not 4 to 6 digits
	CodePINDateOfBirth           = "pin_date_of_birth"           // 422: a new PIN is the customer's date of birth
	CodePINReused                = "pin_reused"                  // 422: a new PIN is the one it would replace
	CodePINNotSet                = "pin_not_set"                 // 409
	CodePINLocked                = "pin_locked"                  // 423
	CodeInvalidCredentials       = "invalid_credentials"         // 401: never says which part was wrong
	CodePortalUserNotFound       = "portal_user_not_found"       // 422: an offer's portalUserId is nobody; 404 for GET /portal-users/{id}
	CodeBrokerOfferNotFound      = "broker_offer_not_found"      // 404
	CodeBrokerOfferExpired       = "broker_offer_expired"        // 410
	CodeEligibilityCheckNotFound = "eligibility_check_not_found" // 404
)

// Product-bound error codes (422). The message says the bound in words, e.g. "The amount must be at
// least £1,000.00.".
const (
	CodeAmountBelowMinimum = "amount_below_minimum"
	CodeAmountAboveMaximum = "amount_above_maximum"
	CodeTermBelowMinimum   = "term_below_minimum"
	CodeTermAboveMaximum   = "term_above_maximum"
	CodeRateBelowMinimum   = "rate_below_minimum" // not reachable today: a negative rate is rate_invalid
	CodeRateAboveMaximum   = "rate_above_maximum"
	CodeFeeBelowMinimum    = "fee_below_minimum"
	CodeFeeAboveMaximum    = "fee_above_maximum"
)

// Errors the client returns for the lending core's business answers. Each wraps the transport error
// it came from (a *transport.StatusError whose Code is the exact code above), except where a method
// says it answers without a call.
var (
	ErrBrandNotFound = errors.New("lending: brand not found")
	// ErrInvalidRequest: bad_request, invalid_query, invalid_request, email_invalid, phone_invalid,
	// rate_invalid or invalid_idempotency_key.
	ErrInvalidRequest = errors.New("lending: invalid request")
	// ErrOutOfBounds: one of the product-bound codes (amount_below_minimum …).
	ErrOutOfBounds              = errors.New("lending: outside the product bounds")
	ErrPostcodeInvalid          = errors.New("lending: postcode invalid")
	ErrIdempotencyConflict      = errors.New("lending: idempotency key reused with a different request")
	ErrCustomerNotFound         = errors.New("lending: customer not found")
	ErrCustomerExists           = errors.New("lending: customer exists")
	ErrEmailConfirmed           = errors.New("lending: the e-mail address is confirmed")
	ErrPINInvalid               = errors.New("lending: PIN must be 4 to 6 digits")
	ErrPINIsDateOfBirth         = errors.New("lending: a new PIN is the customer's date of birth")
	ErrPINReused                = errors.New("lending: a new PIN is the customer's last PIN")
	ErrPINNotSet                = errors.New("lending: PIN not set")
	ErrPINLocked                = errors.New("lending: PIN locked")
	ErrInvalidCredentials       = errors.New("lending: invalid credentials")
	ErrPortalUserNotFound       = errors.New("lending: portal user not found")
	ErrBrokerOfferNotFound      = errors.New("lending: broker offer not found")
	ErrBrokerOfferExpired       = errors.New("lending: broker offer expired")
	ErrEligibilityCheckNotFound = errors.New("lending: eligibility check not found")
)

// codeErrors maps the lending core's error codes to the client's errors.
var codeErrors = map[string]error{
	CodeBrandNotFound:            ErrBrandNotFound,
	CodeBadRequest:               ErrInvalidRequest,
	CodeInvalidQuery:             ErrInvalidRequest,
	CodeInvalidRequest:           ErrInvalidRequest,
	CodeEmailInvalid:             ErrInvalidRequest,
	CodePhoneInvalid:             ErrInvalidRequest,
	CodeRateInvalid:              ErrInvalidRequest,
	CodeIdempotencyKey:           ErrInvalidRequest,
	CodePostcodeInvalid:          ErrPostcodeInvalid,
	CodeIdempotencyClash:         ErrIdempotencyConflict,
	CodeCustomerNotFound:         ErrCustomerNotFound,
	CodeCustomerExists:           ErrCustomerExists,
	CodeEmailConfirmed:           ErrEmailConfirmed,
	CodePINInvalid:               ErrPINInvalid,
	CodePINDateOfBirth:           ErrPINIsDateOfBirth,
	CodePINReused:                ErrPINReused,
	CodePINNotSet:                ErrPINNotSet,
	CodePINLocked:                ErrPINLocked,
	CodeInvalidCredentials:       ErrInvalidCredentials,
	CodePortalUserNotFound:       ErrPortalUserNotFound,
	CodeBrokerOfferNotFound:      ErrBrokerOfferNotFound,
	CodeBrokerOfferExpired:       ErrBrokerOfferExpired,
	CodeEligibilityCheckNotFound: ErrEligibilityCheckNotFound,
	CodeAmountBelowMinimum:       ErrOutOfBounds,
	CodeAmountAboveMaximum:       ErrOutOfBounds,
	CodeTermBelowMinimum:         ErrOutOfBounds,
	CodeTermAboveMaximum:         ErrOutOfBounds,
	CodeRateBelowMinimum:         ErrOutOfBounds,
	CodeRateAboveMaximum:         ErrOutOfBounds,
	CodeFeeBelowMinimum:          ErrOutOfBounds,
	CodeFeeAboveMaximum:          ErrOutOfBounds,
}

// classify wraps a 4xx answer's transport error in this package's error for its code.
func classify(err error) error { return transport.Classify(err, codeErrors) }

// BoundCode is the product-bound code for a field and bound, e.g. ("amountPence", "minimum") →
// "amount_below_minimum"; "" for a field without bounds.
func BoundCode(field, bound string) string {
	var subject string
	switch field {
	case "amountPence":
		subject = "amount"
	case "termMonths":
		subject = "term"
	case "annualRatePercent":
		subject = "rate"
	case "feePence":
		subject = "fee"
	default:
		return ""
	}
	switch bound {
	case "minimum":
		return subject + "_below_minimum"
	case "maximum":
		return subject + "_above_maximum"
	}
	return ""
}

// validID: an id the lending core issues (letters, digits, '_' and '-', at most 64), which needs no
// escaping in a path.
func validID(s string) bool { return transport.ValidPathSegment(s) }

// validIdempotencyKey: 1 to 255 visible ASCII characters.
func validIdempotencyKey(k string) bool {
	if k == "" || len(k) > 255 {
		return false
	}
	return !strings.ContainsFunc(k, func(r rune) bool { return r <= ' ' || r >= 0x7f })
}
