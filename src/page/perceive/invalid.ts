/**
 * Fields a page marks as refused, and what it says about them: the browser's own check, aria-invalid
 * and the text it points at, and the classes form libraries use instead (Bootstrap's is-invalid and
 * invalid-feedback, Element Plus's el-form-item is-error, Vuetify's v-input--error).
 */
import { classSays } from './role';
import { textOf } from './text-of';
import { textOfIds } from './name';
import { isSecretField } from './redact';
import { isVisible } from './visible';
import { parentOf } from '../dom/walk';
import * as dom from '../dom/members';

const FIELD_TAGS = /^(INPUT|SELECT|TEXTAREA)$/;
const FIELDS = 'input,select,textarea';
const isField = (el: Element): boolean => FIELD_TAGS.test(dom.tag(el).toUpperCase());
const INVALID_CLASS = 'invalid|error';
const FEEDBACK_CLASS = 'feedback|error|invalid|explain|message';

/**
 * The fields an element the action changed marks invalid: itself, a field marked aria-invalid or given a
 * class that says so (Bootstrap's is-invalid, Ant Design's ant-input-status-error); or the one or two
 * shown fields of a form item whose class says so (Element Plus's el-form-item is-error, Bootstrap 3's
 * has-error), which is how libraries that leave the field alone mark it.
 */
export function markedFields(el: Element): Element[] {
  if (isField(el) || dom.attr(el, 'aria-invalid') === 'true')
    return dom.attr(el, 'aria-invalid') === 'true' || classSays(el, INVALID_CLASS) ? [el] : [];
  if (!classSays(el, INVALID_CLASS)) return [];
  const fields = [...dom.qsa(el, FIELDS)].filter(isVisible);
  return fields.length <= 2 ? fields : [];
}

/** The form item around a field that its class marks invalid, of one or two fields (not a whole form). */
function invalidItem(field: Element): Element | null {
  for (let item = parentOf(field), i = 0; item && i < 6; item = parentOf(item), i++)
    if (classSays(item, INVALID_CLASS))
      // A whole form marked invalid: its first error may be another field's.
      return dom.qsa(item, FIELDS).length > 2 ? null : item;
  return null;
}

/** Whether the page marks a field invalid now, by any of the ways markedFields knows. */
export const markedInvalid = (field: Element): boolean =>
  markedFields(field).length > 0 || !!invalidItem(field);

/**
 * What the page or the browser says is wrong with a field: the browser's message (not for a secret
 * field: it counts the characters typed), the text aria-errormessage or aria-describedby points at, what
 * follows the field as its feedback (Bootstrap's div.invalid-feedback), or the error text in the form
 * item marked invalid around it (Element Plus's el-form-item__error, Ant Design's explain).
 */
export function errorText(field: Element): string {
  const own = isSecretField(field) ? '' : (field as HTMLInputElement).validationMessage;
  if (own) return own;
  const ref = dom.attr(field, 'aria-errormessage') ?? dom.attr(field, 'aria-describedby');
  const said = ref ? textOfIds(field, ref, isVisible) : '';
  if (said) return said;
  for (let n = field.nextElementSibling, i = 0; n && i < 3; n = n.nextElementSibling, i++)
    if (classSays(n, FEEDBACK_CLASS) && isVisible(n)) return textOf(n, 120);
  const item = invalidItem(field);
  if (item)
    for (const n of dom.qsa(item, '*'))
      if (classSays(n, FEEDBACK_CLASS) && !dom.contains(n, field) && !isField(n) && isVisible(n)) {
        const text = textOf(n, 120);
        if (text) return text;
      }
  return besideError(field);
}

/** What a person takes for a field: a form control, an editor, a drawn textbox or combobox. */
const ANY_FIELD = `${FIELDS},[contenteditable=""],[contenteditable=true],[role=textbox],[role=combobox]`;

/**
 * An error message drawn beside a field in its own item (a helper text whose class says error, as MUI's
 * and many form kits draw a rich text editor's "Required"): a shown element with text and an error
 * class, a sibling of the field or of one of its first ancestors, holding no field of its own.
 */
function besideError(field: Element): string {
  for (let up: Element | null = field, i = 0; up && i < 4; up = parentOf(up), i++) {
    const parent = parentOf(up);
    if (!parent || dom.qsa(parent, ANY_FIELD).length > 2) break;
    for (const n of dom.children(parent)) {
      if (n === up || dom.tag(n).toUpperCase() === 'LABEL' || !classSays(n, INVALID_CLASS)) continue;
      if (dom.qs(n, ANY_FIELD) || !isVisible(n)) continue;
      const text = textOf(n, 120);
      if (text) return text;
    }
  }
  return '';
}

/**
 * The fields of a form that show an error now, as a person sees one: marked invalid (aria-invalid, an
 * error class on the field or its item), or with an error message drawn beside them. (Those the
 * browser's own check refused, the report knows by their invalid events.)
 */
export function fieldsInError(form: Element): Element[] {
  return [...dom.qsa(form, ANY_FIELD)].filter((f) => isVisible(f) && (markedInvalid(f) || !!besideError(f)));
}
