/**
 * check: a checkbox, radio or switch set as a person sets it (a click on what draws it; a radio by its
 * group), then read back.
 */
import { LLMHelperError } from '../../errors';
import { elementLine } from '../read/lines';
import { inputType, roleOf, tagOf, isChecked } from '../perceive/role';
import { nameOf } from '../perceive/name';
import { describeChanges } from '../observe/change-text';
import { type ActionResult } from '../observe/change-report';
import { track } from '../observe/settle';
import { resolveTarget, type Target } from '../ids/target';
import type { ActionContext } from './context';
import { activate } from '../dom/events';
import { isDisabled } from '../perceive/disabled';
import { liveEquivalent } from './context';
import { hoverAt, pointerTarget, pressAt } from './pointer';
import * as dom from '../dom/members';

/** check(id, checked = true): checkboxes, radios and switches, clicked where they are drawn so frameworks see it; verified. */
export async function check(ctx: ActionContext, id: Target, checked = true): Promise<ActionResult> {
  if (typeof checked !== 'boolean')
    throw new LLMHelperError(
      'bad_argument',
      `checked must be true or false; got ${JSON.stringify(checked)}.`,
    );
  const { element, relocated } = resolveTarget(ctx.store, id, 'check target');
  const note = relocated ? `${relocated} ` : '';
  const box =
    (tagOf(element) === 'INPUT' && ['checkbox', 'radio'].includes(inputType(element))) ||
    /^(checkbox|radio|switch|menuitemcheckbox|menuitemradio)$/.test(roleOf(element))
      ? element
      : dom.qs(element, 'input[type=checkbox],input[type=radio],[role=checkbox],[role=switch],[role=radio]');
  if (!box)
    return {
      ok: false,
      message: `${note}${elementLine(ctx.store, element)} is not a checkbox, radio or switch.`,
      changes: {},
    };
  const line = elementLine(ctx.store, box);
  if (isDisabled(box)) return { ok: false, message: `${note}${line} is disabled.`, changes: {} };
  if (isChecked(box) === checked)
    return {
      ok: true,
      message: `${note}${line} was already ${checked ? 'checked' : 'unchecked'}.`,
      changes: {},
    };
  if (!checked && tagOf(box) === 'INPUT' && inputType(box) === 'radio')
    return {
      ok: false,
      message: `${note}${line} is a radio button; choose another option in its group instead of unchecking it.`,
      changes: {},
    };
  const boxId = ctx.store.idFor(box);
  const tracker = await track(ctx.store);
  // Where a person clicks: what is drawn for the box, which may be the only part that listens (TDesign
  // changes its radio group's value on the label's click and stops the input's). Covered or not drawn:
  // the box's own click(), as before.
  const spot = pointerTarget(box);
  const named = nameOf(box, 60);
  // What the box showed as the press changed it, before the page answered (a list that reuses its rows
  // may show another item in it by the time the press returns): its change event says.
  let changedTo: boolean | null = null;
  const onChange = () => (changedTo = isChecked(box));
  dom.listen(box, 'change', onChange, { capture: true, once: true });
  if ('hit' in spot) {
    hoverAt(ctx, spot.hit, spot.at);
    await pressAt(spot.hit, spot.at);
  } else activate(box);
  const given = changedTo ?? isChecked(box);
  const changes = await tracker.finish();
  // The page may replace the box when it changes: judge by the live one.
  const live = liveEquivalent(ctx, box, boxId);
  // Its item is no longer shown (an Active filter hides the item just completed; a list that reuses its
  // rows shows another item in that row): what the box showed after the press is what a person saw.
  if (!live || (nameOf(live, 60) !== named && dom.closest(live, 'li,tr,[role=row],[role=listitem]'))) {
    const took = given === checked;
    const bare = line.replace(/ \((un)?checked.*?\)/, '');
    return {
      ok: took,
      message: `${note}${took ? `${checked ? 'Checked' : 'Unchecked'} ${bare}` : `Clicked ${line} but it stayed ${checked ? 'unchecked' : 'checked'}`}; then the page took it away with its item, so it is not shown now.${describeChanges(changes)}`,
      changes,
    };
  }
  const ok = isChecked(live) === checked;
  return {
    ok,
    message: `${note}${ok ? (checked ? 'Checked' : 'Unchecked') : `Clicked ${line} but the page kept it ${checked ? 'unchecked' : 'checked'}`}${ok ? ` ${line.replace(/ \((un)?checked.*?\)/, '')}` : ''}.${describeChanges(changes)}`,
    changes,
  };
}
