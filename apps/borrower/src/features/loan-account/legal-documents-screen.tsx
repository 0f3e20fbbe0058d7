import { formatDate } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { legalDocumentsQuery } from '../../api/loan';
import { LoanDataScreen } from '../../components/loan-screen';
import { PdfViewLink } from '../../components/pdf-view-link';
import { paths } from '../../lib/paths';

/**
 * /legal-documents: the documents kept with the chosen loan (the signed agreement, the pre-contract information,
 * the key facts and explanation, and any later agreement), each opening its PDF in /pdf-view.
 */
export function LegalDocumentsScreen() {
  return (
    <LoanDataScreen
      title="Your loan documents"
      backTo={paths.loanAccount.manageMyLoan}
      read={legalDocumentsQuery}
      loadingLabel="Loading your documents"
      failedMessage="We could not load your documents."
    >
      {(documents) =>
        documents.length === 0 ? (
          <Typography>There are no documents for this loan yet.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {documents.map((document) => (
              <Box component="li" key={document.documentId} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="h6" component="p">
                  <PdfViewLink documentId={document.documentId}>{document.title}</PdfViewLink>
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>Signed {formatDate(document.date)}</Typography>
              </Box>
            ))}
          </Box>
        )
      }
    </LoanDataScreen>
  );
}
