import { useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { VerdictBanner } from '../../components/ui/VerdictBanner.tsx';
import { useSwmsVerification } from './api/get-swms-verification.ts';
import { SwmsFrame } from './components/SwmsFrame.tsx';

/**
 * /verify/swms/:id/:version, the page a SWMS's QR code opens. Public, and deliberately thin: it
 * confirms a printed copy (number, version, fingerprint, business, current or superseded) without
 * showing the SWMS's content to whoever holds the paper.
 */
export default function SwmsVerifyPage() {
  const { id = '', version = '' } = useParams();
  const versionNumber = Number(version);
  const verification = useSwmsVerification(
    id,
    Number.isInteger(versionNumber) && versionNumber > 0 ? versionNumber : 1,
  );
  return (
    <SwmsFrame title="Verify a SWMS">
      {verification.data ? (
        <>
          <VerdictBanner
            verdict={verification.data.verdict}
            next={
              verification.data.verdict.status === 'superseded'
                ? 'Ask the business for the current version, and work to that one.'
                : null
            }
          />
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">SWMS number</dt>
            <dd>{verification.data.number}</dd>
            <dt className="font-semibold">Version</dt>
            <dd>{verification.data.version}</dd>
            <dt className="font-semibold">Business</dt>
            <dd>{verification.data.business_name || 'Not recorded'}</dd>
            <dt className="font-semibold">Signatures on this version</dt>
            <dd>{verification.data.signature_count}</dd>
            <dt className="font-semibold">SHA-256 fingerprint</dt>
            <dd className="break-all font-mono text-sm">{verification.data.fingerprint}</dd>
          </dl>
          <p>Compare the fingerprint with the one printed on your copy: if they differ, the copy was changed.</p>
        </>
      ) : verification.isError ? (
        <Alert tone="error">We have no record of this SWMS version. Check the code or address on your copy.</Alert>
      ) : (
        <Spinner label="Checking the record..." />
      )}
    </SwmsFrame>
  );
}
