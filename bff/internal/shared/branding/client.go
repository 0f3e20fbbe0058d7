package branding

import (
	"lender/bff/internal/platform/config"
	"lender/bff/upstream/lending"
)

// withPageSettings is the brand a client is shown in: base, the lender's brand it trades under, with the
// client's page-level settings (colours, links, contact e-mail, phone and fee) in place of base's, and
// the client's name as its key, so its fee prices its quotes and its applications are owned by it.
//
// The settings are taken whole or not at all: a record that would fail the checks a configured brand
// must pass (a colour that is not #rrggbb, a text pair under WCAG AA contrast, a link that is not https,
// a malformed e-mail or phone, a fee out of bounds) leaves base's values, under the client's name and
// only as enabled as both are. Half of a palette would draw pairs nobody checked.
func withPageSettings(base config.Brand, rec lending.Branding) config.Brand {
	enabled := base.Enabled() && rec.Enabled
	fee := rec.FeePounds
	out := base
	out.ClientName = rec.ClientName
	out.ClientEnabled = &enabled
	out.Primary, out.PrimaryAlt = rec.Colours.Primary, rec.Colours.PrimaryAlt
	out.BackgroundColor, out.ErrorColor = rec.Colours.Background, rec.Colours.Error
	out.HeaderColor, out.HeaderTextColor = rec.Colours.Header, rec.Colours.HeaderText
	out.TermsURL, out.PrivacyURL, out.ContactURL = rec.Links.Terms, rec.Links.Privacy, rec.Links.Contact
	out.FaqURL, out.PaymentHelpURL = rec.Links.FAQ, rec.Links.PaymentHelp
	out.Email, out.Phone = rec.Contact.Email, rec.Contact.Phone
	out.Fee = &fee
	if len(out.Problems()) > 0 {
		kept := base
		kept.ClientName = rec.ClientName
		kept.ClientEnabled = &enabled
		return kept
	}
	return out
}
