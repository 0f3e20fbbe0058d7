import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { QuestionPage } from '../../components/question';
import {
  ManualAddressAnswers,
  manualAddressSchema,
  splitStreetLine,
} from '../../components/question-groups/address-history';
import { lookupPath } from '../../lib/amount-guard';
import { addressLabelOf } from '../../lib/application-draft';
import type { ManualAddressParts } from '../../lib/application-draft';
import { addressQuestion, inProgressFor, keepAddress, keepInProgress, movedInPath, screenEntry } from './address-entry';

/**
 * /amount/manual_address?entry=n: an address typed by hand (the GOV.UK address pattern), when the postcode
 * lookup does not list it. Each field is kept as typed, so a refresh loses nothing; a street typed as one
 * comma-separated line is split into its parts as the address is sent.
 */
export function ManualAddressScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const entry = screenEntry(pathname, search);
  // The postcode looked up before coming here starts the postcode field.
  const [progress] = useState(() => {
    const kept = inProgressFor(entry);
    return kept.manual.postcode === '' ? { ...kept, manual: { ...kept.manual, postcode: kept.postcode } } : kept;
  });
  return (
    <QuestionPage
      question={addressQuestion(entry)}
      backTo={lookupPath(entry)}
      schema={manualAddressSchema}
      defaultValues={progress.manual}
      onChange={(manual: ManualAddressParts) => {
        keepInProgress({ ...progress, manual });
      }}
      prepare={splitStreetLine}
      onSubmit={(parts) => {
        keepAddress(entry, { gazetteerId: '', ...parts, label: addressLabelOf(parts) });
        return navigate(movedInPath(entry));
      }}
    >
      <ManualAddressAnswers />
    </QuestionPage>
  );
}
