package upstream_test

import (
	"context"
	"errors"
	"testing"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// A borrower's own changes to their record at the lending core (e-mail address proved by a link, mobile
// number, address, reminder preferences) and the notification provider's read state, run by
// TestContract with the other cases on one sandbox; each case makes its own customers.
func init() { contract = append(contract, profileContract...) }

var profileContract = []contractCase{
	{"lending.ReplaceEmail", "a proved address replaces a confirmed one", func(t *testing.T, ctx context.Context, c clients) {
		// The seeded borrower holds a loan, so their address is confirmed: a correction is refused, a
		// proved address is not.
		if _, err := c.lending.ChangeEmail(ctx, "cus_two_loans", "contract-replaced@example.com"); !errors.Is(err, lending.ErrEmailConfirmed) {
			t.Fatalf("ChangeEmail of a confirmed address: %v", err)
		}
		cu, err := c.lending.ReplaceEmail(ctx, "cus_two_loans", "Contract-Replaced@Example.com")
		if err != nil || cu.Email != "contract-replaced@example.com" {
			t.Fatalf("ReplaceEmail = %+v, %v", cu, err)
		}
		if found, err := c.lending.CustomerByEmail(ctx, "contract-replaced@example.com"); err != nil || found.ID != cu.ID {
			t.Fatalf("CustomerByEmail(the new address) = %+v, %v", found, err)
		}
		if again, err := c.lending.ReplaceEmail(ctx, cu.ID, cu.Email); err != nil || again.Email != cu.Email {
			t.Fatalf("the same address again = %+v, %v", again, err)
		}
		other := createCustomer(t, ctx, c, "contract-replace-other@example.com")
		if _, err := c.lending.ReplaceEmail(ctx, cu.ID, other.Email); !isAppCode(err, lending.ErrCustomerExists, 409, lending.CodeCustomerExists) {
			t.Fatalf("another customer's address: %v", err)
		}
		if _, err := c.lending.ReplaceEmail(ctx, cu.ID, "not an address"); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeEmailInvalid) {
			t.Fatalf("a malformed address: %v", err)
		}
		if _, err := c.lending.ReplaceEmail(ctx, "cus_nobody", "nobody@example.com"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("an unknown customer: %v", err)
		}
	}},
	{"lending.ChangePhone", "a new mobile, unique among customers", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-phone@example.com")
		got, err := c.lending.ChangePhone(ctx, cu.ID, "07700 900555")
		if err != nil || got.Phone != "+447700900555" {
			t.Fatalf("ChangePhone = %+v, %v", got, err)
		}
		if found, err := c.lending.CustomerByPhone(ctx, "+447700900555"); err != nil || found.ID != cu.ID {
			t.Fatalf("CustomerByPhone(the new number) = %+v, %v", found, err)
		}
		if got, err = c.lending.ChangePhone(ctx, cu.ID, "+447700900556"); err != nil || got.Phone != "+447700900556" {
			t.Fatalf("a second change = %+v, %v", got, err)
		}
		if _, err := c.lending.CustomerByPhone(ctx, "+447700900555"); !errors.Is(err, lending.ErrCustomerNotFound) {
			t.Fatalf("the old number still finds someone: %v", err)
		}
		other := createCustomer(t, ctx, c, "contract-phone-other@example.com")
		if _, err := c.lending.ChangePhone(ctx, other.ID, "07700900556"); !isAppCode(err, lending.ErrCustomerExists, 409, lending.CodeCustomerExists) {
			t.Fatalf("another customer's number: %v", err)
		}
		if _, err := c.lending.ChangePhone(ctx, other.ID, "020 7946 0000"); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodePhoneInvalid) {
			t.Fatalf("a landline: %v", err)
		}
	}},
	{"lending.SetAddress", "found by postcode or typed", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-address@example.com")
		found, err := c.lending.Addresses(ctx, "LM1 1AA")
		if err != nil || len(found.Addresses) == 0 {
			t.Fatalf("Addresses = %+v, %v", found, err)
		}
		g := found.Addresses[0]
		got, err := c.lending.SetAddress(ctx, cu.ID, lending.AddressRequest{GazetteerID: g.ID})
		if err != nil || got.Address == nil || *got.Address != g.Address {
			t.Fatalf("SetAddress(gazetteer) = %+v, %v", got.Address, err)
		}
		typed := lending.Address{HouseNumber: "7", Street: "Quay Street", Town: "Harbourton", Postcode: "hb1 2ab"}
		got, err = c.lending.SetAddress(ctx, cu.ID, lending.AddressRequest{Address: &typed})
		if err != nil || got.Address == nil || got.Address.Street != "Quay Street" || got.Address.Postcode != "HB1 2AB" {
			t.Fatalf("SetAddress(typed) = %+v, %v", got.Address, err)
		}
		if _, err := c.lending.SetAddress(ctx, cu.ID, lending.AddressRequest{GazetteerID: g.ID, Address: &typed}); !isAppCode(err, lending.ErrInvalidRequest, 422, lending.CodeInvalidRequest) {
			t.Fatalf("both: %v", err)
		}
		if _, err := c.lending.SetAddress(ctx, cu.ID, lending.AddressRequest{}); !errors.Is(err, lending.ErrInvalidRequest) {
			t.Fatalf("neither: %v", err)
		}
		bad := typed
		bad.Postcode = "nowhere"
		if _, err := c.lending.SetAddress(ctx, cu.ID, lending.AddressRequest{Address: &bad}); !errors.Is(err, lending.ErrPostcodeInvalid) {
			t.Fatalf("a bad postcode: %v", err)
		}
	}},
	{"lending.SetPreferences", "reminders on by default, off when asked", func(t *testing.T, ctx context.Context, c clients) {
		cu := createCustomer(t, ctx, c, "contract-preferences@example.com")
		want := lending.Preferences{EmailReminders: true, SMSReminders: true, ReminderDaysBefore: lending.ReminderDaysBefore}
		if cu.Preferences != want {
			t.Fatalf("a new customer's preferences = %+v", cu.Preferences)
		}
		got, err := c.lending.SetPreferences(ctx, cu.ID, lending.Preferences{EmailReminders: true})
		want.SMSReminders = false
		if err != nil || got.Preferences != want {
			t.Fatalf("SetPreferences = %+v, %v", got.Preferences, err)
		}
		if read, err := c.lending.Customer(ctx, cu.ID); err != nil || read.Preferences != want {
			t.Fatalf("read back = %+v, %v", read.Preferences, err)
		}
	}},
	{"notify.MarkRead", "read once, idempotent", func(t *testing.T, ctx context.Context, c clients) {
		m, err := c.notify.SendEmail(ctx, "contract-read-1", notify.Email{To: "contract-read@example.com", Subject: "Hello", Text: "Hi"})
		if err != nil || m.Read || !m.ReadAt.IsZero() {
			t.Fatalf("a new message = %+v, %v", m, err)
		}
		read, err := c.notify.MarkRead(ctx, m.ID)
		if err != nil || !read.Read || read.ReadAt.IsZero() {
			t.Fatalf("MarkRead = %+v, %v", read, err)
		}
		again, err := c.notify.MarkRead(ctx, m.ID)
		if err != nil || !again.ReadAt.Equal(read.ReadAt) {
			t.Fatalf("MarkRead again = %+v, %v", again, err)
		}
		if got, err := c.notify.Message(ctx, m.ID); err != nil || !got.Read {
			t.Fatalf("Message after MarkRead = %+v, %v", got, err)
		}
		if _, err := c.notify.MarkRead(ctx, "msg_nothing"); !errors.Is(err, notify.ErrMessageNotFound) {
			t.Fatalf("an unknown id: %v", err)
		}
		if _, err := c.notify.MarkRead(ctx, "../x"); !errors.Is(err, notify.ErrMessageNotFound) {
			t.Fatalf("an id that cannot be one: %v", err)
		}
	}},
}
