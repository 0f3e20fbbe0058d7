package lending

import (
	"net/http"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/gazetteer"
)

// addresses answers GET /addresses?postcode=… from the gazetteer.
func (p *Provider) addresses(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if len(q["postcode"]) != 1 {
		httpjson.Error(w, http.StatusBadRequest, lending.CodePostcodeInvalid, "Give one postcode, such as ?postcode=LM1 1AA.")
		return
	}
	pc, found, ok := gazetteer.Lookup(q.Get("postcode"))
	if !ok {
		httpjson.Error(w, http.StatusBadRequest, lending.CodePostcodeInvalid,
			"That is not a UK postcode. It should look like LM1 1AA: an outward code such as LM1 or KD12, then a digit and two letters.")
		return
	}
	httpjson.Write(w, http.StatusOK, lending.AddressList{Postcode: pc, Addresses: found})
}
