// # Loans
//
// A loan account from drawdown to settlement, the way a loan-management system keeps it (LoanAPI).
// Everything that depends on the date is computed when a loan is read, on the lending core's clock:
// an instalment past its due date and not fully paid is in arrears; interest is charged on each due
// date; a payment holiday is current; an arrangement is breached. No call is needed for time to pass.
//
//	POST /loans                        CreateLoanRequest → 201 Loan. Idempotency-Key REQUIRED (a drawdown
//	                                   moves money; 400 idempotency_key_required): the same key and body
//	                                   answer the first loan again (Idempotent-Replayed: true); another
//	                                   body 409 idempotency_conflict. Either applicationId alone (an
//	                                   application ready_for_drawdown: 404 application_not_found, 409
//	                                   application_wrong_status — e.g. drawn down already — and the
//	                                   application becomes drawn_down with the loan's id), or customerId
//	                                   with amountPence, termMonths, optional annualRatePercent and
//	                                   feePence (422 customer_not_found, the quote bounds).
//	GET  /loans?customerId=…           200 LoanList, newest first (400 invalid_query without customerId).
//	GET  /loans/{id}                   200 Loan: status (active | in_arrears | payment_holiday |
//	                                   settled), balance, the most a regular repayment can be today
//	                                   (maxRepaymentPence), next and final payment, arrears, APR,
//	                                   holiday, arrangement, when the repayments may next be changed.
//	                                   404 loan_not_found.
//	GET  /loans/{id}/schedule          200 LoanSchedule: every row, past ones with what was paid.
//	GET  /loans/{id}/transactions      200 LoanTransactions: drawdown, fee, interest, repayments,
//	                                   settlement, each with the balance after it.
//	POST /loans/{id}/repayments        RepaymentRequest → 201 Repayment with its allocation. The
//	                                   paymentReference IS the idempotency key, kept as long as the loan:
//	                                   the same reference and body replay the first answer; another body
//	                                   (or another loan) 409 idempotency_conflict; concurrent duplicates
//	                                   have one effect. An Idempotency-Key header, if sent, must equal it.
//	                                   409 loan_settled; 422 invalid_request, repayment_exceeds_balance,
//	                                   settlement_amount_mismatch; 404 quote_not_found; 410 quote_expired;
//	                                   409 quote_stale.
//
// The core does not know who asks: before any call on a loan, an arrangement, a statement or a top-up,
// the BFF checks that its customerId is the signed-in customer's (DESIGN §10).
//
// Balance is the ledger: credit + interest charged so far (on each due date) − everything paid; an
// instalment paid ahead lowers it before its interest is charged. Allocation of a regular repayment:
// arrears first (oldest instalment first), then the current instalment (the next one due, as far as it
// is unpaid — paid ahead when not yet due; at most one instalment is ever paid ahead), then an
// overpayment, which reduces the principal at once: the schedule from the first instalment not yet
// due is rebuilt with the same instalment (that month's interest on the reduced principal, the term
// shorter, the final instalment smaller). A regular repayment may not leave no principal: that is an
// early settlement (repayment_exceeds_balance says the most it can be). The last instalment paid
// settles the loan (settledBy final_instalment); one paid ahead closes it on its due date.
//
// # Early settlement (Consumer Credit (Early Settlement) Regulations 2004)
//
//	POST /loans/{id}/settlement-quotes            SettlementQuoteRequest → 201 SettlementQuote.
//	GET  /loans/{id}/settlement-quotes/{quoteId}  200 SettlementQuote; 404 quote_not_found.
//
// The settlement date is 28 days after the request (reg 5), deferred by one month or 30 days only when
// asked (deferral) and more than a year would still run (reg 6). The settlement amount is the reg 4
// actuarial figure at the APR stated in the agreement, the rebate the rest of what was scheduled after
// the settlement date. Arrears and instalments due up to the settlement date are owed on top
// (totalToSettlePence). Pay it with a repayment of type settlement naming the quote; its amount must
// be exactly what settles the loan then (the quote's total less anything paid meanwhile on those
// instalments), by the end of the settlement date, with the schedule unchanged since the quote.
//
// # Payment holidays and repayment changes (quote, then apply)
//
//	POST /loans/{id}/payment-holiday-quotes   {months: 1–3} → 201 PaymentHolidayQuote
//	POST /loans/{id}/payment-holidays         {quoteId} → 200 Loan
//	POST /loans/{id}/repayment-change-quotes  RepaymentChangeRequest → 201 RepaymentChangeQuote
//	POST /loans/{id}/repayment-changes        {quoteId} → 200 Loan
//
// Not while settled, in arrears, on (or before) a payment holiday or under an active arrangement
// (409 loan_settled, loan_in_arrears, payment_holiday_active, arrangement_exists), nor within
// LoanChangeIntervalDays (90) of the day the last holiday or repayment change was applied: one change
// to the repayments in any 90 days (409 loan_change_not_allowed, the message saying from when; the
// Loan shows that day as changesAllowedFrom while it is still to come). Both quoting and applying
// are refused alike. A quote holds for LoanQuoteTTL (24 hours; 410 quote_expired) while the
// loan keeps the shape it was quoted on (409 quote_stale, e.g. after a repayment); applying it again
// answers the loan again without a second change, so the client sends "apply-<quoteId>" as its
// Idempotency-Key and the transport may retry. A holiday defers the next 1–3 instalments: interest
// keeps accruing and is added to the balance, the instalment stays, the term grows; the quote shows
// the new end date and total. A due-day change (1–28) moves the next instalments; the first moved
// instalment carries the interest for the days the period grew (or less for the days it shrank) —
// principal × nominal rate × days ÷ 365, half-up — and later ones are unchanged. An instalment or a
// term re-amortises the principal at the same rate (422 repayment_change_invalid when it cannot repay
// it within 60 months, or does not cover a month's interest; 422 holiday_months_invalid,
// due_day_invalid).
//
// # Payment arrangements
//
//	POST /loans/{id}/arrangements                  ArrangementRequest → 201 Arrangement (optional
//	                                               Idempotency-Key; 409 arrangement_exists; 422
//	                                               arrangement_invalid).
//	GET  /loans/{id}/arrangements                  200 ArrangementList.
//	GET  /loans/{id}/arrangements/{arrangementId}  200 Arrangement; 404 arrangement_not_found.
//
// A reduced amount (more than £10, less than the instalment) or a token payment (£1–£10) a month for
// 1–12 months. The contractual instalments keep falling due; repayments go to the arrears first, so
// the arrears fall as planned payments are recorded. Status active → breached (a planned date passed
// with less paid since the arrangement than planned by then; final) or completed (the last planned
// date passed without a miss, or the loan settled).
//
// # Statements
//
//	GET /loans/{id}/statements?from=&to=      a period (default: drawdown to today)
//	GET /loans/{id}/statements/annual?year=N  agreement year N (default: the latest complete); 404
//	                                          statement_not_available before the first anniversary.
//	GET /loans/{id}/statements/closing        a settled loan's closing statement, from the drawdown
//	                                          to the day it was settled; 404 statement_not_available
//	                                          while it is not settled.
//
// Agreement year N runs from the drawdown's (N−1)th anniversary to the day before its Nth and is
// complete once that day has passed; a settled loan has no years that start after it was settled.
// The answer is the PDF (application/pdf), or, when Accept names application/json (as the transport
// sends), the Statement JSON: opening and closing balance, payments, interest, the period's
// transactions and the PDF as base64 Content. 400 invalid_query for bad dates.
//
// # Documents kept with a loan
//
//	GET /loans/{id}/documents                 200 LoanDocumentList: the documents the borrower signed
//	                                          the loan with (secci, key-facts, credit-agreement,
//	                                          adequate-explanation), each with its date, SignedAt and
//	                                          the SHA-256 of its PDF. A loan from a signed
//	                                          application keeps that application's; a loan the core
//	                                          was seeded with keeps its own, signed by the borrower
//	                                          at its drawdown; a top-up's or the back office's keeps
//	                                          none (an empty list). Then its later documents
//	                                          (LaterDocumentKinds), each dated the day it was made
//	                                          and without SignedAt: settlement-letter once a
//	                                          settlement repayment settled it early (the date, the
//	                                          amount paid, the closing balance £0.00, in the loan's
//	                                          brand). 404 loan_not_found.
//	GET /loans/{id}/documents/{kind}?format=html|pdf
//	                                          one of them, as GET /applications/{id}/documents/{kind}
//	                                          answers it (the bytes, or a Document to an Accept naming
//	                                          application/json, with SignedAt). The same bytes on every
//	                                          read: the copy executed, never re-dated. 404
//	                                          document_not_found for a kind the loan does not keep.
//
// A loan opened from an application is dated as its signed agreement: instalment k falls due k
// months after the day the agreement was signed (the drawdown day when both are the same), unless the
// first would not then fall after the drawdown day.
//
// # Top-ups (borrow more)
//
//	GET  /customers/{id}/top-up-eligibility   200 TopUpEligibility; 404 customer_not_found.
//	POST /top-up-quotes                       TopUpQuoteRequest → 200 TopUpQuote.
//	POST /top-ups                             CreateTopUpRequest → 201 TopUp (optional Idempotency-Key).
//	GET  /top-ups?customerId=…                200 TopUpList, newest first.
//	GET  /top-ups/{id}                        200 TopUp (with the drawdown status); 404 top_up_not_found.
//	POST /top-ups/{id}/counteroffer-decision  {accept} → 200 TopUp; 409 top_up_not_open.
//	POST /top-ups/{id}/drawdown               201 TopUp. Idempotency-Key REQUIRED, kept durably.
//
// Eligible: the customer's newest open loan is not in arrears, on a holiday or under an arrangement,
// and has TopUpMinInstalmentsPaid (6) instalments paid (409 top_up_not_eligible lists the reasons).
// The new loan's credit (amountPence) first settles the current loan at its early-settlement figure
// for a request today; the borrower receives the rest, at least TopUpMinCashPence (422
// top_up_amount_too_low). Decision: +decline / +counteroffer e-mail tags, then affordability of the
// new instalment (a counteroffer is the most new money in £100 steps that is affordable); offers
// stand for 30 days (then expired). The drawdown opens the new loan and settles the old one (settledBy
// top_up, replacedByLoanId) at that day's figure; its cash is pending for TopUpPayoutDelay, then
// paid_out.
package lending
