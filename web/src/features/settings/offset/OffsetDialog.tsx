import { Dialog, DialogBody, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { SUGGESTED_OFFSET_AUTH_TYPES, SUGGESTED_OFFSET_TYPES } from '@ghg/domain';
import type { MessageId } from '@ghg/locales';
import { editOf } from '../../../core/api/mutations';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { useSaveOffset, type Offset } from './api';
import { offsetCodeFields, offsetCodes } from './codes';
import { validateOffset, type OffsetForm } from './validation';
import { useDialogForm } from '../../../core/ui/useDialogForm';


interface Props {
  isOpen: boolean;
  /** null: register a new offset. */
  editing: Offset | null;
  onClose: () => void;
  onSaved: (offset: Offset, added: boolean) => void;
}

const EMPTY: OffsetForm = { type: '', particularNumberFrom: '', particularNumberTo: '', invalidOrRelocationQuantity: '', invalidOrRelocationDate: '', authType: '' };

const FIELDS: { key: keyof OffsetForm; label: MessageId; hint?: MessageId; list?: string; inputMode?: 'decimal'; type?: 'date' }[] = [
  { key: 'type', label: 'offset.type', hint: 'offset.typeHint', list: 'offset-types' },
  { key: 'particularNumberFrom', label: 'offset.particularNumberFrom', hint: 'offset.serialHint' },
  { key: 'particularNumberTo', label: 'offset.particularNumberTo' },
  { key: 'invalidOrRelocationQuantity', label: 'offset.invalidOrRelocationQuantity', inputMode: 'decimal' },
  { key: 'invalidOrRelocationDate', label: 'offset.invalidOrRelocationDate', type: 'date' },
  { key: 'authType', label: 'offset.authType', hint: 'offset.authTypeHint', list: 'offset-auth-types' },
];

/** Register or edit an offset: the six required fields, checked before sending. */
export function OffsetDialog({ isOpen, editing, onClose, onSaved }: Props) {
  const t = useT();
  const save = useSaveOffset();
  const start: OffsetForm = editing ? { ...editing, invalidOrRelocationQuantity: String(editing.invalidOrRelocationQuantity) } : EMPTY;
  const { form, errors, set, submitWith } = useDialogForm(isOpen, start, [save]);

  const submit = submitWith(
    validateOffset,
    async (value) => onSaved(await save.mutateAsync({ ...value, ...editOf(editing) }), !editing),
    { message: 'offset.checkField', codeFields: offsetCodeFields },
  );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(editing ? 'offset.edit' : 'offset.add')} icon={editing ? 'edit' : 'add'} canOutsideClickClose={!save.isPending}>
      <form onSubmit={submit} noValidate data-testid="offset-dialog">
        <DialogBody>
          <ErrorCallout error={save.error} codes={offsetCodes} />
          {FIELDS.map((f) => {
            const error = errors[f.key];
            return (
              <FormGroup
                key={f.key}
                label={t(f.label)}
                labelInfo={t('offset.requiredMark')}
                labelFor={`offset-${f.key}`}
                intent={error ? Intent.DANGER : Intent.NONE}
                helperText={error ? t(error) : f.hint && t(f.hint)}
              >
                <InputGroup
                  id={`offset-${f.key}`}
                  type={f.type ?? 'text'}
                  inputMode={f.inputMode}
                  list={f.list}
                  autoComplete="off"
                  autoFocus={f.key === 'type'}
                  rightElement={f.key === 'invalidOrRelocationQuantity' ? <span className="ghg-input-suffix">t-CO2</span> : undefined}
                  value={form[f.key]}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  aria-invalid={Boolean(error)}
                  onChange={(e) => set(f.key, e.currentTarget.value)}
                  data-testid={`offset-${f.key}`}
                />
              </FormGroup>
            );
          })}
          <datalist id="offset-types">
            {SUGGESTED_OFFSET_TYPES.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <datalist id="offset-auth-types">
            {SUGGESTED_OFFSET_AUTH_TYPES.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </DialogBody>
        <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="offset-save" />
      </form>
    </Dialog>
  );
}
