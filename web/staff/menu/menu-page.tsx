/**
 * Menu: the treatments by group, as the site lists them, with price, length and buffer; staff add
 * and edit them, hide and show them, and move them up and down their group.
 */
import { useState } from 'react';
import { formatNaira } from '../../../worker/shared/money';
import { AdminPageHeader, ListFrame, Notice, StatusBadge } from '../kits/admin-ui';
import { changeTreatment, type Treatment } from './catalogue-api';
import { lengthLabel } from './catalogue-checks';
import { ItemActions } from './item-actions';
import { TreatmentForm } from './treatment-form';
import { useCatalogueScreen } from './use-catalogue-screen';

export default function MenuPage() {
  const { state, retry, notice, toggle, move, saved } = useCatalogueScreen(changeTreatment);
  const [form, setForm] = useState<{ open: boolean; editing?: Treatment }>({ open: false });
  const catalogue = state.rows?.[0];

  return (
    <div className="admin-page">
      <AdminPageHeader title="Menu">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={!catalogue}
          onClick={() => setForm({ open: true })}
        >
          Add treatment
        </button>
      </AdminPageHeader>
      <Notice notice={notice} />
      <ListFrame state={state} errorMessage="Error fetching the menu" emptyMessage="No treatments yet" onRetry={retry}>
        {(rows) =>
          rows[0]?.groups.map((group) => {
            const treatments = rows[0]?.treatments ?? [];
            const inGroup = treatments.filter((treatment) => treatment.group === group.id);
            const titleId = `menu-group-${group.id}`;
            return (
              <section key={group.id} className="admin-panel admin-catalogue" aria-labelledby={titleId}>
                <h2 id={titleId} className="admin-panel__title">
                  {group.title}
                </h2>
                {inGroup.length === 0 ? (
                  <p className="admin-list__empty">No treatments in this group yet</p>
                ) : (
                  <ul className="admin-list admin-catalogue__list">
                    {inGroup.map((treatment, index) => (
                      <li
                        key={treatment._id}
                        className={`admin-catalogue__item${treatment.active ? '' : ' admin-catalogue__item--hidden'}`}
                      >
                        <TreatmentSummary treatment={treatment} />
                        <ItemActions
                          name={treatment.name}
                          active={treatment.active}
                          canMoveUp={index > 0}
                          canMoveDown={index < inGroup.length - 1}
                          waiting={state.status === 'loading'}
                          onEdit={() => setForm({ open: true, editing: treatment })}
                          onToggle={() =>
                            toggle(
                              treatment,
                              `${treatment.name} is hidden: the site no longer offers it.`,
                              `${treatment.name} is shown on the site again.`,
                            )
                          }
                          onMove={(direction) => move(treatments, inGroup, treatment, direction)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })
        }
      </ListFrame>
      {form.open && catalogue ? (
        <TreatmentForm
          key={form.editing?._id ?? 'new'}
          editing={form.editing}
          groups={catalogue.groups}
          onClose={() => setForm({ open: false })}
          onSaved={saved}
        />
      ) : null}
    </div>
  );
}

/** A treatment's name (and Hidden when the site does not offer it), its price, length and buffer. */
function TreatmentSummary({ treatment }: { treatment: Treatment }) {
  return (
    <div className="admin-catalogue__main">
      <div className="admin-catalogue__head">
        <h3 className="admin-catalogue__name">{treatment.name}</h3>
        {treatment.active ? null : <StatusBadge status="Hidden" tone="info" />}
      </div>
      <p className="admin-catalogue__facts">
        <span className="admin-catalogue__price">{formatNaira(treatment.price)}</span>
        <span>{lengthLabel(treatment.durationMinutes)}</span>
        <span>{treatment.bufferMinutes === 0 ? 'no buffer' : `${lengthLabel(treatment.bufferMinutes)} buffer`}</span>
      </p>
    </div>
  );
}
