import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { QuestionPage } from '../../components/question';
import {
  addressOfFound,
  ManualAddressLink,
  PostcodeLookupAnswers,
  postcodeLookupShape,
} from '../../components/question-groups/address-history';
import type { FoundAddresses } from '../../components/question-groups/address-history';
import { entryPath } from '../../lib/amount-guard';
import { readApplicationDraft } from '../../lib/application-draft';
import {
  addressQuestion,
  inProgressFor,
  keepAddress,
  keepInProgress,
  lookupBackPath,
  movedInPath,
  screenEntry,
} from './address-entry';

const schema = z.object(postcodeLookupShape);

/**
 * /amount/address (the current address) and /amount/previous_address?entry=n (an earlier one): the GOV.UK
 * "find an address" pattern. A postcode is looked up (eligibility/postCodeQuery), then an address is chosen
 * from the list; an address not in the list, or a postcode with none, is typed on /amount/manual_address.
 * The postcode is kept as typed, and looked up again after a refresh.
 */
export function AddressLookupScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const entry = screenEntry(pathname, search);
  const [progress] = useState(() => inProgressFor(entry));
  const [keptPostcode, setKeptPostcode] = useState(progress.postcode);
  const [found, setFound] = useState<FoundAddresses | undefined>(undefined);
  // The address already kept for this entry stays chosen when the list shows it again.
  const [defaults] = useState(() => ({
    postcode: progress.postcode,
    address: readApplicationDraft().addresses[entry]?.gazetteerId ?? '',
  }));
  const manualPath = entryPath(paths.amount.manualAddress, entry);

  return (
    <QuestionPage
      question={addressQuestion(entry)}
      backTo={lookupBackPath(entry)}
      schema={schema}
      defaultValues={defaults}
      onChange={({ postcode }) => {
        if (postcode === keptPostcode) return;
        setKeptPostcode(postcode);
        keepInProgress({ ...progress, postcode });
      }}
      showSubmit={found !== undefined && found.addresses.length > 0}
      onSubmit={({ address: id }) => {
        const address = found?.addresses.find((candidate) => candidate.id === id);
        if (address === undefined) return undefined;
        keepAddress(entry, addressOfFound(address));
        return navigate(movedInPath(entry));
      }}
      after={<ManualAddressLink found={found} manualPath={manualPath} />}
    >
      <PostcodeLookupAnswers found={found} onFound={setFound} manualPath={manualPath} />
    </QuestionPage>
  );
}
