import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, Switch } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { editOf } from '../../../core/api/mutations';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { useDialogForm } from '../../../core/ui/useDialogForm';
import { useSaveCertificate, type Certificate } from './api';
import { certificateTypeName, powerSourceName } from './certificateNames';
import { certificateCodeFields, offsetCodes } from './codes';
import { CERTIFICATE_TYPES, POWER_SOURCES, validateCertificate, type CertificateForm } from './validation';

interface Props {
  isOpen: boolean;
  editing: Certificate | null;
  defaultFiscalYear: number;
  onClose: () => void;
  onSaved: (certificate: Certificate, added: boolean) => void;
}

const empty = (fiscalYear: number): CertificateForm => ({
  certificateType: 'fit',
  quantityKwh: '',
  periodFrom: '',
  periodTo: '',
  fiscalYear: String(fiscalYear),
  tracking: false,
  powerSource: '',
  generatorName: '',
  generatorLocation: '',
});

/** Register or edit a non-fossil certificate; plant attributes are asked only for a tracked one. */
export function CertificateDialog({ isOpen, editing, defaultFiscalYear, onClose, onSaved }: Props) {
  const t = useT();
  const save = useSaveCertificate();
  const start: CertificateForm = editing
    ? {
        certificateType: editing.certificateType,
        quantityKwh: String(editing.quantityKwh),
        periodFrom: editing.periodFrom,
        periodTo: editing.periodTo,
        fiscalYear: String(editing.fiscalYear),
        tracking: editing.tracking,
        powerSource: editing.powerSource ?? '',
        generatorName: editing.generatorName ?? '',
        generatorLocation: editing.generatorLocation ?? '',
      }
    : empty(defaultFiscalYear);
  const { form, errors, set, submitWith } = useDialogForm(isOpen, start, [save]);

  const submit = submitWith(
    validateCertificate,
    async (value) => onSaved(await save.mutateAsync({ ...value, ...editOf(editing) }), !editing),
    { message: 'offset.checkField', codeFields: certificateCodeFields },
  );

  const group = (key: keyof CertificateForm, label: MessageId, hint?: MessageId) => ({
    label: t(label),
    labelFor: `certificate-${key}`,
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    helperText: errors[key] ? t(errors[key]) : hint && t(hint),
  });
  const text = (key: 'quantityKwh' | 'periodFrom' | 'periodTo' | 'fiscalYear' | 'generatorName' | 'generatorLocation') => ({
    id: `certificate-${key}`,
    value: form[key],
    intent: errors[key] ? Intent.DANGER : Intent.NONE,
    'aria-invalid': Boolean(errors[key]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    'data-testid': `certificate-${key}`,
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(editing ? 'offset.certificate.edit' : 'offset.certificate.add')} icon={editing ? 'edit' : 'add'} canOutsideClickClose={!save.isPending}>
      <form onSubmit={submit} noValidate data-testid="certificate-dialog">
        <DialogBody>
          <ErrorCallout error={save.error} codes={offsetCodes} />
          <FormGroup {...group('certificateType', 'offset.certificate.certificateType')}>
            <HTMLSelect
              id="certificate-certificateType"
              fill
              value={form.certificateType}
              onChange={(e) => set('certificateType', e.currentTarget.value as CertificateForm['certificateType'])}
              options={CERTIFICATE_TYPES.map((c) => ({ value: c, label: t(certificateTypeName[c]) }))}
              data-testid="certificate-certificateType"
            />
          </FormGroup>
          <FormGroup {...group('quantityKwh', 'offset.certificate.quantityKwh')}>
            <InputGroup inputMode="decimal" autoFocus rightElement={<span className="ghg-input-suffix">kWh</span>} {...text('quantityKwh')} />
          </FormGroup>
          <div className="ghg-two-column">
            <FormGroup {...group('periodFrom', 'offset.certificate.periodFrom')}>
              <InputGroup type="date" {...text('periodFrom')} />
            </FormGroup>
            <FormGroup {...group('periodTo', 'offset.certificate.periodTo')}>
              <InputGroup type="date" {...text('periodTo')} />
            </FormGroup>
          </div>
          <FormGroup {...group('fiscalYear', 'offset.certificate.fiscalYear', 'offset.certificate.fiscalYearHint')}>
            <InputGroup inputMode="numeric" {...text('fiscalYear')} />
          </FormGroup>
          <FormGroup {...group('tracking', 'offset.certificate.tracking')}>
            <Switch
              id="certificate-tracking"
              checked={form.tracking}
              label={t('offset.certificate.trackingLabel')}
              onChange={(e) => set('tracking', e.currentTarget.checked)}
              data-testid="certificate-tracking"
            />
          </FormGroup>
          {form.tracking && (
            <>
              <FormGroup {...group('powerSource', 'offset.certificate.powerSource')}>
                <HTMLSelect
                  id="certificate-powerSource"
                  fill
                  value={form.powerSource}
                  onChange={(e) => set('powerSource', e.currentTarget.value as CertificateForm['powerSource'])}
                  options={[{ value: '', label: t('offset.certificate.sourceUnknown') }, ...POWER_SOURCES.map((s) => ({ value: s, label: t(powerSourceName[s]) }))]}
                  data-testid="certificate-powerSource"
                />
              </FormGroup>
              <FormGroup {...group('generatorName', 'offset.certificate.generatorName')}>
                <InputGroup {...text('generatorName')} />
              </FormGroup>
              <FormGroup {...group('generatorLocation', 'offset.certificate.generatorLocation')}>
                <InputGroup {...text('generatorLocation')} />
              </FormGroup>
            </>
          )}
        </DialogBody>
        <DialogActions onCancel={onClose} pending={save.isPending} saveTestId="certificate-save" />
      </form>
    </Dialog>
  );
}
