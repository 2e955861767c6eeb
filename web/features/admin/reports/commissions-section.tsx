/** Commissions for payroll: per therapist, what each treatment earned and their share, with the CSV. */
import { useState } from 'react';
import type { Report } from '../../../../worker/shared/report-rules';
import { ApiError } from '../../../lib/api-client';
import { formatNaira } from './report-format';
import { ReportSection, TableFrame } from './report-sections';

export function CommissionsSection({ report, onDownload }: { report: Report; onDownload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function download() {
    setBusy(true);
    setError(undefined);
    try {
      await onDownload();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The download failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <ReportSection id="report-commissions" title="Commissions" definitions={['commissions']} report={report}>
      <div className="report-section__actions">
        <button type="button" className="button button--primary button--small" disabled={busy} onClick={download}>
          {busy ? 'Downloading...' : 'Download commissions (CSV)'}
        </button>
        {error ? (
          <p className="admin-inline-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {report.therapists.map((therapist) => (
        <TableFrame key={therapist.id} label={`Commission: ${therapist.name}`}>
          <table className="admin-table report-table">
            <caption>
              {therapist.name}: {formatNaira(therapist.commission)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Treatment</th>
                <th scope="col">Completed visits</th>
                <th scope="col">Visit value</th>
                <th scope="col">Rate</th>
                <th scope="col">Commission</th>
              </tr>
            </thead>
            <tbody>
              {therapist.commissionLines.length === 0 ? (
                <tr>
                  <td colSpan={5} className="admin-list__empty">
                    No completed visits in this period.
                  </td>
                </tr>
              ) : null}
              {therapist.commissionLines.map((line) => (
                <tr key={line.treatmentId}>
                  <th scope="row">{line.treatment}</th>
                  <td>{line.visits}</td>
                  <td>{formatNaira(line.value)}</td>
                  <td>{line.percent}%</td>
                  <td>{formatNaira(line.commission)}</td>
                </tr>
              ))}
            </tbody>
            {therapist.commissionLines.length > 0 ? (
              <tfoot>
                <tr>
                  <th scope="row">All treatments</th>
                  <td>{therapist.completedVisits}</td>
                  <td>{formatNaira(therapist.visitValue)}</td>
                  <td />
                  <td>{formatNaira(therapist.commission)}</td>
                </tr>
              </tfoot>
            ) : null}
          </table>
        </TableFrame>
      ))}
      <p className="report-note">Each therapist’s percentages are set on the Therapists screen.</p>
    </ReportSection>
  );
}
