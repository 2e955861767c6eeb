import { createStore } from 'jotai';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adoptTypedDraftAtom,
  bookingDraftAtom,
  bookingTotalAtom,
  updateBookingDraftAtom,
} from '../../web/features/booking/booking-draft';
import { catalogueReady } from '../../web/features/catalogue/starting-catalogue';
import { readTypedValues } from '../../web/lib/use-typed-before-hydration';

// As a page's route does, the atoms wait for the catalogue the page starts from (the build's here).
beforeAll(() => catalogueReady());

beforeEach(() => {
  sessionStorage.clear();
});

/** A prerendered form as the visitor left it: `visit` changes its controls as typing would. */
function formAfter(html: string, visit: (form: HTMLFormElement) => void): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = html;
  visit(form);
  return form;
}

const control = <Element extends HTMLElement>(form: HTMLFormElement, selector: string) =>
  form.querySelector(selector) as Element;

describe('readTypedValues', () => {
  it('reads only what the visitor changed: text, a lone checkbox, a list of checkboxes and a select', () => {
    const form = formAfter(
      `<input name="customerName" value="">
       <input name="customerEmail" value="kept@example.com">
       <textarea name="notes"></textarea>
       <input type="checkbox" name="onMedication">
       <input type="checkbox" name="exercising" checked>
       <input type="checkbox" name="subservices" value="Swedish">
       <input type="checkbox" name="subservices" value="Hotstone" checked>
       <input type="checkbox" name="subservices" value="Nuru">
       <select name="referralSource"><option value="" selected>Choose one</option><option>Other</option></select>
       <select name="service"><option value="">Choose</option><option selected>Massage</option></select>
       <button type="submit" name="go" value="1">Go</button>`,
      (form) => {
        control<HTMLInputElement>(form, '[name=customerName]').value = 'Ada Obi';
        control<HTMLTextAreaElement>(form, '[name=notes]').value = 'Gentle';
        control<HTMLInputElement>(form, '[name=onMedication]').checked = true;
        control<HTMLInputElement>(form, '[value=Swedish]').checked = true;
        control<HTMLSelectElement>(form, '[name=referralSource]').value = 'Other';
      },
    );
    expect(readTypedValues(form)).toEqual({
      customerName: 'Ada Obi',
      notes: 'Gentle',
      onMedication: true,
      subservices: ['Swedish', 'Hotstone'],
      referralSource: 'Other',
    });
  });

  it('finds nothing in a form nobody touched', () => {
    const form = formAfter('<input name="a" value="x"><input type="checkbox" name="b" checked>', () => {});
    expect(readTypedValues(form)).toEqual({});
  });
});

describe('adoptTypedDraftAtom', () => {
  it('puts what was typed on top of the stored draft, ignoring values of the wrong kind', () => {
    const store = createStore();
    store.set(updateBookingDraftAtom, { customerPhone: '0803 123 4567', notes: 'Stored note' });
    store.set(adoptTypedDraftAtom, {
      customerName: 'Ada Obi',
      subservices: ['Swedish', 'Hotstone'],
      healthConditions: ['Pregnancy', 'Not a condition'],
      previousMassageTherapy: true,
      notAField: 'x',
    });
    const draft = store.get(bookingDraftAtom);
    expect(draft).toMatchObject({
      customerName: 'Ada Obi',
      customerPhone: '0803 123 4567',
      notes: 'Stored note',
      // As the menu spells it now.
      subservices: ['Swedish', 'Hot Stone'],
      healthConditions: [],
      previousMassageTherapy: true,
    });
    expect(draft).not.toHaveProperty('notAField');
    expect(store.get(bookingTotalAtom)).toBe(55_000);
  });

  it('clears a stored time when another date was typed', () => {
    const store = createStore();
    store.set(updateBookingDraftAtom, { appointmentDate: '2099-01-02', appointmentTime: '11:00' });
    store.set(adoptTypedDraftAtom, { appointmentDate: '2099-01-05' });
    expect(store.get(bookingDraftAtom)).toMatchObject({ appointmentDate: '2099-01-05', appointmentTime: '' });
  });
});
