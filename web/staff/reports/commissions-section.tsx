/** Commissions for payroll: per therapist, what each treatment earned and their share, with the CSV. */
import type { Report } from '../../../worker/shared/report-rules';
import { DownloadButton } from '../kits/admin-ui';
import { formatNaira } from './report-format';
import { ReportSection, ReportTable } from './report-table';

export function CommissionsSection({ report, onDownload }: { report: Report; onDownload: () => Promise<void> }) {
  return (
    <ReportSection id="report-commissions" title="Commissions" definitions={['commissions']} report={report}>
      <div className="report-section__actions">
        <DownloadButton
          label="Download commissions (CSV)"
          busyLabel="Downloading..."
          failure="The download failed. Please try again."
          download={onDownload}
          primary
        />
      </div>
      {report.therapists.map((therapist) => (
        <ReportTable
          key={therapist.id}
          label={`Commission: ${therapist.name}`}
          caption={`${therapist.name}: ${formatNaira(therapist.commission)}`}
          columns={['Treatment', 'Completed visits', 'Visit value', 'Rate', 'Commission']}
          rows={therapist.commissionLines.map((line) => ({
            key: line.treatmentId,
            head: line.treatment,
            cells: [line.visits, formatNaira(line.value), `${line.percent}%`, formatNaira(line.commission)],
          }))}
          total={
            therapist.commissionLines.length > 0
              ? {
                  head: 'All treatments',
                  cells: [
                    therapist.completedVisits,
                    formatNaira(therapist.visitValue),
                    '',
                    formatNaira(therapist.commission),
                  ],
                }
              : undefined
          }
          empty="No completed visits in this period."
        />
      ))}
      <p className="report-note">Each therapist’s percentages are set on the Therapists screen.</p>
    </ReportSection>
  );
}
