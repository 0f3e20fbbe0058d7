package lending

import (
	"context"
	"errors"
	"net/http"

	"lender/bff/upstream/transport"
)

// Error codes of registration and of discarding a provisional customer, with their statuses.
const (
	// CodeEligibilityCheckUsed: the check has opened an application already (409). A check opens one.
	CodeEligibilityCheckUsed = "eligibility_check_used"
	// CodeEligibilityCheckMismatch: the person registering is not the one the check was made for: their
	// e-mail address, name or date of birth differs (422).
	CodeEligibilityCheckMismatch = "eligibility_check_mismatch"
	// CodeCustomerNotProvisional: a customer who has proved their e-mail address cannot be discarded (409).
	CodeCustomerNotProvisional = "customer_not_provisional"
)

// Errors of registration and discarding. Each wraps the *transport.StatusError it came from.
var (
	ErrEligibilityCheckUsed     = errors.New("lending: the eligibility check has opened an application already")
	ErrEligibilityCheckMismatch = errors.New("lending: the eligibility check was made for someone else")
	ErrCustomerNotProvisional   = errors.New("lending: the customer has proved their e-mail address")
)

func init() {
	codeErrors[CodeEligibilityCheckUsed] = ErrEligibilityCheckUsed
	codeErrors[CodeEligibilityCheckMismatch] = ErrEligibilityCheckMismatch
	codeErrors[CodeCustomerNotProvisional] = ErrCustomerNotProvisional
}

// RegistrationRequest is the body of POST /registrations: a new customer and their first application,
// opened from an eligibility check made for that person, in one step.
type RegistrationRequest struct {
	// Customer is the person. Their e-mail address (any case), first and last name (ignoring case and
	// surrounding spaces) and date of birth must be the eligibility check's.
	Customer CreateCustomerRequest `json:"customer"`
	// Application is the first application; its CustomerID must be empty (the new customer's is used).
	Application CreateApplicationRequest `json:"application"`
}

// Registration is the answer of POST /registrations.
type Registration struct {
	// Customer is provisional until the address is proved (see Customer.Provisional).
	Customer    Customer    `json:"customer"`
	Application Application `json:"application"`
}

// DiscardedCustomer is the answer of DELETE /customers/{id}.
type DiscardedCustomer struct {
	ID        string `json:"id"`
	Discarded bool   `json:"discarded"`
}

// Register calls POST /registrations. Either both the customer and the application exist afterwards or
// neither does. ErrCustomerExists, ErrEligibilityCheckNotFound, ErrEligibilityCheckUnusable (declined or
// expired), ErrEligibilityCheckUsed, ErrEligibilityCheckMismatch, ErrOutOfBounds, ErrInvalidRequest,
// ErrIdempotencyConflict. With an idempotencyKey a repeated call answers the first registration again, and
// the transport may retry it.
func (c *Client) Register(ctx context.Context, req RegistrationRequest, idempotencyKey string) (Registration, error) {
	var r Registration
	if idempotencyKey != "" && !validIdempotencyKey(idempotencyKey) {
		return r, ErrInvalidRequest
	}
	err := c.t.Do(ctx, transport.Request{Operation: "registrations.create", Method: http.MethodPost,
		Path: "/registrations", Body: req, IdempotencyKey: idempotencyKey}, &r)
	return r, classify(err)
}

// DiscardCustomer calls DELETE /customers/{id}: it erases a provisional customer with their applications,
// freeing their e-mail address and phone number. ErrCustomerNotProvisional for a customer who proved their
// address; a customer that does not exist (already discarded) is not an error, so a retry is harmless.
func (c *Client) DiscardCustomer(ctx context.Context, id string) error {
	if !validID(id) {
		return nil
	}
	err := c.t.Do(ctx, transport.Request{Operation: "customers.discard", Method: http.MethodDelete,
		Path: "/customers/" + id}, nil)
	err = classify(err)
	if errors.Is(err, ErrCustomerNotFound) {
		return nil
	}
	return err
}
