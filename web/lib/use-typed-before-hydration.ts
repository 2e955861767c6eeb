import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A form's changed values by control name: a text, date or select as its value, a lone checkbox
 * as ticked or not, several checkboxes of one name as the values of those ticked.
 */
export type TypedValues = Record<string, string | boolean | string[]>;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** True when the visitor changed the control: its value is no longer the one in the HTML. */
function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    // The option marked `selected` in the HTML (what defaultSelected reflects), else the first.
    const initial = [...control.options].find((option) => option.hasAttribute('selected')) ?? control.options[0];
    return control.value !== (initial?.value ?? '');
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

function currentValue(controls: Control[]): string | boolean | string[] {
  const [first] = controls;
  if (first instanceof HTMLInputElement && first.type === 'checkbox') {
    const ticked = controls.filter((control) => (control as HTMLInputElement).checked);
    return controls.length === 1 ? ticked.length === 1 : ticked.map((control) => control.value);
  }
  if (first instanceof HTMLInputElement && first.type === 'radio') {
    return controls.find((control) => (control as HTMLInputElement).checked)?.value ?? '';
  }
  return first?.value ?? '';
}

/** The named controls of a form whose value the visitor changed, with their values now. */
export function readTypedValues(form: HTMLFormElement): TypedValues {
  const byName = new Map<string, Control[]>();
  for (const element of form.elements) {
    if (!isControl(element) || !element.name) continue;
    byName.set(element.name, [...(byName.get(element.name) ?? []), element]);
  }
  const typed: TypedValues = {};
  for (const [name, controls] of byName) {
    if (controls.some(changed)) typed[name] = currentValue(controls);
  }
  return typed;
}

/**
 * Keeps what a visitor typed, ticked or chose in a prerendered form before React adopted it.
 * While React hydrates it leaves each control's value as the visitor left it and makes the
 * prerendered value the control's default; the render after hydration would then paint the
 * form's state over it. So right after hydration (a layout effect, before that render) this
 * hands every changed control's value to `adopt`, which puts it into the form's state. A form
 * the browser renders itself (no prerendered HTML) has nothing to adopt.
 *
 * Controls of a list (several checkboxes of one name) need a `value` naming their item.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  adopt: (typed: TypedValues) => void,
): void {
  const hydrated = useHydrated();
  const hydratedOnMount = useRef(hydrated);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration; later changes go through the controls' own handlers.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (hydratedOnMount.current || !form) return;
    const typed = readTypedValues(form);
    if (Object.keys(typed).length > 0) adopt(typed);
  }, []);
}
