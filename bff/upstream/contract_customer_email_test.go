package upstream_test

import (
	"context"
	"errors"
	"testing"

	"lender/bff/upstream/lending"
)

// The lending core's e-mail correction (PUT /customers/{id}/email), run by TestContract with the
// other cases on one sandbox; each case makes its own customers.
func init() { contract = append(contract, customerEmailContract...) }

var customerEmailContract = []contractCase{
	{"lending.ChangeEmail", "an unconfirmed address is corrected, idempotently", func(t *testing.T, ctx context.Context, c clients) {
		a := applicationFor(t, ctx, c, "contract-mistyped@exmaple.com", "")
		cu, err := c.lending.ChangeEmail(ctx, a.CustomerID, " Contract-Corrected@Example.com ")
		if err != nil || cu.ID != a.CustomerID || cu.Email != "contract-corrected@example.com" {
			t.Fatalf("ChangeEmail = %+v, %v", cu, err)
		}
		if found, err := c.lending.CustomerByEmail(ctx, "contract-corrected@example.com"); err != nil || found.ID != a.CustomerID {
			t.Fatalf("CustomerByEmail(the new address) = %+v, %v", found, err)
		}
		if _, err := c.lending.CustomerByEmail(ctx, "contract-mistyped@exmaple.com"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("CustomerByEmail(the old address): %v, want ErrCustomerNotFound", err)
		}
		if again, err := c.lending.ChangeEmail(ctx, a.CustomerID, "contract-corrected@example.com"); err != nil || again.Email != cu.Email {
			t.Fatalf("the same address again = %+v, %v", again, err)
		}
		// The old address's confirmation is refused; the new one's is recorded and ends corrections.
		if _, err := c.lending.RecordEmailVerified(ctx, a.ID, "contract-mistyped@exmaple.com"); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeEmailMismatch) {
			t.Fatalf("confirming the old address: %v", err)
		}
		if _, err := c.lending.RecordEmailVerified(ctx, a.ID, cu.Email); err != nil {
			t.Fatal(err)
		}
		if _, err := c.lending.ChangeEmail(ctx, a.CustomerID, "contract-third@example.com"); !isAppCode(err, lending.ErrEmailConfirmed, 409, lending.CodeEmailConfirmed) {
			t.Fatalf("a change after confirmation: %v, want ErrEmailConfirmed", err)
		}
	}},
	{"lending.ChangeEmail", "refusals", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-change-refused@example.com")
		if _, err := c.lending.ChangeEmail(ctx, cu.ID, "up-to-date@personas.example"); !isAppCode(err, lending.ErrCustomerExists, 409, lending.CodeCustomerExists) {
			t.Fatalf("another customer's address: %v, want ErrCustomerExists", err)
		}
		if _, err := c.lending.ChangeEmail(ctx, cu.ID, "not an address"); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeEmailInvalid) {
			t.Fatalf("a malformed address: %v, want ErrInvalidRequest", err)
		}
		if _, err := c.lending.ChangeEmail(ctx, "cus_up_to_date", "up-to-date.new@example.com"); !errors.Is(err, lending.ErrEmailConfirmed) {
			t.Fatalf("a borrower with a loan: %v, want ErrEmailConfirmed", err)
		}
		if _, err := c.lending.ChangeEmail(ctx, "cus_nobody", "nobody@example.com"); !isAppCode(err, lending.ErrCustomerNotFound, 404, lending.CodeCustomerNotFound) {
			t.Fatalf("an unknown customer: %v", err)
		}
		if _, err := c.lending.ChangeEmail(ctx, "../customers", "nobody@example.com"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("an id that cannot be one: %v", err)
		}
	}},
}
