/**
 * Reports (owners and managers): the studio's numbers for a period (this week, last week, this
 * month, last month, or any from/to), computed by the server (GET /api/reports) with one sentence
 * defining each figure, and the therapists' commissions for payroll with their CSV. The period is
 * in the address (?from=&to=), so the Monday digest's link opens last week. Its own chunk.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type PresetName,
  periodProblem,
  presetLabels,
  presetPeriods,
  type Report,
  type ReportPeriod,
} from '../../../worker/shared/report-rules';
import { lagosDate } from '../../../worker/shared/time';
import { adminRequest, api, downloadFile, messageOf } from '../frame/admin-api';
import { AdminPageHeader } from '../kits/admin-ui';
import { CommissionsSection } from './commissions-section';
import { day } from './report-format';
import {
  ClientsSection,
  RevenueSection,
  SalesSection,
  SummaryFigures,
  TherapistsSection,
  UtilisationSection,
} from './report-sections';
import '../../styles/admin/reports.css';

const loadReport = (period: ReportPeriod) => adminRequest(api.reports.$get({ query: period })) as Promise<Report>;

/** The period the address asks for, else this month (and why, when it asked for one that is not). */
function periodFrom(params: URLSearchParams, presets: Record<PresetName, ReportPeriod>) {
  const from = params.get('from');
  const to = params.get('to');
  if (from === null && to === null) return { period: presets.thisMonth };
  const problem = periodProblem(from ?? '', to ?? '');
  return problem === null ? { period: { from: from ?? '', to: to ?? '' } } : { period: presets.thisMonth, problem };
}

const sections = [
  ['report-revenue', 'Revenue'],
  ['report-sales', 'Treatments and products'],
  ['report-therapists', 'Therapists'],
  ['report-utilisation', 'Utilisation'],
  ['report-clients', 'Clients'],
  ['report-commissions', 'Commissions'],
] as const;

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const presets = presetPeriods(lagosDate(new Date()));
  const { period, problem: addressProblem } = periodFrom(params, presets);
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    let current = true;
    setError(undefined);
    loadReport(period).then(
      (answer) => current && setReport(answer),
      (failure) => current && setError(messageOf(failure, 'The report could not be loaded. Please try again.')),
    );
    return () => {
      current = false;
    };
  }, [period.from, period.to, attempt]);

  const choose = (next: ReportPeriod) => setParams({ from: next.from, to: next.to });
  const shown = report && report.period.from === period.from && report.period.to === period.to ? report : undefined;

  return (
    <div className="admin-page report-page">
      <AdminPageHeader title="Reports" />
      <PeriodPicker period={period} presets={presets} onChoose={choose} />
      {addressProblem ? (
        <p className="admin-alert admin-alert--error">{addressProblem} Showing this month instead.</p>
      ) : null}
      <p className="report-period" aria-live="polite">
        {day(period.from)} to {day(period.to)}
        {shown ? null : error ? '' : ' · Loading...'}
      </p>
      {error ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {error}{' '}
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setAttempt(attempt + 1)}
          >
            Try again
          </button>
        </p>
      ) : null}
      {shown ? (
        <>
          <nav className="report-contents" aria-label="Report sections">
            {sections.map(([id, label]) => (
              <a key={id} href={`#${id}`}>
                {label}
              </a>
            ))}
          </nav>
          <SummaryFigures report={shown} />
          <RevenueSection report={shown} />
          <SalesSection report={shown} />
          <TherapistsSection report={shown} />
          <UtilisationSection report={shown} />
          <ClientsSection report={shown} />
          <CommissionsSection report={shown} onDownload={() => downloadCommissions(period)} />
        </>
      ) : null}
    </div>
  );
}

function downloadCommissions(period: ReportPeriod) {
  return downloadFile(`/api/reports/commissions.csv?${new URLSearchParams({ ...period })}`, 'commissions.csv');
}

function PeriodPicker({
  period,
  presets,
  onChoose,
}: {
  period: ReportPeriod;
  presets: Record<PresetName, ReportPeriod>;
  onChoose: (period: ReportPeriod) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(period);
  const [problem, setProblem] = useState<string>();
  // A new period from the buttons or the address; not each render (typing would be undone).
  useEffect(() => {
    setDraft({ from: period.from, to: period.to });
    setProblem(undefined);
  }, [period.from, period.to]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = periodProblem(draft.from, draft.to);
    setProblem(found ?? undefined);
    if (!found) onChoose(draft);
  }

  return (
    <div className="report-picker">
      <fieldset className="report-picker__presets">
        <legend className="visually-hidden">Period</legend>
        {(Object.keys(presetLabels) as PresetName[]).map((name) => {
          const preset = presets[name];
          const current = preset.from === period.from && preset.to === period.to;
          return (
            <button
              key={name}
              type="button"
              className={`button button--small ${current ? 'button--primary' : 'button--secondary'}`}
              aria-pressed={current}
              onClick={() => onChoose(preset)}
            >
              {presetLabels[name]}
            </button>
          );
        })}
      </fieldset>
      <form className="report-picker__dates" onSubmit={submit} noValidate>
        <span className="report-picker__date">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </span>
        <span className="report-picker__date">
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </span>
        <button type="submit" className="button button--small button--secondary">
          Show
        </button>
        {problem ? (
          <p id={`${id}-problem`} className="admin-inline-error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
